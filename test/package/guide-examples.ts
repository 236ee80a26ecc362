// The TypeScript examples of the client guide (docs/client.md), read from the guide itself so that the consumer
// test compiles and runs exactly what readers copy.
import { readFileSync } from 'node:fs';

const SECTION_HEADING = '# TypeScript client';

export function readGuideExamples(guidePath = 'docs/client.md'): string[] {
  const guide = readFileSync(guidePath, 'utf8');
  const start = guide.indexOf(`${SECTION_HEADING}\n`);
  if (start !== 0) throw new Error(`${guidePath} does not open with "${SECTION_HEADING}".`);
  // Every example of the guide: creating a checkout, handling its answer, receiving the callback.
  const examples = [...guide.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
  if (examples.length === 0) throw new Error(`${guidePath} has no \`\`\`ts example.`);
  return examples;
}
