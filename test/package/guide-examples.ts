// The code blocks of README.md and the guides, read from the files themselves so that the consumer test compiles and
// runs exactly what readers copy. Every block is one of three kinds:
// - a TypeScript example of a guide listed in TYPESCRIPT_GUIDES ("```ts", or "```ts msw@3" for that major of msw
//   only), compiled and run by test/package/consumer.test.ts;
// - a block of commands marked, on the line before it, `<!-- run: each line … -->` (each line started in the throwaway
//   consumer until it listens) or `<!-- run: the whole block … -->` (run as one script there), also by consumer.test.ts;
// - a block marked `<!-- not run: <why> -->`.
// test/docs/guide-blocks.test.ts fails on a block that is none of these.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The guides whose TypeScript examples consumer.test.ts compiles and runs, with the variants it reads of each. */
export const TYPESCRIPT_GUIDES = [
  { path: 'docs/client.md', heading: '# TypeScript client', variants: [undefined] },
  { path: 'docs/testing.md', heading: '# Testing your integration', variants: ['msw@2', 'msw@3'] },
] as const;

/** How consumer.test.ts runs a block of commands, by the start of its marker. */
export const COMMAND_RUNS = ['each line', 'the whole block'] as const;
export type CommandRun = (typeof COMMAND_RUNS)[number];

export interface CodeBlock {
  path: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's info string: `sh`, `ts`, `ts msw@3`. */
  info: string;
  code: string;
  /** The `<!-- run: … -->` or `<!-- not run: … -->` comment on the line before the fence, if any. */
  marker?: { kind: 'run' | 'not run'; text: string };
}

const FENCE = /^```(.*)\n([\s\S]*?)^```$/gm;
const MARKER = /^<!-- (run|not run): (.+) -->$/;

/** Every fenced code block of a Markdown file, with its marker. */
export function listCodeBlocks(path: string): CodeBlock[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(FENCE)].map((match) => {
    const before = text.slice(0, match.index);
    const line = before.split('\n').length;
    const previous = before.trimEnd().split('\n').at(-1) ?? '';
    const found = MARKER.exec(previous);
    const marker = found ? { kind: found[1] as 'run' | 'not run', text: found[2].trim() } : undefined;
    return { path, line, info: match[1].trim(), code: match[2], marker };
  });
}

/** The blocks of commands consumer.test.ts runs in its throwaway consumer, each with how. */
export function readCommandBlocks(path: string): Array<CodeBlock & { run: CommandRun }> {
  return listCodeBlocks(path).flatMap((block) => {
    if (block.marker?.kind !== 'run') return [];
    const run = COMMAND_RUNS.find((kind) => block.marker?.text.startsWith(kind));
    if (!run) throw new Error(`${path}:${block.line}: a run marker starts with one of ${COMMAND_RUNS.join(', ')}.`);
    return [{ ...block, run }];
  });
}

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

/** README.md and every guide under docs/: the files whose blocks a reader copies. */
export function listGuideFiles(root: string): string[] {
  const guides = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(root, 'docs', name));
  return [join(root, 'README.md'), ...guides];
}

/** Each block that is neither run by consumer.test.ts nor marked as not run with a reason, as `path:line: why`. */
export function findUnaccountedBlocks(root: string, paths = listGuideFiles(root)): string[] {
  const runExamples = new Set(
    TYPESCRIPT_GUIDES.flatMap(({ path, heading, variants }) =>
      variants.flatMap((variant) => readGuideExamples(join(root, path), heading, variant)),
    ),
  );
  return paths.flatMap((path) =>
    listCodeBlocks(path).flatMap((block) => {
      const where = `${relative(root, path)}:${block.line}`;
      const isRunExample = block.info.startsWith('ts') && runExamples.has(block.code);
      if (block.marker?.kind === 'not run') {
        if (isRunExample) return [`${where}: marked "not run" but consumer.test.ts runs it`];
        return block.marker.text.length < 20 ? [`${where}: "not run" needs a reason a reader can check`] : [];
      }
      if (block.marker?.kind === 'run') {
        if (block.info !== 'sh') return [`${where}: only sh blocks take a run marker`];
        return COMMAND_RUNS.some((kind) => block.marker?.text.startsWith(kind))
          ? []
          : [`${where}: a run marker starts with one of ${COMMAND_RUNS.join(', ')}`];
      }
      return isRunExample ? [] : [`${where}: neither run by npm test nor marked <!-- not run: why -->`];
    }),
  );
}
