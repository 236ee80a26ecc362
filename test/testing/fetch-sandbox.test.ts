// createFetchSandbox as a consumer's test uses it: the typed client through mock.fetch, the controls (complete,
// expire, deliveries), completion callbacks handed to onCallback or POSTed over HTTP, its options and its secrecy.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyCallback } from '../../src/callback/verify-callback.js';
import { createCheckoutClient } from '../../src/client/create-checkout-client.js';
import { CheckoutStateError, createFetchSandbox, type FetchSandbox, type OutgoingCallback } from '../../src/testing/index.js';
import { expectValid, validateCheckout } from '../sandbox/support/contract-checks.js';
import { startRecordingReceiver } from '../sandbox/support/recording-receiver.js';
import { CALLBACK_SECRET } from '../sandbox/support/sandbox-harness.js';
import { CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';
import { problemType } from '../support/problems.js';
import { waitFor } from '../support/wait-for.js';
import { createBody, createLogCollector, createManualClock, expectNoSecrets, rejectionOf, useFetchSandboxes } from './support.js';

const makeMock = useFetchSandboxes();

function clientFor(mock: FetchSandbox) {
  return createCheckoutClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, fetch: mock.fetch });
}

/** Creates a checkout through the client and returns its record; fails the test on anything but 201. */
async function createOpen(mock: FetchSandbox, changes: Record<string, unknown> = {}) {
  const { data, error } = await clientFor(mock).createCheckout(createBody(changes));
  if (!data) throw new Error(`expected 201, got ${JSON.stringify(error)}`);
  return data;
}

describe('the API through the typed client', () => {
  it('creates a checkout valid against the contract, and stores it', async () => {
    const mock = makeMock({ apiKey: CANARY_KEY });
    const { data, response } = await clientFor(mock).createCheckout(createBody());
    expect(response.status).toBe(201);
    expectValid(validateCheckout, data);
    expect(mock.checkouts()).toEqual([data]);
    expect(mock.checkout(data!.id)).toEqual(data);
  });

  it('replays an idempotent retry and refuses the key with another body', async () => {
    const mock = makeMock();
    const client = clientFor(mock);
    const first = await client.createCheckout(createBody(), { idempotencyKey: 'order-1001-attempt' });
    const replay = await client.createCheckout(createBody(), { idempotencyKey: 'order-1001-attempt' });
    expect(replay.response.status).toBe(201);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.data).toEqual(first.data);
    expect(mock.checkouts().map((checkout) => checkout.id)).toEqual([first.data!.id]);

    const reused = await client.createCheckout(createBody({ client_reference_id: 'order-1002' }), { idempotencyKey: 'order-1001-attempt' });
    expect(reused.response.status).toBe(422);
    expect(reused.error?.type).toBe(problemType('idempotency-key-reused'));
    expect(mock.checkouts().map((checkout) => checkout.id)).toEqual([first.data!.id]);
  });

  it('forgets an Idempotency-Key after 24 hours on the `now` clock', async () => {
    const clock = createManualClock();
    const mock = makeMock({ now: clock.now });
    const client = clientFor(mock);
    const first = await client.createCheckout(createBody(), { idempotencyKey: 'order-1001-attempt' });
    clock.advance(24 * 3_600_000);
    const later = await client.createCheckout(createBody(), { idempotencyKey: 'order-1001-attempt' });
    expect(later.response.status).toBe(201);
    expect(later.response.headers.get('idempotent-replayed')).toBeNull();
    expect(later.data?.id).not.toBe(first.data?.id);
  });

  it('rejects an aborted request as fetch does, and creates nothing', async () => {
    const mock = makeMock();
    const error = await rejectionOf(clientFor(mock).createCheckout(createBody(), { signal: AbortSignal.abort() }));
    expect(error.name).toBe('AbortError');
    expect(mock.checkouts()).toEqual([]);
  });

  it('answers an invalid body with 422 naming each field', async () => {
    const mock = makeMock();
    const { error, response } = await clientFor(mock).createCheckout(createBody({ currency: '', client_reference_id: '' }));
    expect(response.status).toBe(422);
    expect(error).toMatchObject({ type: problemType('validation-failed'), detail: 'The request body has 2 invalid fields.' });
    expect(error?.errors?.map(({ pointer }) => pointer).sort()).toEqual(['/client_reference_id', '/currency']);
    expect(error?.instance).toBe(response.headers.get('request-id'));
    expect(mock.checkouts()).toEqual([]);
  });

  it('limits the create calls with rateLimit, and says when to retry', async () => {
    const clock = createManualClock();
    const mock = makeMock({ now: clock.now, rateLimit: { requests: 1, windowMs: 60_000 } });
    await createOpen(mock);
    clock.advance(15_000);
    const { error, response } = await clientFor(mock).createCheckout(createBody());
    expect(response.status).toBe(429);
    expect(error?.type).toBe(problemType('rate-limited'));
    expect(response.headers.get('retry-after')).toBe('45');
    clock.advance(45_000);
    await createOpen(mock);
  });

  it('expires a checkout on read once sessionLifetimeMs has passed on the `now` clock', async () => {
    const clock = createManualClock();
    const mock = makeMock({ now: clock.now, sessionLifetimeMs: 60_000 });
    const created = await createOpen(mock);
    expect(Number(created.expiresAt)).toBe(clock.now() + 60_000);
    clock.advance(59_999);
    expect(mock.checkout(created.id)?.status).toBe('open');
    clock.advance(1);
    const expired = mock.checkout(created.id)!;
    expect(expired.status).toBe('expired');
    expect(mock.checkouts()).toEqual([expired]);
    expect(expired.updatedAt).toBe(`${expired.expiresAt.slice(0, -3)}.${expired.expiresAt.slice(-3)}000`);
  });
});

describe('callbacks handed to onCallback', () => {
  it('complete() sends a delivery that verifies with callbackSecret and carries the completed record', async () => {
    const received: OutgoingCallback[] = [];
    const mock = makeMock({ onCallback: (delivery) => void received.push(delivery) });
    const { id } = await createOpen(mock);
    const completed = await mock.complete(id);
    expect(completed.status).toBe('complete');
    expect(received.map(({ url }) => url)).toEqual([createBody().callback_url]);
    const event = verifyCallback({ payload: received[0].body, headers: received[0].headers, secret: mock.callbackSecret });
    expect(event.type).toBe('checkout.completed');
    expect(event.data).toEqual(completed);
    expect(mock.checkout(id)).toEqual(completed);
    expect(mock.deliveries(id)).toMatchObject([{ status: 'delivered', attempts: [{ attempt: 1, responseStatus: 200, error: null }] }]);
  });

  it('retries a failed attempt on the schedule of the `now` clock, with the same webhook-id', async () => {
    const clock = createManualClock();
    const answers = [500, 204];
    const received: OutgoingCallback[] = [];
    const mock = makeMock({
      now: clock.now,
      callbackRetryDelaysMs: [5_000, 300_000],
      callbackRetryJitter: 0,
      onCallback: (delivery) => {
        received.push(delivery);
        return answers.shift();
      },
    });
    const { id } = await createOpen(mock);
    const completedAt = clock.now();
    await mock.complete(id);
    clock.advance(4_999);
    expect(mock.deliveries(id)).toMatchObject([
      { status: 'pending', nextAttemptAt: new Date(completedAt + 5_000).toISOString(), attempts: [{ responseStatus: 500 }] },
    ]);
    clock.advance(1);
    await waitFor(() => mock.deliveries(id)[0]?.status === 'delivered', { what: 'the delivery of the callback' });
    const [delivery] = mock.deliveries(id);
    expect(
      delivery.attempts.map(({ attempt, responseStatus, startedAt, durationMs }) => [attempt, responseStatus, startedAt, durationMs]),
    ).toEqual([
      [1, 500, new Date(completedAt).toISOString(), 0],
      [2, 204, new Date(completedAt + 5_000).toISOString(), 0],
    ]);
    expect(received.map(({ headers }) => headers['webhook-timestamp'])).toEqual([
      String(Math.floor(completedAt / 1000)),
      String(Math.floor(completedAt / 1000) + 5),
    ]);
    expect(received.map(({ headers }) => headers['webhook-id'])).toEqual([delivery.eventId, delivery.eventId]);
    expect(received[1].body).toBe(received[0].body);
  });

  it('stops at a 410 Gone, with retries left', async () => {
    const { lines, log } = createLogCollector();
    const mock = makeMock({ callbackRetryDelaysMs: [10, 10], log, onCallback: () => 410 });
    const { id } = await createOpen(mock);
    await mock.complete(id);
    expect(mock.deliveries(id)).toMatchObject([{ status: 'failed', nextAttemptAt: null, attempts: [{ responseStatus: 410 }] }]);
    expect(lines).toEqual([expect.stringContaining('410 Gone, so no retries')]);
    expect(await mock.close()).toEqual([]);
  });

  it('counts a thrown error as an attempt without a reply, and retries it', async () => {
    const { lines, log } = createLogCollector();
    const clock = createManualClock();
    let calls = 0;
    const mock = makeMock({
      now: clock.now,
      callbackRetryDelaysMs: [10],
      callbackRetryJitter: 0,
      log,
      onCallback: () => {
        calls += 1;
        if (calls === 1) throw new Error('the webhook handler crashed');
      },
    });
    const { id } = await createOpen(mock);
    await mock.complete(id);
    clock.advance(10);
    await waitFor(() => mock.deliveries(id)[0]?.status === 'delivered', { what: 'the delivery of the callback' });
    expect(mock.deliveries(id)[0].attempts).toMatchObject([
      { attempt: 1, responseStatus: null, error: 'the webhook handler crashed' },
      { attempt: 2, responseStatus: 200, error: null },
    ]);
    expect(lines).toEqual([expect.stringContaining('failed on attempt 1 (the webhook handler crashed); retrying in 10 ms')]);
  });

  it('callbackRetryDelaysMs: [] fails an event after its first failed attempt', async () => {
    const mock = makeMock({ callbackRetryDelaysMs: [], onCallback: () => 500 });
    const { id } = await createOpen(mock);
    await mock.complete(id);
    expect(mock.deliveries(id)).toMatchObject([{ status: 'failed', nextAttemptAt: null, attempts: [{ responseStatus: 500 }] }]);
  });

  it('waits at least the Retry-After of a returned Response, and close() reports the event', async () => {
    const clock = createManualClock();
    const mock = makeMock({
      now: clock.now,
      callbackRetryDelaysMs: [10],
      callbackRetryJitter: 0,
      onCallback: () => new Response(null, { status: 503, headers: { 'retry-after': '120' } }),
    });
    const { id } = await createOpen(mock);
    await mock.complete(id);
    const [delivery] = mock.deliveries(id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: [{ responseStatus: 503 }] });
    expect(delivery.attempts[0].startedAt).toBe(new Date(clock.now()).toISOString());
    expect(delivery.nextAttemptAt).toBe(new Date(clock.now() + 120_000).toISOString());
    clock.advance(119_999);
    expect(mock.deliveries(id)[0].attempts).toHaveLength(1);
    expect(await mock.close()).toEqual([
      { checkoutId: id, eventId: delivery.eventId, url: createBody().callback_url, attempts: 1, nextAttemptAt: delivery.nextAttemptAt },
    ]);
  });
});

describe('requests fetch itself refuses (issue 28, R18)', () => {
  /** What the runtime's own Request throws for these arguments: what fetch rejects with. */
  function refusalOf(build: () => unknown): unknown {
    try {
      build();
    } catch (error) {
      return error;
    }
    throw new Error('expected the Request constructor to throw');
  }

  function postRequest(mock: FetchSandbox): Request {
    return new Request(`${mock.baseUrl}/api/v1/checkouts/`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${mock.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(createBody()),
    });
  }

  it.each([
    ['whose body was already read', async (request: Request) => void (await request.text())],
    ['whose body stream is locked by a reader', async (request: Request) => void request.body?.getReader()],
  ])('a Request %s rejects with the TypeError fetch gives, and creates nothing', async (_, useUp) => {
    const { lines, log } = createLogCollector();
    const mock = makeMock({ log });
    const request = postRequest(mock);
    await useUp(request);
    const expected = refusalOf(() => new Request(request));
    expect(expected).toBeInstanceOf(TypeError);
    const error = await rejectionOf(mock.fetch(request));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe((expected as TypeError).message);
    expect(mock.checkouts()).toEqual([]);
    expect(lines).toEqual([]);
  });

  it.each(['GET', 'HEAD', 'get'])('a %s with a body rejects with the TypeError fetch gives', async (method) => {
    const { lines, log } = createLogCollector();
    const mock = makeMock({ log });
    const url = `${mock.baseUrl}/api/v1/checkouts/`;
    const init = { method, headers: { authorization: `Api-Key ${mock.apiKey}` }, body: '{}' };
    const expected = refusalOf(() => new Request(url, init)) as TypeError;
    expect(expected).toBeInstanceOf(TypeError);
    const error = await rejectionOf(mock.fetch(url, init));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(expected.message);
    const asRequest = await rejectionOf(mock.fetch(new URL(url), { ...init, body: new Uint8Array([123, 125]) }));
    expect(asRequest).toBeInstanceOf(TypeError);
    expect(lines).toEqual([]);
  });

  it('a GET without a body, or with a null one, is answered as before: 405 with Allow', async () => {
    const mock = makeMock();
    for (const init of [{}, { body: null }]) {
      const response = await mock.fetch(`${mock.baseUrl}/api/v1/checkouts/`, {
        ...init,
        headers: { authorization: `Api-Key ${mock.apiKey}` },
      });
      expect([response.status, response.headers.get('allow')]).toEqual([405, 'POST']);
    }
  });
});

describe('one clock (issue 28, R14 and R19)', () => {
  it("with `now`, verifyCallback at that same clock accepts the sandbox's own callback, dated by it", async () => {
    const clock = createManualClock(Date.parse('2031-05-01T08:00:00.250Z'));
    const received: OutgoingCallback[] = [];
    const mock = makeMock({ now: clock.now, onCallback: (delivery) => void received.push(delivery) });
    const { id } = await createOpen(mock);
    clock.advance(90_000);
    const completed = await mock.complete(id);
    const [callback] = received;
    expect(callback.headers['webhook-timestamp']).toBe(String(Date.parse('2031-05-01T08:01:30Z') / 1000));
    const event = verifyCallback({ payload: callback.body, headers: callback.headers, secret: mock.callbackSecret, now: clock.now() });
    expect(event.timestamp).toBe('2031-05-01T08:01:30.250Z');
    expect(event.data.updatedAt).toBe('1935388890.250000');
    expect(event.data).toEqual(completed);
    expect(mock.deliveries(id)).toEqual([
      {
        eventId: callback.headers['webhook-id'],
        eventType: 'checkout.completed',
        url: createBody().callback_url,
        status: 'delivered',
        attempts: [{ attempt: 1, startedAt: '2031-05-01T08:01:30.250Z', durationMs: 0, responseStatus: 200, error: null }],
        nextAttemptAt: null,
      },
    ]);
  });

  it.each([
    ['complete', 'complete'],
    ['expire', 'expired'],
  ] as const)('%s() within the initial update delay moves updatedAt on, never back, and the callback carries it', async (call, status) => {
    const clock = createManualClock(Date.parse('2031-05-01T08:00:00Z'));
    const received: OutgoingCallback[] = [];
    const mock = makeMock({ now: clock.now, initialUpdateDelayMs: 60_000, onCallback: (delivery) => void received.push(delivery) });
    const created = await createOpen(mock);
    expect([created.createdAt, created.updatedAt]).toEqual(['1935388800.000000', '1935388860.000000']);
    clock.advance(1_000);
    const settled = await mock[call](created.id);
    expect(settled.status).toBe(status);
    // One microsecond after the updatedAt the create gave, since the clock (1935388801) has not reached it.
    expect(settled.updatedAt).toBe('1935388860.000001');
    expect(mock.checkout(created.id)?.updatedAt).toBe('1935388860.000001');
    const events = received.map(({ body }) => JSON.parse(body));
    expect(events.map((event) => [event.timestamp, event.data.updatedAt])).toEqual(
      call === 'complete' ? [['2031-05-01T08:01:00.000Z', '1935388860.000001']] : [],
    );
  });
});

describe('controls', () => {
  it('complete() and expire() of an unknown checkout reject with reason not-found', async () => {
    const mock = makeMock();
    for (const settle of [mock.complete, mock.expire]) {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const error = await rejectionOf(settle(id));
        expect(error).toBeInstanceOf(CheckoutStateError);
        expect(error).toMatchObject({ name: 'CheckoutStateError', reason: 'not-found' });
      }
    }
  });

  it('complete() and expire() of a completed checkout reject with reason not-open and leave it complete', async () => {
    const mock = makeMock();
    const { id } = await createOpen(mock);
    const completed = await mock.complete(id);
    for (const settle of [mock.complete, mock.expire]) {
      const error = await rejectionOf(settle(id.toUpperCase()));
      expect(error).toBeInstanceOf(CheckoutStateError);
      expect(error).toMatchObject({ reason: 'not-open', message: expect.stringContaining('complete is final') });
    }
    expect(mock.checkout(id)).toEqual(completed);
  });

  it('expire() ends an open checkout before its time', async () => {
    const mock = makeMock();
    const { id } = await createOpen(mock);
    const expired = await mock.expire(id);
    expect(expired.status).toBe('expired');
    expect(mock.checkout(id)).toEqual(expired);
    expect(mock.deliveries(id)).toEqual([]);
  });
});

describe('baseUrl', () => {
  it('refuses a URL outside baseUrl as a network would, without its query in the message', async () => {
    const mock = makeMock();
    const outside = [
      `https://elsewhere.example/api/v1/checkouts/?token=${CANARY_CALLBACK_TOKEN}`,
      `https://checkout.test.example/api/v1/checkouts/?token=${CANARY_CALLBACK_TOKEN}`,
      `http://checkout.test/api/v1/checkouts/?token=${CANARY_CALLBACK_TOKEN}`,
    ];
    for (const url of outside) {
      const error = await rejectionOf(mock.fetch(url, { method: 'POST' }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toContain(`${url.split('?')[0]} is not under the sandbox's baseUrl https://checkout.test`);
      expect(error.message).not.toContain('token');
    }
  });

  it('serves a baseUrl with a path prefix, and nothing beside it', async () => {
    const mock = makeMock({ baseUrl: 'https://api.shop.example/payments/' });
    expect(mock.baseUrl).toBe('https://api.shop.example/payments');
    const created = await createOpen(mock);
    expect(mock.checkouts().map(({ id }) => id)).toEqual([created.id]);
    for (const url of ['https://api.shop.example/api/v1/checkouts/', 'https://api.shop.example/payments-v2/api/v1/checkouts/']) {
      expect(await rejectionOf(mock.fetch(url, { method: 'POST' }))).toBeInstanceOf(TypeError);
    }
  });

  it('serves the stand-in checkout page at a checkout url', async () => {
    const mock = makeMock();
    const created = await createOpen(mock);
    const page = await mock.fetch(created.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<strong id="status">open</strong>');
  });

  it('serves the checkout page at a checkout url under a baseUrl with a path prefix', async () => {
    const mock = makeMock({ baseUrl: 'https://api.shop.example/payments' });
    const created = await createOpen(mock);
    const page = await mock.fetch(created.url);
    expect(page.status).toBe(200);
  });
});

describe('options', () => {
  it.each([
    ['sessionLifetimeMs', { sessionLifetimeMs: 0 }],
    ['rateLimit', { rateLimit: { requests: 0, windowMs: 60_000 } }],
    ['apiKey', { apiKey: `${CANARY_KEY},other` }],
    ['apiKey', { apiKey: `${CANARY_KEY} with a space` }],
    ['baseUrl', { baseUrl: 'checkout.test' }],
    ['baseUrl', { baseUrl: `https://checkout.test/?token=${CANARY_CALLBACK_TOKEN}` }],
    ['callbackSecret', { callbackSecret: `whsec_${CANARY_KEY}!` }],
    ['checkoutPageUrl', { checkoutPageUrl: `https://pay.example/?token=${CANARY_CALLBACK_TOKEN}` }],
    ['callbackRetryJitter', { callbackRetryJitter: 2 }],
    ['callbackRetryDelaysMs', { callbackRetryDelaysMs: [10, -1] }],
    ['testRates', { testRates: { EUR: 'one' } }],
    ['maxSessions', { maxSessions: 1.5 }],
  ] as const)('a bad %s throws a TypeError that names it and holds no secret', (name, options) => {
    let error: unknown;
    try {
      createFetchSandbox(options);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(TypeError);
    const { message } = error as TypeError;
    expect(message).toMatch(new RegExp(`^createFetchSandbox: .*options\\.${name}\\b`));
    expect(message).not.toContain('CHECKOUT_');
    expectNoSecrets(message, CALLBACK_SECRET);
  });

  it("apiKey: '' throws instead of generating a key", () => {
    expect(() => createFetchSandbox({ apiKey: '' })).toThrow(/options\.apiKey/);
  });

  it('generates an API key and callback secret when none is given, different for each mock', () => {
    const [one, two] = [makeMock(), makeMock()];
    expect(one.apiKey).toMatch(/^sk_sandbox_/);
    expect(one.callbackSecret).toMatch(/^whsec_/);
    expect(one.apiKey).not.toBe(two.apiKey);
    expect(one.callbackSecret).not.toBe(two.callbackSecret);
  });
});

describe('secrecy', () => {
  it('never puts the API key, the callback secret or a callback URL token in a log line or a thrown message', async () => {
    const { lines, log } = createLogCollector();
    const callbackUrl = `https://shop.example.com/webhooks/checkout?token=${CANARY_CALLBACK_TOKEN}`;
    const clock = createManualClock();
    const mock = makeMock({
      now: clock.now,
      apiKey: CANARY_KEY,
      callbackSecret: CALLBACK_SECRET,
      callbackRetryDelaysMs: [10],
      callbackRetryJitter: 0,
      log,
      onCallback: ({ url }) => {
        throw new Error(`connect ECONNRESET while posting to ${url}`);
      },
    });
    const { id } = await createOpen(mock, { callback_url: callbackUrl });
    await mock.complete(id);
    clock.advance(10);
    await waitFor(() => mock.deliveries(id)[0]?.status === 'failed', { what: 'the last failed attempt' });
    const messages = [
      await rejectionOf(mock.complete(id)),
      await rejectionOf(mock.expire(randomUUID())),
      await rejectionOf(mock.fetch(`https://elsewhere.example/?key=${CANARY_KEY}`)),
    ].map((error) => error.message);
    const { eventId } = mock.deliveries(id)[0];
    const failedOn = (attempt: number) =>
      `callback ${eventId} to https://shop.example.com failed on attempt ${attempt} (connect ECONNRESET while posting to https://shop.example.com/webhooks/checkout?[REDACTED])`;
    expect(lines).toEqual([`${failedOn(1)}; retrying in 10 ms`, `${failedOn(2)}; no retries left`]);
    expectNoSecrets([...lines, ...messages].join('\n'), CALLBACK_SECRET);
  });
});

describe('callbacks over HTTP, without onCallback', () => {
  it('POSTs the signed callback to its callback_url', async () => {
    const receiver = await startRecordingReceiver();
    await receiver.up();
    try {
      const mock = makeMock({ callbackSecret: CALLBACK_SECRET });
      const { id } = await createOpen(mock, { callback_url: receiver.url });
      const completed = await mock.complete(id);
      expect(receiver.received.map(({ headers }) => headers['webhook-id'])).toEqual([mock.deliveries(id)[0].eventId]);
      const [{ body, headers }] = receiver.received;
      expect(verifyCallback({ payload: body, headers, secret: CALLBACK_SECRET }).data).toEqual(completed);
      expect(mock.deliveries(id)).toMatchObject([{ status: 'delivered', attempts: [{ responseStatus: 204 }] }]);
    } finally {
      await receiver.down();
    }
  });

  it('close() returns the events a failing receiver has not taken', async () => {
    const receiver = await startRecordingReceiver();
    receiver.reply = 500;
    await receiver.up();
    try {
      const mock = makeMock({ callbackRetryDelaysMs: [60_000], callbackRetryJitter: 0 });
      const { id } = await createOpen(mock, { callback_url: receiver.url });
      await mock.complete(id);
      const [delivery] = mock.deliveries(id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: [{ responseStatus: 500 }] });
      expect(await mock.close()).toEqual([
        { checkoutId: id, eventId: delivery.eventId, url: receiver.url, attempts: 1, nextAttemptAt: delivery.nextAttemptAt },
      ]);
      expect(receiver.received.map(({ headers }) => headers['webhook-id'])).toEqual([delivery.eventId]);
    } finally {
      await receiver.down();
    }
  });
});
