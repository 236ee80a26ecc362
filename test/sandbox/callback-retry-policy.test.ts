// D7 as Standard Webhooks gives it: a 410 Gone reply stops an event's retries, a Retry-After on a failure reply
// makes the next attempt wait at least that long, and jitter only lengthens a scheduled delay (by at most its share).
// Retries run on the dispatcher's clock, here the manual one: a test moves it to the next attempt, never waits.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Checkout } from '../../generated/openapi.js';
import { CONTRACT_RETRY_DELAYS_MS } from '../../src/contract/callback-schedule.js';
import type { CallbackDeliveryLog } from '../../src/sandbox/callbacks/callback-delivery.js';
import { CallbackDispatcher, readRetryAfterMs } from '../../src/sandbox/callbacks/callback-dispatcher.js';
import { createManualClock, type ManualClock } from '../support/manual-clock.js';
import { waitFor } from '../support/wait-for.js';
import { type RecordingReceiver, startRecordingReceiver } from './support/recording-receiver.js';
import { CALLBACK_SECRET } from './support/sandbox-harness.js';

const RECORD = { id: '0c7f6a2e-5b1d-4e3a-9f8c-7d6e5f4a3b2c', status: 'complete' } as Checkout;
let receiver: RecordingReceiver | undefined;
let dispatcher: CallbackDispatcher | undefined;

afterEach(async () => {
  await dispatcher?.close(0);
  await receiver?.down();
});

async function startDelivery(retryDelaysMs: number[], jitter: number, reply: RecordingReceiver['reply']) {
  receiver = await startRecordingReceiver();
  receiver.reply = reply;
  await receiver.up();
  const logs: string[] = [];
  const clock = createManualClock();
  dispatcher = new CallbackDispatcher({
    secret: CALLBACK_SECRET,
    retryDelaysMs,
    jitter,
    timeoutMs: 5_000,
    log: (line) => logs.push(line),
    clock,
  });
  const delivery = dispatcher.dispatch(RECORD, receiver.url, clock.now()).delivery;
  return { delivery, logs, clock };
}

/** Waits for attempt number `attempts` of `delivery` to end, then moves `clock` to the retry it scheduled. */
async function advanceToRetry(delivery: CallbackDeliveryLog, clock: ManualClock, attempts: number): Promise<void> {
  await waitFor(() => delivery.attempts.length === attempts, { what: `attempt ${attempts}` });
  clock.advance(Date.parse(delivery.nextAttemptAt ?? '') - clock.now());
}

describe('callback retries (D7, Standard Webhooks)', () => {
  it("keeps the spec's example schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h", () => {
    expect(CONTRACT_RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
  });

  it('stops retrying an event the receiver answers 410 Gone', async () => {
    const { delivery, logs } = await startDelivery([20, 20, 20], 0, 410);
    await waitFor(() => delivery.status !== 'pending', { what: 'the end of the delivery' });
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts.map((attempt) => attempt.responseStatus)).toEqual([410]);
    expect(receiver!.received.map((callback) => callback.headers['webhook-id'])).toEqual([delivery.eventId]);
    expect(logs).toEqual([expect.stringMatching(/failed on attempt 1 \(HTTP 410\); the receiver answered 410 Gone, so no retries$/)]);
  });

  it('waits at least a Retry-After from the reply (429, Retry-After: 1) before the next attempt, then delivers', async () => {
    const { createServer } = await import('node:http');
    let requests = 0;
    const server = createServer((req, res) => {
      requests += 1;
      req.resume();
      if (requests === 1) res.writeHead(429, { 'retry-after': '1' }).end();
      else res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = server.address() as import('node:net').AddressInfo;
      const logs: string[] = [];
      const clock = createManualClock();
      dispatcher = new CallbackDispatcher({
        secret: CALLBACK_SECRET,
        retryDelaysMs: [20],
        jitter: 0,
        timeoutMs: 5_000,
        log: (line) => logs.push(line),
        clock,
      });
      const delivery: CallbackDeliveryLog = dispatcher.dispatch(RECORD, `http://127.0.0.1:${port}/hook`, clock.now()).delivery;
      await waitFor(() => delivery.attempts.length === 1, { what: 'the first attempt' });
      expect(delivery.nextAttemptAt).toBe(new Date(clock.now() + 1000).toISOString());
      clock.advance(999);
      expect(requests).toBe(1);
      clock.advance(1);
      await waitFor(() => delivery.status !== 'pending', { what: 'the end of the delivery' });
      expect(delivery.status).toBe('delivered');
      expect(logs).toEqual([expect.stringMatching(/failed on attempt 1 \(HTTP 429\); retrying in 1000 ms$/)]);
      expect(delivery.attempts.map(({ startedAt }) => Date.parse(startedAt) - Date.parse(delivery.attempts[0].startedAt))).toEqual([
        0, 1000,
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reads Retry-After as seconds or an HTTP date, and ignores what is neither', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(readRetryAfterMs('120', now)).toBe(120_000);
    expect(readRetryAfterMs('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(readRetryAfterMs('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(readRetryAfterMs('soon', now)).toBeUndefined();
    expect(readRetryAfterMs(null, now)).toBeUndefined();
  });

  it('lengthens each scheduled delay by a random share of at most the jitter, never shortens it', async () => {
    // The random share drawn for each of the four retries: the least, two between, and the most Math.random gives.
    const shares = [0, 0.25, 0.5, 1 - Number.EPSILON];
    const random = vi.spyOn(Math, 'random').mockImplementation(() => shares.shift() ?? 0);
    try {
      const { delivery, logs, clock } = await startDelivery([200, 200, 200, 200], 0.5, (n) => (n < 5 ? 500 : 204));
      for (const attempts of [1, 2, 3, 4]) await advanceToRetry(delivery, clock, attempts);
      await waitFor(() => delivery.status !== 'pending', { what: 'the end of the delivery' });
      expect(delivery.attempts.map((attempt) => attempt.responseStatus)).toEqual([500, 500, 500, 500, 204]);
      const waits = logs.map((line) => Number(/retrying in (\d+) ms$/.exec(line)?.[1]));
      // Each scheduled 200 ms lengthened by its share of at most half: 200 × (1 + share × 0.5), rounded.
      expect(waits).toEqual([200, 225, 250, 300]);
      const started = delivery.attempts.map(({ startedAt }) => Date.parse(startedAt));
      expect(started.slice(1).map((at, index) => at - started[index])).toEqual([200, 225, 250, 300]);
    } finally {
      random.mockRestore();
    }
  });
});
