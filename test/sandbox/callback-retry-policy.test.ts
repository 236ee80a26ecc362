// D7 as Standard Webhooks gives it: a 410 Gone reply stops an event's retries, a Retry-After on a failure reply
// makes the next attempt wait at least that long, and jitter only lengthens a scheduled delay (by at most its share).
import { afterEach, describe, expect, it } from 'vitest';
import type { Checkout } from '../../generated/openapi.js';
import type { CallbackDeliveryLog } from '../../src/sandbox/callbacks/callback-delivery.js';
import { CallbackDispatcher, readRetryAfterMs } from '../../src/sandbox/callbacks/callback-dispatcher.js';
import { CONTRACT_RETRY_DELAYS_MS } from '../../src/sandbox/config/sandbox-settings.js';
import { waitFor } from '../support/wait-for.js';
import { type CallbackReceiver, createCallbackReceiver } from './support/callback-receiver.js';
import { CALLBACK_SECRET } from './support/sandbox-harness.js';

const RECORD = { id: '0c7f6a2e-5b1d-4e3a-9f8c-7d6e5f4a3b2c', status: 'complete' } as Checkout;
let receiver: CallbackReceiver | undefined;
let dispatcher: CallbackDispatcher | undefined;

afterEach(async () => {
  await dispatcher?.close(0);
  await receiver?.down();
});

async function startDelivery(retryDelaysMs: number[], jitter: number, reply: CallbackReceiver['reply']) {
  receiver = await createCallbackReceiver();
  receiver.reply = reply;
  await receiver.up();
  const logs: string[] = [];
  dispatcher = new CallbackDispatcher({ secret: CALLBACK_SECRET, retryDelaysMs, jitter, timeoutMs: 5_000, log: (line) => logs.push(line) });
  const delivery = dispatcher.dispatch(RECORD, receiver.url, Date.now()).delivery;
  return { delivery, logs };
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
    const attemptsAt: number[] = [];
    const server = createServer((req, res) => {
      attemptsAt.push(Date.now());
      req.resume();
      if (attemptsAt.length === 1) res.writeHead(429, { 'retry-after': '1' }).end();
      else res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = server.address() as import('node:net').AddressInfo;
      const logs: string[] = [];
      dispatcher = new CallbackDispatcher({
        secret: CALLBACK_SECRET,
        retryDelaysMs: [20],
        jitter: 0,
        timeoutMs: 5_000,
        log: (line) => logs.push(line),
      });
      const delivery: CallbackDeliveryLog = dispatcher.dispatch(RECORD, `http://127.0.0.1:${port}/hook`, Date.now()).delivery;
      await waitFor(() => delivery.status !== 'pending', { what: 'the end of the delivery' });
      expect(delivery.status).toBe('delivered');
      expect(logs).toEqual([expect.stringMatching(/failed on attempt 1 \(HTTP 429\); retrying in 1000 ms$/)]);
      expect(attemptsAt[1] - attemptsAt[0]).toBeGreaterThanOrEqual(990);
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
    const { delivery, logs } = await startDelivery([200, 200, 200, 200], 0.5, (n) => (n < 5 ? 500 : 204));
    await waitFor(() => delivery.status !== 'pending', { what: 'the end of the delivery' });
    expect(delivery.attempts.map((attempt) => attempt.responseStatus)).toEqual([500, 500, 500, 500, 204]);
    const waits = logs.map((line) => Number(/retrying in (\d+) ms$/.exec(line)?.[1]));
    // Four retries, each scheduled 200 ms lengthened by at most half: between 200 and 300 ms.
    expect(waits).toEqual([1, 2, 3, 4].map(() => expect.toSatisfy((wait: number) => wait >= 200 && wait <= 300)));
  });
});
