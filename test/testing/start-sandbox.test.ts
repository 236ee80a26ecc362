// startSandbox: the sandbox server inside the test runner, on a free loopback port, with the controls as functions
// and their effects visible over HTTP through the sandbox helper routes (openapi-sandbox/openapi.yaml).
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyCallback } from '../../src/callback/verify-callback.js';
import { createCheckoutClient } from '../../src/client/create-checkout-client.js';
import { type OutgoingCallback, startSandbox, type TestSandbox } from '../../src/testing/index.js';
import { expectValid, validateCheckout } from '../sandbox/support/contract-checks.js';
import { sandboxValidatorFor } from '../sandbox/support/sandbox-document.js';
import { CANARY_KEY, UNKNOWN_CANARY_KEY } from '../support/canary.js';
import { readProblem } from '../support/problems.js';
import { waitFor } from '../support/wait-for.js';
import { createBody, createManualClock } from './support.js';

const validateDeliveries = sandboxValidatorFor('CallbackDeliveryList');
const started: TestSandbox[] = [];

async function start(options: Parameters<typeof startSandbox>[0] = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox(options);
  started.push(sandbox);
  return sandbox;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((sandbox) => sandbox.close()));
});

/** GET a sandbox helper route with the sandbox's own key. */
function readHelper(sandbox: TestSandbox, path: string): Promise<Response> {
  return fetch(`${sandbox.baseUrl}${path}`, { headers: { authorization: `Api-Key ${sandbox.apiKey}` } });
}

/** Resolves with the error code of a TCP connection to `port`, or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('startSandbox', () => {
  it('listens on 127.0.0.1 and accepts its apiKey only', async () => {
    const sandbox = await start({ apiKey: CANARY_KEY });
    expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/);
    expect(sandbox.apiKey).toBe(CANARY_KEY);
    const { data, response } = await createCheckoutClient({ baseUrl: sandbox.baseUrl, apiKey: CANARY_KEY }).createCheckout(createBody());
    expect(response.status).toBe(201);
    expect(sandbox.checkouts()).toEqual([data]);
    // Its checkout url is its own stand-in page.
    const page = await fetch(data!.url);
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('<strong id="status">open</strong>')]);
    const refused = await createCheckoutClient({ baseUrl: sandbox.baseUrl, apiKey: UNKNOWN_CANARY_KEY }).createCheckout(createBody());
    expect(refused.response.status).toBe(401);
    expect(sandbox.checkouts()).toEqual([data]);
  });

  it('complete() and expire() act in-process, and GET /sandbox/v1/checkouts/{id} shows them', async () => {
    const sandbox = await start({ onCallback: () => 204 });
    const client = createCheckoutClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
    const [toComplete, toExpire] = await Promise.all([client.createCheckout(createBody()), client.createCheckout(createBody())]);
    const completed = await sandbox.complete(toComplete.data!.id);
    const expired = await sandbox.expire(toExpire.data!.id);
    for (const record of [completed, expired]) {
      const response = await readHelper(sandbox, `/sandbox/v1/checkouts/${record.id}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      expectValid(validateCheckout, body);
      expect(body).toEqual(record);
    }
    expect([completed.status, expired.status]).toEqual(['complete', 'expired']);
    expect(sandbox.deliveries(completed.id)).toMatchObject([{ status: 'delivered', attempts: [{ responseStatus: 204 }] }]);
    expect(sandbox.deliveries(expired.id)).toEqual([]);
    const deliveries = await (await readHelper(sandbox, `/sandbox/v1/checkouts/${completed.id}/deliveries`)).json();
    expectValid(validateDeliveries, deliveries);
    expect(deliveries).toEqual({ deliveries: sandbox.deliveries(completed.id) });
  });

  it('with `now`, signs and retries its callbacks on that clock: verifyCallback at it accepts them (issue 28, R19)', async () => {
    const clock = createManualClock(Date.parse('2031-05-01T08:00:00Z'));
    const received: OutgoingCallback[] = [];
    const answers = [503, 204];
    const sandbox = await start({
      now: clock.now,
      callbackRetryDelaysMs: [5_000],
      callbackRetryJitter: 0,
      onCallback: (callback) => {
        received.push(callback);
        return answers.shift();
      },
    });
    const { data } = await createCheckoutClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }).createCheckout(createBody());
    await sandbox.complete(data!.id);
    clock.advance(5_000);
    await waitFor(() => sandbox.deliveries(data!.id)[0]?.status === 'delivered', { what: 'the retried delivery' });
    expect(received.map(({ headers }) => headers['webhook-timestamp'])).toEqual(['1935388800', '1935388805']);
    for (const { body, headers } of received) {
      expect(verifyCallback({ payload: body, headers, secret: sandbox.callbackSecret, now: clock.now() }).data.id).toBe(data!.id);
    }
  });

  it('answers a helper read of an unknown checkout with 404 checkout-not-found', async () => {
    const sandbox = await start();
    await readProblem(await readHelper(sandbox, '/sandbox/v1/checkouts/00000000-0000-4000-8000-000000000000'), 404, 'checkout-not-found');
  });

  it('close() frees its port: a connection afterwards is refused', async () => {
    const sandbox = await start();
    const port = Number(new URL(sandbox.baseUrl).port);
    expect(await tryConnect(port)).toBe('connected');
    expect(await sandbox.close()).toEqual([]);
    expect(await tryConnect(port)).toBe('ECONNREFUSED');
  });

  it('runs two sandboxes side by side, each with its own port and keys', async () => {
    const [one, two] = await Promise.all([start(), start()]);
    expect(one.baseUrl).not.toBe(two.baseUrl);
    expect(one.apiKey).not.toBe(two.apiKey);
    expect(one.callbackSecret).not.toBe(two.callbackSecret);
    const oneKeyOnTwo = await createCheckoutClient({ baseUrl: two.baseUrl, apiKey: one.apiKey }).createCheckout(createBody());
    expect(oneKeyOnTwo.response.status).toBe(401);
  });

  it('names a bad option in its TypeError', async () => {
    await expect(startSandbox({ sessionLifetimeMs: 0 })).rejects.toThrow(/^startSandbox: .*options\.sessionLifetimeMs/);
    await expect(startSandbox({ sessionLifetimeMs: 0 })).rejects.toBeInstanceOf(TypeError);
  });
});
