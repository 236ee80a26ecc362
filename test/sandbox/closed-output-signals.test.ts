// Issue 28, R11: `npm run sandbox 2>&1 | head -1` closes the sandbox's stdout and stderr after its first line. The next
// line it writes (a failed callback attempt, on stderr) then meets a closed pipe (EPIPE), which ends the logging and
// never the process: it answers every later request, and SIGTERM still stops it with exit code 0
// (src/cli/stream-writer.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY } from '../support/canary.js';
import { freePort } from '../support/ports.js';
import { waitFor } from '../support/wait-for.js';
import { callHelperAt, createCheckoutAt, type InstalledSandbox, installSandbox } from './support/installed-sandbox.js';
import { CALLBACK_SECRET } from './support/sandbox-harness.js';

let installed: InstalledSandbox;

beforeAll(() => {
  installed = installSandbox();
});

afterAll(async () => {
  await installed?.remove();
});

describe('the sandbox with its stdout and stderr closed by their reader', () => {
  it('logs nothing more, answers every request, and exits 0 on SIGTERM', async () => {
    const { process: sandbox, url } = await installed.start({
      CHECKOUT_API_KEYS: CANARY_KEY,
      CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET,
      CHECKOUT_CALLBACK_RETRY_DELAYS_MS: '600000',
    });
    // What `| head -1` does once it has its line: the reading ends of both pipes go away.
    sandbox.child.stdout!.destroy();
    sandbox.child.stderr!.destroy();
    // A callback to a port nobody listens on fails, and the sandbox writes a line about it to the closed stderr.
    const checkout = await (await createCheckoutAt(url, CANARY_KEY, `http://127.0.0.1:${await freePort()}/hook`)).json();
    expect((await callHelperAt(url, 'POST', `/sandbox/v1/checkouts/${checkout.id}/complete`, CANARY_KEY)).status).toBe(200);
    // The attempt is recorded in the same step that writes its line.
    const deliveries = `/sandbox/v1/checkouts/${checkout.id}/deliveries`;
    const [attempt] = await waitFor(
      async () => {
        const { deliveries: [delivery] = [] } = await (await callHelperAt(url, 'GET', deliveries, CANARY_KEY)).json();
        return delivery?.attempts.length > 0 ? delivery.attempts : undefined;
      },
      { what: () => 'the first callback attempt', deadlineMs: 30_000, pollMs: 50 },
    );
    expect(attempt.error).toMatch(/ECONNREFUSED/);
    for (let request = 1; request <= 3; request += 1) {
      expect((await createCheckoutAt(url, CANARY_KEY)).status, `request ${request}`).toBe(201);
    }
    expect(sandbox.child.exitCode).toBeNull();
    expect(await sandbox.stop()).toBe(0);
  });
});
