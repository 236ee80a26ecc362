// Issue 12, item 2: a callback attempt to a receiver that accepts the connection and never answers must end by its
// deadline whatever the garbage collector does. The installed bin runs with --expose-gc and a preload that forces a
// full collection every 20 ms; signals made by AbortSignal.timeout and AbortSignal.any lost their link under it, and
// the attempt then stayed `pending` with no retry, no log line and no end.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY } from '../support/canary.js';
import { waitForOutput } from '../support/processes.js';
import { callHelperAt, createCheckoutAt, type InstalledSandbox, installSandbox } from './support/installed-sandbox.js';
import { NEVER_REPLY, type RecordingReceiver, startRecordingReceiver } from './support/recording-receiver.js';

// Long enough that each attempt's request reaches the receiver before its deadline even on a loaded machine (at
// 300 ms, under a load average of 15, the third request was still in flight when its attempt ended).
const ATTEMPT_TIMEOUT_MS = 2000;
const FORCE_GC = ['--expose-gc', '--import', 'data:text/javascript,setInterval(() => globalThis.gc(), 20).unref();'];

let installed: InstalledSandbox;
let receiver: RecordingReceiver | undefined;
beforeAll(() => {
  installed = installSandbox();
});
afterEach(async () => {
  await receiver?.down();
});
afterAll(async () => {
  await installed.remove();
});

describe('a callback attempt under forced garbage collection', () => {
  it('to a receiver that never answers ends by its deadline, is retried on schedule, and fails with a log line', async () => {
    receiver = await startRecordingReceiver();
    receiver.reply = NEVER_REPLY;
    await receiver.up();
    const { process: child, url } = await installed.start(
      {
        CHECKOUT_API_KEYS: CANARY_KEY,
        CHECKOUT_CALLBACK_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
        CHECKOUT_CALLBACK_RETRY_DELAYS_MS: '50,50',
      },
      FORCE_GC,
    );
    const created = await (await createCheckoutAt(url, CANARY_KEY, receiver.url)).json();
    expect((await callHelperAt(url, 'POST', `/sandbox/v1/checkouts/${created.id}/complete`, CANARY_KEY)).status).toBe(200);

    // Three attempts of 2 s and two retries of 50 ms take about six seconds; before the fix this never happened.
    await waitForOutput(child, /no retries left/, 20_000);
    const deliveries = await callHelperAt(url, 'GET', `/sandbox/v1/checkouts/${created.id}/deliveries`, CANARY_KEY);
    const [delivery] = (await deliveries.json()).deliveries;
    expect(delivery.status).toBe('failed');
    expect(delivery.nextAttemptAt).toBeNull();
    expect(delivery.attempts.map((attempt: any) => [attempt.attempt, attempt.responseStatus, attempt.error])).toEqual([
      [1, null, `no reply within ${ATTEMPT_TIMEOUT_MS} ms`],
      [2, null, `no reply within ${ATTEMPT_TIMEOUT_MS} ms`],
      [3, null, `no reply within ${ATTEMPT_TIMEOUT_MS} ms`],
    ]);
    const { eventId } = delivery;
    expect(receiver.received.map((callback) => callback.headers['webhook-id'])).toEqual([eventId, eventId, eventId]);
    const origin = new URL(receiver.url).origin;
    const logged = child
      .output()
      .split('\n')
      .filter((line) => line.startsWith(`callback ${delivery.eventId}`));
    expect(logged).toEqual([
      `callback ${delivery.eventId} to ${origin} failed on attempt 1 (no reply within ${ATTEMPT_TIMEOUT_MS} ms); retrying in 50 ms`,
      `callback ${delivery.eventId} to ${origin} failed on attempt 2 (no reply within ${ATTEMPT_TIMEOUT_MS} ms); retrying in 50 ms`,
      `callback ${delivery.eventId} to ${origin} failed on attempt 3 (no reply within ${ATTEMPT_TIMEOUT_MS} ms); no retries left`,
    ]);
    expect(await child.stop()).toBe(0);
  });
});
