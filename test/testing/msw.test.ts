// createCheckoutHandlers: the mock behind MSW's request interception, for a suite that already uses MSW. The typed
// client is given no fetch: it calls the global fetch, which MSW intercepts, and requests under the user's baseUrl
// (a path prefix included) reach the mock re-addressed; anything else is not handled.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CheckoutNetworkError } from '../../src/client/checkout-network-error.js';
import { createCheckoutClient } from '../../src/client/create-checkout-client.js';
import { createFetchSandbox } from '../../src/testing/index.js';
import { createCheckoutHandlers } from '../../src/testing/msw.js';
import { CANARY_KEY } from '../support/canary.js';
import { problemType } from '../support/problems.js';
import { createBody, rejectionOf } from './support.js';

const BASE_URL = 'https://api.shop.example/payments';
const mock = createFetchSandbox({ apiKey: CANARY_KEY });
const unhandled: string[] = [];
const server = setupServer(...createCheckoutHandlers(mock, { baseUrl: BASE_URL }));
const client = createCheckoutClient({ baseUrl: BASE_URL, apiKey: CANARY_KEY });

beforeAll(() => {
  server.events.on('request:unhandled', ({ request }) => {
    unhandled.push(`${request.method} ${request.url}`);
  });
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  unhandled.length = 0;
  server.resetHandlers();
});

afterAll(async () => {
  server.close();
  await mock.close();
});

describe('createCheckoutHandlers under a baseUrl with a path prefix', () => {
  it('creates a checkout through the global fetch', async () => {
    const { data, response } = await client.createCheckout(createBody());
    expect(response.status).toBe(201);
    expect(mock.checkout(data!.id)).toEqual(data);
    expect(response.headers.get('request-id')).toMatch(/^urn:uuid:/);
    // A GET under the prefix reaches the mock's sandbox helper routes too.
    const read = await fetch(`${BASE_URL}/sandbox/v1/checkouts/${data!.id}`, { headers: { authorization: `Api-Key ${CANARY_KEY}` } });
    expect(await read.json()).toEqual(data);
    expect(unhandled).toEqual([]);
  });

  it('answers an invalid body with the 422 problem', async () => {
    const { error, response } = await client.createCheckout(createBody({ currency: '' }));
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(error).toMatchObject({ type: problemType('validation-failed'), errors: [{ pointer: '/currency' }] });
  });

  it('replays an idempotent retry', async () => {
    const body = createBody({ client_reference_id: 'order-msw-1' });
    const first = await client.createCheckout(body, { idempotencyKey: 'msw-replay-1' });
    const replay = await client.createCheckout(body, { idempotencyKey: 'msw-replay-1' });
    expect(replay.response.status).toBe(201);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.data).toEqual(first.data);
    const replayed = mock.checkouts().filter(({ clientReferenceId }) => clientReferenceId === 'order-msw-1');
    expect(replayed.map(({ id }) => id)).toEqual([first.data!.id]);
  });

  it.each(['https://api.shop.example', 'https://api.shop.example/payments-v2'])(
    'leaves a request under %s, outside the baseUrl, unhandled',
    async (outsideBaseUrl) => {
      const outside = createCheckoutClient({ baseUrl: outsideBaseUrl, apiKey: CANARY_KEY });
      const before = mock.checkouts().map(({ id }) => id);
      const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const error = await rejectionOf(outside.createCheckout(createBody()));
        expect(error).toBeInstanceOf(CheckoutNetworkError);
        expect(String((error as CheckoutNetworkError).cause)).toContain('Cannot bypass a request when using the "error" strategy');
        expect(printed).toHaveBeenCalledWith(expect.stringContaining(`POST ${outsideBaseUrl}/api/v1/checkouts/`));
      } finally {
        printed.mockRestore();
      }
      expect(unhandled).toEqual([`POST ${outsideBaseUrl}/api/v1/checkouts/`]);
      expect(mock.checkouts().map(({ id }) => id)).toEqual(before);
    },
  );
});

/** Creates a checkout under `baseUrl` through the global fetch; the outcome as `<status>` or `unhandled`. */
async function createUnder(baseUrl: string): Promise<string> {
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const { response } = await createCheckoutClient({ baseUrl, apiKey: CANARY_KEY }).createCheckout(createBody());
    return String(response.status);
  } catch (error) {
    expect(error).toBeInstanceOf(CheckoutNetworkError);
    return 'unhandled';
  } finally {
    printed.mockRestore();
  }
}

// Each base URL holds characters that mean something in an MSW path pattern: an IPv6 host's brackets and port, `+`,
// a group, a `:name` parameter. Each neighbour is a URL such a pattern would also have matched.
describe.each([
  ['http://[::1]:4010', ['http://[::1]:4011', 'http://[::2]:4010', 'http://127.0.0.1:4010']],
  ['https://api.shop.example/a+b', ['https://api.shop.example/aab', 'https://api.shop.example/a+bc', 'https://api.shop.example/b']],
  ['https://api.shop.example/(x)', ['https://api.shop.example/x', 'https://api.shop.example/(x)y']],
  [
    'https://api.shop.example/v1:beta',
    ['https://api.shop.example/v1', 'https://api.shop.example/v1-other', 'https://api.shop.example/v1:betas'],
  ],
])('createCheckoutHandlers under the baseUrl %s', (baseUrl, neighbours) => {
  it('answers a create under it from the mock, and the other handlers of the server still answer', async () => {
    server.use(...createCheckoutHandlers(mock, { baseUrl }));
    const before = mock.checkouts().length;
    expect(await createUnder(baseUrl)).toBe('201');
    expect(await createUnder(`${baseUrl}/`)).toBe('201');
    expect(await createUnder(BASE_URL)).toBe('201');
    expect(mock.checkouts().length - before).toBe(3);
    expect(unhandled).toEqual([]);
  });

  it.each(neighbours)('leaves a request under the neighbouring %s unhandled', async (neighbour) => {
    server.use(...createCheckoutHandlers(mock, { baseUrl }));
    const before = mock.checkouts().map(({ id }) => id);
    expect(await createUnder(neighbour)).toBe('unhandled');
    expect(unhandled).toEqual([`POST ${new URL(`${neighbour}/api/v1/checkouts/`).href}`]);
    expect(mock.checkouts().map(({ id }) => id)).toEqual(before);
  });
});

describe('createCheckoutHandlers refuses a baseUrl that is not one', () => {
  it.each([
    ['not absolute', '/payments'],
    ['not http(s)', 'ftp://api.shop.example'],
    ['with a user and password', `https://user:${CANARY_KEY}@api.shop.example`],
    ['with a query', `https://api.shop.example/payments?key=${CANARY_KEY}`],
    ['with a fragment', 'https://api.shop.example/payments#top'],
  ])('%s, with a TypeError that names the option and never echoes the URL', (_name, baseUrl) => {
    expect(() => createCheckoutHandlers(mock, { baseUrl })).toThrow(
      new TypeError(
        'createCheckoutHandlers: options.baseUrl must be an absolute http(s) URL without user, password, query or fragment, such as https://api.checkout.example.',
      ),
    );
  });
});
