// Issue 28, R17: "Ctrl-C or SIGTERM stops it, exit code 0" from the first moment the sandbox can catch a signal. The
// bin's entry takes its stop signals before it loads the sandbox's core (src/sandbox/cli.ts), so a SIGTERM that comes
// while it is still loading ends the run with exit code 0, before it listens (it was killed by the signal: 143).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY } from '../support/canary.js';
import { signalAtFirstCatch } from '../support/first-catch.js';
import { type InstalledSandbox, installSandbox } from './support/installed-sandbox.js';
import { CALLBACK_SECRET } from './support/sandbox-harness.js';

let installed: InstalledSandbox;

beforeAll(() => {
  installed = installSandbox();
});

afterAll(async () => {
  await installed?.remove();
});

describe.runIf(process.platform === 'linux')('a SIGTERM at the first moment the sandbox can catch one (Linux: /proc)', () => {
  it.each([1, 2, 3])('run %i: exit code 0, the stop line, and no banner: it never listened', async () => {
    const sandbox = installed.run({ PORT: '0', CHECKOUT_API_KEYS: CANARY_KEY, CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET });
    await signalAtFirstCatch(sandbox.child, 'SIGTERM');
    expect(await sandbox.exited).toBe(0);
    expect(sandbox.child.signalCode).toBeNull();
    expect(sandbox.output()).toBe('checkout-sandbox: stopped (SIGTERM) before it started listening.\n');
  });
});
