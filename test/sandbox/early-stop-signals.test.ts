// Issue 28, R17: "Ctrl-C or SIGTERM stops it, exit code 0" from the first moment the sandbox can catch a signal. The
// bin's entry takes its stop signals before it loads the sandbox itself (src/sandbox/cli.ts), so a SIGTERM that comes
// while it is still loading ends the run with exit code 0, before it listens (it was killed by the signal: 143).
//
// The installed package's contract (generated/openapi.json) is a named pipe here, which the test fills only once the
// signal is sent: the bin cannot get past reading its contract before then, however fast it runs.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstalledPackage, type InstalledPackage } from '../support/built-bins.js';
import { CANARY_KEY } from '../support/canary.js';
import { stopAtFirstCatch } from '../support/first-catch.js';
import { waitFor } from '../support/wait-for.js';
import { CALLBACK_SECRET } from './support/sandbox-harness.js';

let installed: InstalledPackage;
let contractPath: string;
let contract: Buffer;

beforeAll(() => {
  installed = createInstalledPackage();
  installed.build(['sandbox']);
  contractPath = join(installed.binPath('sandbox'), '../../../generated/openapi.json');
  contract = readFileSync(contractPath);
  rmSync(contractPath);
  execFileSync('mkfifo', [contractPath]);
});

afterAll(() => installed?.remove());

/**
 * Writes the contract into the pipe once the bin opens it to read (until then, opening it to write fails: ENXIO),
 * unless the bin ends first, without reading it.
 */
async function feedContract(bin: ChildProcess): Promise<void> {
  const probe = await waitFor(
    () => {
      if (bin.exitCode !== null || bin.signalCode !== null) return 'ended';
      try {
        return openSync(contractPath, constants.O_WRONLY | constants.O_NONBLOCK);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENXIO') return undefined;
        throw error;
      }
    },
    { what: 'the sandbox opening its contract, or ending', pollMs: 5 },
  );
  if (probe === 'ended') return;
  // The reader is there, so a blocking writer opens at once; the bin reads the pipe to its end, which comes when both close.
  const writer = openSync(contractPath, 'w');
  writeFileSync(writer, contract);
  closeSync(writer);
  closeSync(probe);
}

describe.runIf(process.platform === 'linux')('a SIGTERM at the first moment the sandbox can catch one (Linux: /proc, mkfifo)', () => {
  it.each([1, 2, 3])('run %i: exit code 0, the stop line, and no banner: it never listened', async () => {
    const env = { HOST: '127.0.0.1', PORT: '0', CHECKOUT_API_KEYS: CANARY_KEY, CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET };
    expect(await stopAtFirstCatch(installed.binPath('sandbox'), [], env, feedContract)).toEqual({
      code: 0,
      signal: null,
      output: 'checkout-sandbox: stopped (SIGTERM) before it started listening.\n',
    });
  });
});
