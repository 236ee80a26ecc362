// Issue 28, R17: "Ctrl-C or SIGTERM stops it, exit code 0" from the first moment the mock can catch a signal. The bin's
// entry takes its stop signals before it loads its run and Prism's engine (src/mock/cli.ts), so a SIGTERM that comes
// while it is still loading ends the run with exit code 0, before it listens (it was killed by the signal: 143).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildMockIfStale } from '../support/built-bins.js';
import { signalAtFirstCatch } from '../support/first-catch.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

describe.runIf(process.platform === 'linux')('a SIGTERM at the first moment the mock can catch one (Linux: /proc)', () => {
  it.each([1, 2, 3])('run %i: exit code 0, the stop line, and no banner: it never listened', async () => {
    const bin = buildMockIfStale();
    const child = spawn(process.execPath, [bin, '--no-build'], {
      cwd: projectRoot,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    await signalAtFirstCatch(child, 'SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toBe('Stopping the mock (SIGTERM)…\n');
  });
});
