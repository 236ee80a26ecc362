// Issue 21, R2: `npm run sandbox` stopped the way a test runner, a process manager or a closing terminal stops it. npm
// passes SIGTERM only to its own child (a shell that dies without passing it on) and SIGHUP to nobody, so the sandbox
// below must notice by itself, as the mock does (one lifecycle, src/cli/lifecycle.ts): within seconds it lists the
// callback events it leaves undelivered, exits, and its port is free for the next `npm run sandbox`.
import { afterEach, describe, expect, it } from 'vitest';
import { CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';
import { freePort } from '../support/ports.js';
import { isPortFree, killTree, listSurvivors, type NpmTree, startNpmTree, waitForTreeClosed } from '../support/process-tree.js';
import { waitForOutput } from '../support/processes.js';
import { callHelperAt, createCheckoutAt } from './support/installed-sandbox.js';
import { CALLBACK_SECRET } from './support/sandbox-harness.js';

// Long enough for a loaded machine, short against the minutes an orphaned sandbox would run: the launcher is checked
// every 500 ms and nothing is in flight to wait for.
const DEADLINE_MS = 10_000;
const SANDBOX_COMMAND = /^node dist\/bin\/checkout-sandbox\.js/;

let started: NpmTree | undefined;

afterEach(async () => {
  await killTree(started);
  started = undefined;
});

describe('a signal to npm run sandbox, or to the sandbox under it', () => {
  const cases: Array<[name: string, pick: (tree: NpmTree) => number, signal: NodeJS.Signals, reason: string]> = [
    ['SIGTERM to npm', ({ npmPid }) => npmPid, 'SIGTERM', 'the process that started it has ended'],
    ['SIGHUP to npm', ({ npmPid }) => npmPid, 'SIGHUP', 'the process that started it has ended'],
    ['SIGHUP to the sandbox', ({ tree }) => tree.find(({ command }) => SANDBOX_COMMAND.test(command))!.pid, 'SIGHUP', 'SIGHUP'],
  ];

  it.each(cases)('%s: the sandbox lists its undelivered event, exits and frees its port', async (_name, pick, signal, reason) => {
    started = await startNpmTree(
      ['run', 'sandbox'],
      {
        CHECKOUT_API_KEYS: CANARY_KEY,
        CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET,
        CHECKOUT_CALLBACK_RETRY_DELAYS_MS: '600000',
        CHECKOUT_CALLBACK_RETRY_JITTER: '0',
      },
      /^Checkout sandbox listening on /m,
    );
    const { running, port, tree } = started;
    expect(tree.filter(({ command }) => SANDBOX_COMMAND.test(command)).map(({ command }) => command)).toEqual([
      expect.stringMatching(SANDBOX_COMMAND),
    ]);
    // One event left for a retry ten minutes away: what a stop must not drop without a word.
    const url = `http://127.0.0.1:${port}`;
    const refusingUrl = `http://127.0.0.1:${await freePort()}/hook?token=${CANARY_CALLBACK_TOKEN}`;
    const checkout = await (await createCheckoutAt(url, CANARY_KEY, refusingUrl)).json();
    await callHelperAt(url, 'POST', `/sandbox/v1/checkouts/${checkout.id}/complete`, CANARY_KEY);
    await waitForOutput(running, /failed on attempt 1 \(connection failed: ECONNREFUSED\); retrying in 600000 ms/, DEADLINE_MS);
    const [scheduled] = (await (await callHelperAt(url, 'GET', `/sandbox/v1/checkouts/${checkout.id}/deliveries`, CANARY_KEY)).json())
      .deliveries;

    process.kill(pick(started), signal);
    await waitForTreeClosed(started, DEADLINE_MS);

    const output = running.output();
    expect(output.slice(output.indexOf('checkout-sandbox: stopping')).split('\n')).toEqual([
      `checkout-sandbox: stopping (${reason}); callback attempts in flight get up to 5000 ms to finish.`,
      'checkout-sandbox: stopped; 1 callback was not delivered and will not be retried:',
      `  checkout ${checkout.id}  webhook-id ${scheduled.eventId}  ` +
        `to ${refusingUrl.replace(`token=${CANARY_CALLBACK_TOKEN}`, '[REDACTED]')}  ` +
        `1 attempt made, next attempt was due at ${scheduled.nextAttemptAt}`,
      '',
    ]);
    expect(await listSurvivors(started, DEADLINE_MS)).toEqual([]);
    expect(await isPortFree(port)).toBe(true);
    for (const secret of [CANARY_KEY, CANARY_CALLBACK_TOKEN, CALLBACK_SECRET.slice('whsec_'.length)]) expect(output).not.toContain(secret);
  });
});
