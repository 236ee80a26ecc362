// Issue 12, item 6: a stopping sandbox drops no callback without a word. Attempts in flight get a short grace to
// finish; then every event still undelivered is printed with its checkout id, webhook-id and next attempt time,
// never a key, the signing secret, or a URL's userinfo or query.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../../generated/openapi.js';
import { CallbackDispatcher } from '../../src/sandbox/callbacks/callback-dispatcher.js';
import { formatUndelivered } from '../../src/sandbox/sandbox-command.js';
import { CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';
import { freePort } from '../support/ports.js';
import { waitForOutput } from '../support/processes.js';
import { callHelperAt, createCheckoutAt, type InstalledSandbox, installSandbox } from './support/installed-sandbox.js';
import { NEVER_REPLY, type RecordingReceiver, startRecordingReceiver } from './support/recording-receiver.js';
import { CALLBACK_SECRET } from './support/sandbox-harness.js';

let receiver: RecordingReceiver | undefined;
afterEach(async () => {
  await receiver?.down();
});

describe('the checkout-sandbox bin on SIGTERM', () => {
  let installed: InstalledSandbox;
  beforeAll(() => {
    installed = installSandbox();
  });
  afterAll(async () => {
    await installed.remove();
  });

  it('lets the attempt in flight finish, then prints the event left for a retry, and exits 0', async () => {
    const { process: child, url } = await installed.start({
      CHECKOUT_API_KEYS: CANARY_KEY,
      CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET,
      CHECKOUT_CALLBACK_TIMEOUT_MS: '10000',
      CHECKOUT_CALLBACK_RETRY_DELAYS_MS: '600000',
    });
    let answer!: (status: number) => void;
    receiver = await startRecordingReceiver();
    receiver.reply = () =>
      new Promise<number>((resolve) => {
        answer = resolve;
      });
    await receiver.up();
    const answered = await (await createCheckoutAt(url, CANARY_KEY, receiver.url)).json();
    const refusingUrl = `http://127.0.0.1:${await freePort()}/hook?token=${CANARY_CALLBACK_TOKEN}`;
    const retried = await (await createCheckoutAt(url, CANARY_KEY, refusingUrl)).json();

    await callHelperAt(url, 'POST', `/sandbox/v1/checkouts/${retried.id}/complete`, CANARY_KEY);
    await waitForOutput(child, /failed on attempt 1 \(connection failed: ECONNREFUSED\); retrying in 600000 ms/, 10_000);
    const deliveries = await callHelperAt(url, 'GET', `/sandbox/v1/checkouts/${retried.id}/deliveries`, CANARY_KEY);
    const [scheduled] = (await deliveries.json()).deliveries;
    await callHelperAt(url, 'POST', `/sandbox/v1/checkouts/${answered.id}/complete`, CANARY_KEY);
    await receiver.waitFor(1);

    // The receiver holds its reply until the sandbox has been told to stop: the attempt is in flight at SIGTERM.
    child.child.kill('SIGTERM');
    await waitForOutput(child, /stopping \(SIGTERM\); callback attempts in flight get up to 5000 ms to finish/, 10_000);
    answer(204);
    expect(await child.exited).toBe(0);

    const printed = child.output().slice(child.output().indexOf('checkout-sandbox: stopping'));
    expect(printed.split('\n')).toEqual([
      'checkout-sandbox: stopping (SIGTERM); callback attempts in flight get up to 5000 ms to finish.',
      'checkout-sandbox: stopped; 1 callback was not delivered and will not be retried:',
      `  checkout ${retried.id}  webhook-id ${scheduled.eventId}  ` +
        `to ${refusingUrl.replace(`token=${CANARY_CALLBACK_TOKEN}`, '[REDACTED]')}  ` +
        `1 attempt made, next attempt was due at ${scheduled.nextAttemptAt}`,
      '',
    ]);
    expect(receiver.received.map((callback) => JSON.parse(callback.body).data.id)).toEqual([answered.id]);
    for (const secret of [CANARY_KEY, CANARY_CALLBACK_TOKEN, CALLBACK_SECRET.slice('whsec_'.length)])
      expect(child.output()).not.toContain(secret);
  });

  it('stops at once on a second signal, without waiting for the attempt in flight', async () => {
    const { process: child, url } = await installed.start({ CHECKOUT_API_KEYS: CANARY_KEY, CHECKOUT_CALLBACK_TIMEOUT_MS: '10000' });
    receiver = await startRecordingReceiver();
    receiver.reply = NEVER_REPLY;
    await receiver.up();
    const created = await (await createCheckoutAt(url, CANARY_KEY, receiver.url)).json();
    await callHelperAt(url, 'POST', `/sandbox/v1/checkouts/${created.id}/complete`, CANARY_KEY);
    await receiver.waitFor(1);
    child.child.kill('SIGTERM');
    await waitForOutput(child, /stopping \(SIGTERM\); callback attempts in flight get up to 5000 ms to finish/, 10_000);
    child.child.kill('SIGTERM');
    // Ended by the signal itself: a graceful stop would have exited with 0 after listing the event.
    expect(await child.exited).toBeNull();
    expect(child.child.signalCode).toBe('SIGTERM');
    expect(child.output()).not.toContain('stopped;');
  });

  it('says so when nothing was left undelivered', async () => {
    const { process: child } = await installed.start({ CHECKOUT_API_KEYS: CANARY_KEY });
    child.child.kill('SIGINT');
    expect(await child.exited).toBe(0);
    expect(child.output()).toContain('checkout-sandbox: stopped; no callback was left undelivered.\n');
  });
});

describe('the callback dispatcher on close', () => {
  it('aborts an attempt still in flight when the grace is over, and reports its event with the next attempt time', async () => {
    receiver = await startRecordingReceiver();
    receiver.reply = NEVER_REPLY;
    await receiver.up();
    const logs: string[] = [];
    const log = (line: string) => logs.push(line);
    const dispatcher = new CallbackDispatcher({ secret: CALLBACK_SECRET, retryDelaysMs: [600_000], jitter: 0, timeoutMs: 60_000, log });
    const url = `${receiver.url}?token=${CANARY_CALLBACK_TOKEN}`.replace('http://', `http://merchant:${CANARY_CALLBACK_PASSWORD}@`);
    const record = { id: '5b0f3d2e-8c1a-4f6b-9e7d-2a4c6e8f0b1d', status: 'complete' } as Checkout;
    // fetch refuses a URL with userinfo before connecting, so this event is sent to the plain URL; the other is not.
    const inFlight = dispatcher.dispatch(record, receiver.url, Date.now()).delivery;
    await receiver.waitFor(1);
    const closed = dispatcher.close(50);
    const late = dispatcher.dispatch(record, url, Date.now()).delivery;
    const undelivered = await closed;

    expect(inFlight.attempts.map((attempt) => [attempt.responseStatus, attempt.error])).toEqual([[null, 'interrupted by shutdown']]);
    expect(late.attempts).toEqual([]);
    // Due one retry delay after the interrupted attempt, which ended well before its own 60 s timeout.
    const retryDueMs = Date.parse(inFlight.nextAttemptAt!) - Date.parse(inFlight.attempts[0].startedAt);
    expect(retryDueMs).toBeGreaterThanOrEqual(600_000);
    expect(retryDueMs).toBeLessThan(660_000);
    expect(undelivered).toEqual([
      { checkoutId: record.id, eventId: inFlight.eventId, url: receiver.url, attempts: 1, nextAttemptAt: inFlight.nextAttemptAt },
      {
        checkoutId: record.id,
        eventId: late.eventId,
        url: `${receiver.url.replace('http://', 'http://[REDACTED]@')}?[REDACTED]`,
        attempts: 0,
        nextAttemptAt: late.nextAttemptAt,
      },
    ]);
    expect(logs).toEqual([]);
  });
});

describe('formatUndelivered', () => {
  it('prints one line per event, with the count and attempts in words', () => {
    const due = '2026-01-01T00:00:00.000Z';
    const event = { checkoutId: 'c1', eventId: 'msg_a', url: 'https://shop.test/hook?[REDACTED]', attempts: 2, nextAttemptAt: due };
    expect(formatUndelivered([event, { ...event, checkoutId: 'c2', eventId: 'msg_b', attempts: 0 }])).toBe(
      [
        'checkout-sandbox: stopped; 2 callbacks were not delivered and will not be retried:',
        `  checkout c1  webhook-id msg_a  to https://shop.test/hook?[REDACTED]  2 attempts made, next attempt was due at ${due}`,
        `  checkout c2  webhook-id msg_b  to https://shop.test/hook?[REDACTED]  0 attempts made, next attempt was due at ${due}`,
        '',
      ].join('\n'),
    );
  });
});
