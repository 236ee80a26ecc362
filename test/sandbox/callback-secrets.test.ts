// Issue 12, item 7: a callback_url's userinfo and query can hold credentials, and the sandbox never prints them. A
// URL with userinfo cannot even be fetched, and the fetch error quotes the whole URL; a query reaches the logs the
// same way. Canary strings stand for the secrets and must appear in no log line and no attempt's error.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../../generated/openapi.js';
import { CallbackDispatcher } from '../../src/sandbox/callbacks/callback-dispatcher.js';
import { CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN } from '../support/canary.js';
import { createManualClock } from '../support/manual-clock.js';
import { freePort } from '../support/ports.js';
import { settlesWithin, waitFor } from '../support/wait-for.js';
import { namedRequests } from './support/contract-checks.js';
import { CALLBACK_SECRET, startTestSandbox, type TestSandbox } from './support/sandbox-harness.js';

describe('the callback dispatcher', () => {
  it('never logs nor records the userinfo or query of a callback_url, even from a library message quoting it', async () => {
    const logs: string[] = [];
    const log = (line: string) => logs.push(line);
    const clock = createManualClock();
    const dispatcher = new CallbackDispatcher({ secret: CALLBACK_SECRET, retryDelaysMs: [10], jitter: 0, timeoutMs: 1_000, log, clock });
    const port = await freePort();
    const url = `http://merchant:${CANARY_CALLBACK_PASSWORD}@127.0.0.1:${port}/hook?token=${CANARY_CALLBACK_TOKEN}`;
    const delivery = dispatcher.dispatch(
      { id: 'a6a3c0a4-4d3e-4a55-9c61-3c2f8f0e1b7d', status: 'complete' } as Checkout,
      url,
      clock.now(),
    ).delivery;
    await waitFor(() => delivery.attempts.length === 1, { what: 'the first attempt' });
    clock.advance(10);
    await settlesWithin(() => delivery.status !== 'pending', { what: 'the end of the delivery' });
    await dispatcher.close(0);

    expect(delivery.status).toBe('failed');
    const error = `Request cannot be constructed from a URL that includes credentials: http://[REDACTED]@127.0.0.1:${port}/hook?[REDACTED]`;
    expect(delivery.attempts.map((attempt) => attempt.error)).toEqual([error, error]);
    expect(logs).toEqual([
      `callback ${delivery.eventId} to http://127.0.0.1:${port} failed on attempt 1 (${error}); retrying in 10 ms`,
      `callback ${delivery.eventId} to http://127.0.0.1:${port} failed on attempt 2 (${error}); no retries left`,
    ]);
  });
});

describe('the sandbox', () => {
  const clock = createManualClock();
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ CHECKOUT_CALLBACK_RETRY_DELAYS_MS: '10', CHECKOUT_CALLBACK_TIMEOUT_MS: '1000' }, {}, { clock });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  afterEach(() => {
    for (const line of sandbox.logs) expect(line).not.toMatch(new RegExp(`${CANARY_CALLBACK_PASSWORD}|${CANARY_CALLBACK_TOKEN}`));
  });

  it('logs the failed callback of a callback_url with a query without the query', async () => {
    const refusing = `http://127.0.0.1:${await freePort()}/hook?token=${CANARY_CALLBACK_TOKEN}`;
    const created = await (await sandbox.createCheckout({ ...namedRequests.usdtOnTron, callback_url: refusing })).json();
    expect((await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/complete`)).status).toBe(200);
    const [{ eventId }] = (await (await sandbox.callHelper('GET', `/sandbox/v1/checkouts/${created.id}/deliveries`)).json()).deliveries;
    await waitFor(() => sandbox.logs.some((line) => line.includes(eventId) && line.includes('retrying in 10 ms')), {
      what: `the first failure of callback ${eventId}`,
    });
    clock.advance(10);
    await waitFor(() => sandbox.logs.some((line) => line.includes(eventId) && line.includes('no retries left')), {
      what: `the last failure of callback ${eventId}`,
    });
    const origin = new URL(refusing).origin;
    expect(sandbox.logs.filter((line) => line.includes(eventId))).toEqual([
      `callback ${eventId} to ${origin} failed on attempt 1 (connection failed: ECONNREFUSED); retrying in 10 ms`,
      `callback ${eventId} to ${origin} failed on attempt 2 (connection failed: ECONNREFUSED); no retries left`,
    ]);
  });
});
