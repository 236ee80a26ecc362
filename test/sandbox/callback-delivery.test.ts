import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyCallback } from '../../src/callback/verify-callback.js';
import { createManualClock } from '../support/manual-clock.js';
import { waitFor, waitForMarker } from '../support/wait-for.js';
import { expectValid, namedRequests, validateCompletedEvent } from './support/contract-checks.js';
import { type RecordingReceiver, startRecordingReceiver } from './support/recording-receiver.js';
import { sandboxValidatorFor } from './support/sandbox-document.js';
import { CALLBACK_SECRET, startTestSandbox, type TestSandbox } from './support/sandbox-harness.js';

const validateDeliveries = sandboxValidatorFor('CallbackDeliveryList');
const BAD_SIGNATURE = expect.objectContaining({ name: 'CallbackVerificationError', code: 'bad_signature' });
const RETRY_DELAYS_MS = [60, 120, 180, 240];
// Long enough for an answering receiver's reply to arrive on a loaded machine; only the silent receiver waits it out
// (an attempt's timeout is real time, callback-dispatcher.ts says why).
const ATTEMPT_TIMEOUT_MS = 1000;
// The sandbox's one clock: its retries are due when the test moves it there (issue 28, R19).
const clock = createManualClock();

let sandbox: TestSandbox;
let receiver: RecordingReceiver;
beforeAll(async () => {
  sandbox = await startTestSandbox(
    {
      CHECKOUT_CALLBACK_RETRY_DELAYS_MS: RETRY_DELAYS_MS.join(','),
      CHECKOUT_CALLBACK_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
    },
    {},
    { clock },
  );
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  await receiver?.down();
});

async function completeCheckoutWithCallback(callbackUrl: string): Promise<{ id: string; completed: any }> {
  const body = { ...structuredClone(namedRequests.usdtOnTron), callback_url: callbackUrl };
  const created = await (await sandbox.createCheckout(body)).json();
  const completed = await (await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/complete`)).json();
  return { id: created.id, completed };
}

async function deliveriesOf(id: string): Promise<any[]> {
  const list = await (await sandbox.callHelper('GET', `/sandbox/v1/checkouts/${id}/deliveries`)).json();
  expect(validateDeliveries(list), JSON.stringify(validateDeliveries.errors)).toBe(true);
  return list.deliveries;
}

async function waitForDeliveryStatus(id: string, status: string): Promise<any> {
  let delivery: any;
  // A guard against a hang, not a speed goal: the silent receiver alone takes five attempts of ATTEMPT_TIMEOUT_MS.
  return waitFor(
    async () => {
      [delivery] = await deliveriesOf(id);
      return delivery?.status === status && delivery;
    },
    { what: () => `status ${status} of the delivery (it is ${JSON.stringify(delivery)})`, deadlineMs: 45_000, pollMs: 20 },
  );
}

/** Waits for the delivery's attempt number `attempts` to end, then (after `meanwhile`) moves the clock to its retry. */
async function advanceToRetry(id: string, attempts: number, meanwhile = async () => {}): Promise<void> {
  let delivery: any;
  await waitFor(
    async () => {
      [delivery] = await deliveriesOf(id);
      return delivery?.attempts.length === attempts;
    },
    { what: () => `attempt ${attempts} of the delivery (it is ${JSON.stringify(delivery)})`, deadlineMs: 45_000, pollMs: 20 },
  );
  expect(delivery.status).toBe('pending');
  await meanwhile();
  clock.advance(Date.parse(delivery.nextAttemptAt) - clock.now());
}

describe('checkout.completed callbacks (D5–D7)', () => {
  it('reach a receiver that is down for the first attempts once it is up: nothing lost', async () => {
    receiver = await startRecordingReceiver();
    const { id, completed } = await completeCheckoutWithCallback(receiver.url);
    // Down (connection refused) for the first attempt and the first retry, then up.
    await advanceToRetry(id, 1);
    await advanceToRetry(id, 2, () => receiver.up());
    const delivery = await waitForDeliveryStatus(id, 'delivered');

    expect(receiver.received.map((callback) => callback.headers['webhook-id'])).toEqual([delivery.eventId]);
    expect(delivery.attempts.slice(0, 2).map((attempt: any) => [attempt.responseStatus, attempt.error])).toEqual([
      [null, 'connection failed: ECONNREFUSED'],
      [null, 'connection failed: ECONNREFUSED'],
    ]);
    expect(delivery.attempts.at(-1).responseStatus).toBe(204);
    expect(delivery.nextAttemptAt).toBeNull();
    // Retries keep to the configured schedule, on the sandbox's clock.
    const started = delivery.attempts.map((attempt: any) => Date.parse(attempt.startedAt));
    expect(started.map((at: number) => at - started[0])).toEqual([0, 60, 180]);

    const [callback] = receiver.received;
    expect(callback.headers['content-type']).toBe('application/json');
    expect(callback.headers['webhook-id']).toBe(delivery.eventId);
    expect(callback.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9]{8,64}$/);
    expect(callback.headers['webhook-timestamp']).toBe(String(Math.floor(started[2] / 1000)));
    expect(callback.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);

    const headers = callback.headers as Record<string, string>;
    const event = verifyCallback({ payload: callback.body, headers, secret: CALLBACK_SECRET, now: clock.now() });
    expectValid(validateCompletedEvent, event);
    expect(event.type).toBe('checkout.completed');
    expect(event.data).toEqual(completed);
    expect(Date.parse(event.timestamp)).toBe(Math.floor(Number(completed.updatedAt) * 1000));
  });

  it('retry a non-2xx reply with the same webhook-id and body, and stop at the first 2xx', async () => {
    receiver = await startRecordingReceiver();
    receiver.reply = (delivery) => (delivery <= 2 ? 503 : 200);
    await receiver.up();
    const { id } = await completeCheckoutWithCallback(receiver.url);
    await advanceToRetry(id, 1);
    await advanceToRetry(id, 2);
    const delivery = await waitForDeliveryStatus(id, 'delivered');
    expect(delivery.attempts.map((attempt: any) => attempt.responseStatus)).toEqual([503, 503, 200]);
    const { eventId } = delivery;
    expect(receiver.received.map((callback) => callback.headers['webhook-id'])).toEqual([eventId, eventId, eventId]);
    const [{ body }] = receiver.received;
    expect(receiver.received.map((callback) => callback.body)).toEqual([body, body, body]);
    for (const callback of receiver.received) {
      expect(() =>
        verifyCallback({
          payload: callback.body,
          headers: callback.headers as Record<string, string>,
          secret: CALLBACK_SECRET,
          now: clock.now(),
        }),
      ).not.toThrow();
    }
  });

  it('retry a receiver that does not answer within the timeout, then give up after the schedule', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (silent.address() as import('node:net').AddressInfo).port;
      const { id } = await completeCheckoutWithCallback(`http://127.0.0.1:${port}/hook`);
      for (const attempts of [1, 2, 3, 4]) await advanceToRetry(id, attempts);
      const delivery = await waitForDeliveryStatus(id, 'failed');
      const timedOut = { responseStatus: null, error: `no reply within ${ATTEMPT_TIMEOUT_MS} ms` };
      // The first attempt and one retry per delay of RETRY_DELAYS_MS.
      const numbers = [1, ...RETRY_DELAYS_MS.map((_, index) => index + 2)];
      expect(delivery.attempts).toEqual(numbers.map((attempt) => expect.objectContaining({ attempt, ...timedOut })));
      expect(delivery.nextAttemptAt).toBeNull();
      expect(sandbox.logs.some((line) => line.includes(delivery.eventId) && line.includes('no retries left'))).toBe(true);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  // Issue 30: a callback_url on a name reserved for documentation (the contract's examples use shop.example.com) is
  // never called nor looked up (the suite refuses lookups off loopback): one attempt, failed, no retries.
  it('never call a host reserved for documentation: one failed attempt that says so, no retries', async () => {
    const { id } = await completeCheckoutWithCallback('https://shop.example.com/webhooks/checkout?token=t0k3n');
    const delivery = await waitForDeliveryStatus(id, 'failed');
    expect(delivery.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        responseStatus: null,
        error: 'not sent: the host is under example.com, reserved for documentation (RFC 2606, RFC 6761); nothing was called',
      }),
    ]);
    expect(delivery.nextAttemptAt).toBeNull();
    const line = sandbox.logs.find((candidate) => candidate.includes(delivery.eventId));
    expect(line).toBe(
      `callback ${delivery.eventId} to https://shop.example.com failed on attempt 1 (not sent: the host is under example.com, reserved for documentation (RFC 2606, RFC 6761); nothing was called); no retries`,
    );
  });

  it('carry a signature the verifier accepts, and that it rejects once the body or the id is tampered with', async () => {
    receiver = await startRecordingReceiver();
    await receiver.up();
    await completeCheckoutWithCallback(receiver.url);
    await receiver.waitFor(1);
    const [callback] = receiver.received;
    const headers = callback.headers as Record<string, string>;
    expect(verifyCallback({ payload: callback.body, headers, secret: CALLBACK_SECRET, now: clock.now() }).type).toBe('checkout.completed');

    const tamperedBody = callback.body.replace('"amountTotal":"25.00"', '"amountTotal":"0.01"');
    expect(tamperedBody).not.toBe(callback.body);
    expect(() => verifyCallback({ payload: tamperedBody, headers, secret: CALLBACK_SECRET })).toThrow(BAD_SIGNATURE);
    expect(() =>
      verifyCallback({ payload: callback.body, headers: { ...headers, 'webhook-id': 'msg_000000000000' }, secret: CALLBACK_SECRET }),
    ).toThrow(BAD_SIGNATURE);
    const otherSecret = `whsec_${Buffer.from('another-secret-of-32-bytes-long!').toString('base64')}`;
    expect(() => verifyCallback({ payload: callback.body, headers, secret: otherSecret })).toThrow(BAD_SIGNATURE);
  });

  it('send nothing for a checkout that expires, or one without callback_url', async () => {
    receiver = await startRecordingReceiver();
    await receiver.up();
    const body = { ...structuredClone(namedRequests.usdtOnTron), callback_url: receiver.url };
    const created = await (await sandbox.createCheckout(body)).json();
    await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/expire`);
    const noCallbackUrl: Record<string, unknown> = structuredClone(namedRequests.usdtOnTron);
    delete noCallbackUrl.callback_url;
    const withoutUrl = await (await sandbox.createCheckout(noCallbackUrl)).json();
    await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${withoutUrl.id}/complete`);
    // The marker: a checkout completed after both, whose callback a callback of either would have come before.
    const { id: markerId } = await completeCheckoutWithCallback(receiver.url);
    await waitForMarker(() => receiver.received.length > 0, { what: "the later checkout's callback" });
    expect(receiver.received.map((callback) => JSON.parse(callback.body).data.id)).toEqual([markerId]);
    expect(await deliveriesOf(created.id)).toEqual([]);
    expect(await deliveriesOf(withoutUrl.id)).toEqual([]);
  });
});
