// Every code block of README.md and docs/*.md runs as written in `npm test` (test/package/consumer.test.ts compiles
// and runs the TypeScript examples and the blocks marked `<!-- run: … -->` from the packed package), or says on the
// line before it why it is not run. Fast: it reads the files only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findUnaccountedBlocks, listCodeBlocks, listGuideFiles, readCommandBlocks } from '../package/guide-examples.js';
import { projectRoot } from '../package/packed-package.js';

const scratch = mkdtempSync(join(tmpdir(), 'guide-blocks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the code blocks of README.md and the guides', () => {
  it('are each run by npm test or marked as not run, with why', () => {
    const blocks = listGuideFiles(projectRoot).flatMap((path) => listCodeBlocks(path));
    expect(blocks.length).toBeGreaterThanOrEqual(15);
    expect(findUnaccountedBlocks(projectRoot)).toEqual([]);
  });

  it('an unmarked block, a bare marker and a run marker on TypeScript are each reported', () => {
    const guide = join(scratch, 'guide.md');
    writeFileSync(
      guide,
      [
        '# A guide',
        '',
        '```sh',
        'npx checkout-mock',
        '```',
        '',
        '<!-- not run: why -->',
        '```sh',
        'ls',
        '```',
        '',
        '<!-- run: each line -->',
        '```ts',
        'let a = 1;',
        '```',
        '',
      ].join('\n'),
    );
    expect(findUnaccountedBlocks(projectRoot, [guide]).map((problem) => problem.replace(/^.*guide\.md/, 'guide.md'))).toEqual([
      'guide.md:3: neither run by npm test nor marked <!-- not run: why -->',
      'guide.md:8: "not run" needs a reason a reader can check',
      'guide.md:13: only sh blocks take a run marker',
    ]);
  });

  it('the installed user comes first: each guide with commands runs the npx commands before it shows npm scripts', () => {
    for (const guide of ['docs/mock.md', 'docs/sandbox.md', 'docs/conformance.md']) {
      const blocks = listCodeBlocks(join(projectRoot, guide));
      const first = blocks.findIndex((block) => block.info === 'sh');
      const firstRepository = blocks.findIndex((block) => block.info === 'sh' && /^npm (start|run)/m.test(block.code));
      expect(blocks[first].code, guide).toMatch(/npx checkout-(mock|sandbox|conformance)/);
      expect(
        readCommandBlocks(join(projectRoot, guide)).map((block) => block.line),
        guide,
      ).toContain(blocks[first].line);
      expect(firstRepository, guide).toBeGreaterThan(first);
    }
  });

  it('the README keeps exactly two newcomer commands', () => {
    expect(listCodeBlocks(join(projectRoot, 'README.md')).map((block) => block.code.trim())).toEqual([
      'npm ci && npm start',
      'npm ci && npm test',
    ]);
  });
});
