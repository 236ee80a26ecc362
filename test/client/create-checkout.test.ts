import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHECKOUT_STATUSES } from '../../src/client/read-answer.js';
import { loadContract } from '../../src/contract/load-contract.js';
import { type CheckoutClient, CheckoutNetworkError, createCheckoutClient } from '../../src/index.js';
import { CANARY_KEY } from '../support/canary.js';
import { freePort } from '../support/ports.js';
import { waitFor } from '../support/wait-for.js';
import { createdCheckout, json201, problemExamples, requestBody } from './client-fixtures.js';
import { type PlannedAnswer, type RecordingServer, startRecordingServer } from './recording-server.js';

let server: RecordingServer;
let client: CheckoutClient;

beforeAll(async () => {
  server = await startRecordingServer();
  client = createCheckoutClient({ baseUrl: server.baseUrl, apiKey: CANARY_KEY });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('createCheckout sends the request the contract describes', () => {
  it('POSTs the JSON body to /api/v1/checkouts/ (trailing slash) with the API key', async () => {
    server.answerNext(json201(createdCheckout));
    await client.createCheckout(requestBody);
    expect(server.requests.map(({ method, url }) => `${method} ${url}`)).toEqual(['POST /api/v1/checkouts/']);
    const [sent] = server.requests;
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers.authorization).toBe(`Api-Key ${CANARY_KEY}`);
    expect(JSON.parse(sent.body)).toEqual(requestBody);
    expect(sent.headers).not.toHaveProperty('idempotency-key');
  });

  it('sends the idempotency key as Idempotency-Key', async () => {
    server.answerNext(json201(createdCheckout));
    await client.createCheckout(requestBody, { idempotencyKey: '5f0c8a52-3b1e-4d1a-9f43-2a7f6d0c1e88' });
    expect(server.requests[0].headers['idempotency-key']).toBe('5f0c8a52-3b1e-4d1a-9f43-2a7f6d0c1e88');
  });

  it('adds extra headers, but Authorization always carries the configured key', async () => {
    const custom = createCheckoutClient({
      baseUrl: `${server.baseUrl}/`,
      apiKey: CANARY_KEY,
      headers: { 'User-Agent': 'shop/1.0', Authorization: 'Bearer something-else' },
    });
    server.answerNext(json201(createdCheckout));
    await custom.createCheckout(requestBody);
    const [sent] = server.requests;
    expect(sent.url).toBe('/api/v1/checkouts/');
    expect(sent.headers['user-agent']).toBe('shop/1.0');
    expect(sent.headers.authorization).toBe(`Api-Key ${CANARY_KEY}`);
  });

  it('calls an injected fetch as fetch(url, init)', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const injected = createCheckoutClient({
      baseUrl: 'https://api.checkout.example',
      apiKey: CANARY_KEY,
      fetch: async (url, init) => {
        calls.push({ url, init });
        return new Response(JSON.stringify(createdCheckout), { status: 201, headers: { 'Content-Type': 'application/json' } });
      },
    });
    const { data } = await injected.createCheckout(requestBody, { idempotencyKey: 'order-1001' });
    expect(data).toEqual(createdCheckout);
    expect(calls.map(({ url }) => url)).toEqual(['https://api.checkout.example/api/v1/checkouts/']);
    expect(calls[0].init.method).toBe('POST');
    expect(new Headers(calls[0].init.headers).get('idempotency-key')).toBe('order-1001');
    expect(JSON.parse(calls[0].init.body as string)).toEqual(requestBody);
  });
});

describe('createCheckout resolves every HTTP answer', () => {
  it('201 → data is the checkout, error is undefined', async () => {
    server.answerNext({ ...json201(createdCheckout), headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' } });
    const { data, error, response } = await client.createCheckout(requestBody);
    expect(error).toBeUndefined();
    expect(data).toEqual(createdCheckout);
    expect(response.status).toBe(201);
    expect(response.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('200 → data is the checkout too (D1 documents 200 beside 201 with the same record)', async () => {
    server.answerNext({ ...json201(createdCheckout), status: 200 });
    const { data, error, response } = await client.createCheckout(requestBody);
    expect(error).toBeUndefined();
    expect(data).toEqual(createdCheckout);
    expect(response.status).toBe(200);
  });

  it("takes a checkout from exactly the contract's success statuses", () => {
    const responses = loadContract().paths['/api/v1/checkouts/'].post.responses;
    expect([...CHECKOUT_STATUSES].sort()).toEqual(
      Object.keys(responses)
        .filter((status) => /^2\d\d$/.test(status))
        .map(Number)
        .sort(),
    );
  });

  const problems = problemExamples();
  it('covers every error status of the contract', () => {
    expect(new Set(problems.map(([status]) => status))).toEqual(new Set([400, 401, 404, 405, 409, 413, 415, 422, 429, 500, 503]));
  });

  it.each(problems)('%i → error is the problem document, data is undefined', async (status, problem) => {
    server.answerNext({
      status,
      headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '30' },
      body: JSON.stringify(problem),
    });
    const { data, error, response } = await client.createCheckout(requestBody);
    expect(data).toBeUndefined();
    expect(error).toEqual(problem);
    expect(response.status).toBe(status);
    expect(response.headers.get('Retry-After')).toBe('30');
  });

  it('an error without a problem body (a gateway page) still yields a Problem, keeping status and headers', async () => {
    server.answerNext({ status: 502, headers: { 'Content-Type': 'text/html', 'Retry-After': '5' }, body: '<h1>Bad gateway</h1>' });
    const { data, error, response } = await client.createCheckout(requestBody);
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ type: 'about:blank', title: 'Bad Gateway', status: 502 });
    expect(error?.detail).toContain('text/html');
    expect(response.status).toBe(502);
    expect(response.headers.get('Retry-After')).toBe('5');
  });

  it('an error with an empty body yields a Problem, so `if (error)` never misses a failure', async () => {
    server.answerNext({ status: 401, headers: { 'WWW-Authenticate': 'Api-Key' } });
    const { error } = await client.createCheckout(requestBody);
    expect(error).toMatchObject({ type: 'about:blank', status: 401, title: 'Unauthorized' });
    expect(error?.detail).toContain('an empty body');
  });
});

describe('createCheckout keeps its result promise whatever arrives (issue 28, R12 and R13)', () => {
  const createdText = JSON.stringify(createdCheckout);
  const unexpected = 'urn:checkout-api-contract:client:unexpected-status';
  const invalid = 'urn:checkout-api-contract:client:invalid-checkout';
  const unreadable = 'urn:checkout-api-contract:client:unreadable-body';
  // Each answer, and the problem it must give: [type, title, status, what its detail says].
  const cases: Array<[string, PlannedAnswer, [string, string, number, RegExp]]> = [
    [
      'a 200 HTML page',
      { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html>Sign in to the hotel Wi-Fi</html>' },
      [
        invalid,
        'Invalid checkout',
        200,
        /^The server answered 200 OK with a text\/html that is not a checkout \(a JSON object with an id and a url\),/,
      ],
    ],
    [
      'a 201 cut short (valid framing)',
      { status: 201, headers: { 'Content-Type': 'application/json' }, body: createdText.slice(0, 40) },
      [
        invalid,
        'Invalid checkout',
        201,
        /^The server answered 201 Created with a application\/json that is not a checkout \(a JSON object with an id and a url\),/,
      ],
    ],
    [
      'a 201 whose body breaks off before its Content-Length',
      {
        status: 201,
        raw: `HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: ${createdText.length}\r\n\r\n${createdText.slice(0, 40)}`,
      },
      [
        unreadable,
        'Unreadable body',
        201,
        /^The server answered 201 Created but its body could not be read to its end \(.+\): the connection broke off/,
      ],
    ],
    [
      'a 201 falsely claiming gzip',
      { status: 201, headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: createdText },
      [unreadable, 'Unreadable body', 201, /^The server answered 201 Created but its body could not be read to its end \(.+\)/],
    ],
    [
      'a 500 whose body breaks off',
      {
        status: 500,
        raw: 'HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/problem+json\r\nContent-Length: 400\r\n\r\n{"type":',
      },
      [unreadable, 'Unreadable body', 500, /^The server answered 500 Internal Server Error but its body could not be read/],
    ],
    [
      'a 201 with no body',
      { status: 201, headers: { 'Content-Type': 'application/json' } },
      [invalid, 'Invalid checkout', 201, /^The server answered 201 Created with an empty body, so no checkout can be read from it/],
    ],
    [
      'a 201 whose JSON is not an object',
      { status: 201, headers: { 'Content-Type': 'application/json' }, body: '[]' },
      [invalid, 'Invalid checkout', 201, /^The server answered 201 Created with a application\/json that is not a checkout/],
    ],
    [
      'a 201 whose object has no url (a problem document, say)',
      { status: 201, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...createdCheckout, url: undefined }) },
      [invalid, 'Invalid checkout', 201, /^The server answered 201 Created with a application\/json that is not a checkout/],
    ],
    ['a 204', { status: 204 }, [unexpected, 'Unexpected status', 204, /^The server answered 204 No Content, which/]],
    ['a 304', { status: 304 }, [unexpected, 'Unexpected status', 304, /^The server answered 304 Not Modified, which/]],
    [
      'a 300 with a text body',
      { status: 300, headers: { 'Content-Type': 'text/plain' }, body: 'choose one' },
      [unexpected, 'Unexpected status', 300, /^The server answered 300 Multiple Choices, which/],
    ],
    ['a 399', { status: 399, body: 'odd' }, [unexpected, 'Unexpected status', 399, /^The server answered 399 unknown, which/]],
    [
      'a 202',
      { status: 202, headers: { 'Content-Type': 'application/json' }, body: createdText },
      [unexpected, 'Unexpected status', 202, /^The server answered 202 Accepted, which the Checkout API never gives createCheckout /],
    ],
  ];

  it.each(cases)('%s resolves with a truthy problem as error and no data', async (_, answer, [type, title, status, detail]) => {
    server.answerNext(answer);
    const { data, error, response } = await client.createCheckout(requestBody);
    expect(data).toBeUndefined();
    expect(error).toEqual({ type, title, status, detail: expect.stringMatching(detail) });
    expect(Boolean(error)).toBe(true);
    expect(response.status).toBe(status);
  });

  it('after such an answer the next call on the same client still gets its checkout', async () => {
    server.answerNext(cases[2][1]);
    expect((await client.createCheckout(requestBody)).error?.type).toBe(unreadable);
    server.answerNext(json201(createdCheckout));
    expect((await client.createCheckout(requestBody)).data).toEqual(createdCheckout);
  });
});

describe('createCheckout rejects only when no answer arrives', () => {
  it('a refused connection rejects with a CheckoutNetworkError naming the URL and the cause', async () => {
    const port = await freePort();
    const offline = createCheckoutClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: CANARY_KEY });
    const rejection = await offline.createCheckout(requestBody).then(
      () => expect.unreachable('the request should have been refused'),
      (error: unknown) => error,
    );
    expect(rejection).toBeInstanceOf(CheckoutNetworkError);
    const error = rejection as CheckoutNetworkError;
    expect(error.url).toBe(`http://127.0.0.1:${port}/api/v1/checkouts/`);
    expect(error.message).toContain(`http://127.0.0.1:${port}/api/v1/checkouts/`);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).toMatch(/Check baseUrl/);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('an abort rejects with the AbortError, unchanged', async () => {
    // The answer is held until long after the test, so the abort lands while the request is in flight.
    server.answerNext({ ...json201(createdCheckout), delayMs: 600_000 });
    const controller = new AbortController();
    const sent = server.requests.length;
    const pending = client.createCheckout(requestBody, { signal: controller.signal });
    await waitFor(() => server.requests.length > sent, { what: 'the request at the server' });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an abort while the body is arriving rejects with the AbortError, not a problem', async () => {
    server.answerNext({
      status: 201,
      raw: 'HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"id":',
      holdOpen: true,
    });
    const controller = new AbortController();
    const sent = server.requests.length;
    const pending = client.createCheckout(requestBody, { signal: controller.signal });
    await waitFor(() => server.requests.length > sent, { what: 'the request at the server' });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an already aborted signal rejects without sending anything', async () => {
    await expect(client.createCheckout(requestBody, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toEqual([]);
  });
});

describe('createCheckoutClient checks its options', () => {
  it.each(['', 'api.checkout.example', 'ftp://api.checkout.example', undefined])('refuses a baseUrl of %j', (baseUrl) => {
    expect(() => createCheckoutClient({ baseUrl: baseUrl as string, apiKey: CANARY_KEY })).toThrow(
      /baseUrl must be an absolute http\(s\) URL/,
    );
  });
});

describe('createCheckoutClient checks its other options', () => {
  it('refuses a fetch that is not a function', () => {
    expect(() => createCheckoutClient({ baseUrl: 'https://api.checkout.example', apiKey: CANARY_KEY, fetch: 'fetch' as never })).toThrow(
      /fetch must be a fetch-compatible function/,
    );
  });

  it('uses globalThis.fetch as it is at call time when no fetch is given', async () => {
    const original = globalThis.fetch;
    const seen: string[] = [];
    globalThis.fetch = async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify(createdCheckout), { status: 201, headers: { 'Content-Type': 'application/json' } });
    };
    try {
      const late = createCheckoutClient({ baseUrl: 'https://api.checkout.example', apiKey: CANARY_KEY });
      expect((await late.createCheckout(requestBody)).data).toEqual(createdCheckout);
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual(['https://api.checkout.example/api/v1/checkouts/']);
  });
});
