// The TypeScript examples of the README's "TypeScript client" section, read from README.md itself so that the
// consumer test compiles and runs exactly what readers copy.
import { readFileSync } from 'node:fs';

const SECTION_HEADING = '## TypeScript client';

export function readReadmeExamples(readmePath = 'README.md'): string[] {
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(`\n${SECTION_HEADING}\n`);
  if (start === -1) throw new Error(`README.md has no "${SECTION_HEADING}" section.`);
  const rest = readme.slice(start + SECTION_HEADING.length + 2);
  const next = rest.search(/^## /m);
  const section = next === -1 ? rest : rest.slice(0, next);
  const examples = [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
  if (examples.length === 0) throw new Error(`The "${SECTION_HEADING}" section of README.md has no \`\`\`ts example.`);
  return examples;
}
