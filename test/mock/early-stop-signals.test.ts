// Issue 28, R17: "Ctrl-C or SIGTERM stops it, exit code 0" from the first moment the mock can catch a signal. The bin's
// entry takes its stop signals before it loads its run and Prism's engine (src/mock/cli.ts), so a SIGTERM that comes
// while it is still loading ends the run with exit code 0, before it listens (it was killed by the signal: 143).
// Loading Prism's engine takes hundreds of milliseconds after the listener is in, against a few for one step of
// stopAtFirstCatch, so the signal always comes while the mock is loading.
import { describe, expect, it } from 'vitest';
import { buildMockIfStale } from '../support/built-bins.js';
import { stopAtFirstCatch } from '../support/first-catch.js';

describe.runIf(process.platform === 'linux')('a SIGTERM at the first moment the mock can catch one (Linux: /proc)', () => {
  it.each([1, 2, 3])('run %i: exit code 0, the stop line, and no banner: it never listened', async () => {
    // Node 22 and later print a deprecation warning for a dependency's use of `punycode` (DEP0040) as Prism's engine
    // loads: Node's own line, not the mock's, so it is left out of the output this test reads.
    const env = { HOST: '127.0.0.1', PORT: '0', NODE_OPTIONS: '--no-deprecation' };
    const run = await stopAtFirstCatch(buildMockIfStale(), ['--no-build'], env);
    expect(run).toEqual({ code: 0, signal: null, output: 'Stopping the mock (SIGTERM)…\n' });
  });
});
