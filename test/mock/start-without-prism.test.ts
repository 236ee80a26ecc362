// `checkout-mock --help` and a usage error answer without loading Prism: the bin's entry holds only the command line
// and imports the run, Prism's engine with it, in a chunk of its own when a run begins (src/mock/cli.ts,
// scripts/build-mock.js). Proved on a copy of the built bin whose chunks that hold Prism are deleted: the command line
// still answers, and a run, which needs them, fails to load them.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE } from '../../src/mock/mock-config.js';
import { buildMockIfStale } from '../support/built-bins.js';

const execFileAsync = promisify(execFile);
// How the bundle names Prism's HTTP engine (esbuild keeps each CommonJS module's path as its key).
const PRISM_MARKER = 'node_modules/@stoplight/prism-http/';

let dir: string;
let entry: string;
let removed: string[];

/** Runs the copied bin; resolves with its exit code and output, whatever the code. */
async function runCopiedBin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [entry, ...args], {
      cwd: dir,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0' },
      encoding: 'utf8',
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

beforeAll(() => {
  const built = buildMockIfStale();
  dir = mkdtempSync(join(tmpdir(), 'checkout-mock-without-prism-'));
  const files = readdirSync(dirname(built)).filter((name) => name.startsWith('checkout-mock'));
  removed = [];
  for (const name of files) {
    if (readFileSync(join(dirname(built), name), 'utf8').includes(PRISM_MARKER)) removed.push(name);
    else copyFileSync(join(dirname(built), name), join(dir, name));
  }
  entry = join(dir, basename(built));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkout-mock without the chunks that hold Prism', () => {
  it('keeps its entry: the file the bin runs holds no Prism', () => {
    expect(readdirSync(dir)).toContain('checkout-mock.js');
    expect(removed).toEqual([expect.stringMatching(/^checkout-mock-run-mock-\w+\.js$/)]);
  });

  it('prints its usage for --help and exits 0', async () => {
    const { code, stdout, stderr } = await runCopiedBin(['--help']);
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: `${USAGE}\n`, stderr: '' });
  });

  it('reports a usage error with exit code 2', async () => {
    const { code, stdout, stderr } = await runCopiedBin(['--bogus']);
    expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: '', stderr: `checkout-mock: Unknown option '--bogus'.\n\n${USAGE}\n` });
  });

  it('needs the removed chunk for a run, which fails to load it', async () => {
    const { code, stdout, stderr } = await runCopiedBin(['--no-build']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('ERR_MODULE_NOT_FOUND');
    expect(stderr).toContain(join(dir, removed[0]));
  });
});
