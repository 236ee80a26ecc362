// The TypeScript examples of a guide (docs/client.md, docs/testing.md), read from the guide itself so that the
// consumer test compiles and runs exactly what readers copy. A block fenced as "```ts msw@3" is for that major of msw
// only; a plain "```ts" block is for every consumer.
import { readFileSync } from 'node:fs';

export function readGuideExamples(guidePath = 'docs/client.md', heading = '# TypeScript client', variant?: string): string[] {
  const guide = readFileSync(guidePath, 'utf8');
  const start = guide.indexOf(`${heading}\n`);
  if (start !== 0) throw new Error(`${guidePath} does not open with "${heading}".`);
  // Every example of the guide: creating a checkout, handling its answer, receiving the callback.
  const examples = [...guide.matchAll(/^```ts(?: (\S+))?\n([\s\S]*?)^```$/gm)]
    .filter(([, only]) => only === undefined || only === variant)
    .map((match) => match[2]);
  if (examples.length === 0) throw new Error(`${guidePath} has no \`\`\`ts example.`);
  return examples;
}
