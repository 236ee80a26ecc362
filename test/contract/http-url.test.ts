// D14's one definition of an accepted URL, the HttpUrl pattern: the same verdict from the compiled contract, the
// mock as `npm start` runs it, the sandbox and the testing kit, and the records they make from it are valid against
// the contract's own Checkout schema (the echoes, and `url` on an IPv6 host). Issue 21: the pattern accepted IRIs that
// a `format: uri` beside it refused, so a request the schema called valid got 422 invalid_url from both servers; and a
// record made on [::1] failed Checkout.url.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContractValue } from '../../src/contract/contract-value.js';
import { createFetchSandbox, type FetchSandbox } from '../../src/testing/index.js';
import { killEverything, type MockProcess, startMockProcess } from '../mock/mock-process.js';
import { startTestSandbox, type TestSandbox } from '../sandbox/support/sandbox-harness.js';
import { readValidCreateBody } from '../support/bad-inputs.js';
import { CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';
import { waitFor } from '../support/wait-for.js';

const validators = loadContractValue().validators;
const isHttpUrl = validators.validatorFor('HttpUrl');
const isCheckout = validators.validatorFor('Checkout');
const SHOP = 'https://shop.example.com/';

// URLs the contract accepts as written (D14), each sent as success_url, cancel_url, callback_url and an image.
const ACCEPTED: Array<[label: string, url: string]> = [
  ['a plain https URL', 'https://shop.example.com/checkout/success'],
  ['a non-ASCII path (an IRI)', 'https://shop.example.com/imäge.png'],
  ['a non-ASCII host', 'https://bücher.example/cover.png'],
  ['a query holding < > and |', 'https://shop.example.com/done?next=<cart>&sort=a|b'],
  ['an upper-case scheme and host, a port and a fragment', 'HTTP://SHOP.EXAMPLE.COM:8443/Done#top'],
  ['the IPv6 loopback with a port', 'http://[::1]:8080/hooks/checkout'],
  ['an IPv6 address without a port', 'http://[2001:db8::1]/hook'],
  ['an IPv4 address and no path', 'http://127.0.0.1:4010'],
  ['2048 characters', `${SHOP}${'a'.repeat(2048 - SHOP.length)}`],
];

// URLs it refuses, with the field error's code.
const REFUSED: Array<[label: string, url: string, code: string]> = [
  ['a user name and password', 'https://user:pass@shop.example.com/ok', 'invalid_url'],
  ['a user name', 'https://someone@shop.example.com/ok', 'invalid_url'],
  ['a relative URL', '/checkout/success', 'invalid_url'],
  ['an ftp URL', 'ftp://shop.example.com/ok', 'invalid_url'],
  ['a javascript: URL', 'javascript:alert(1)', 'invalid_url'],
  ['a space in the path', 'https://shop.example.com/thank you', 'invalid_url'],
  ['no host', 'https://', 'invalid_url'],
  ['2049 characters', `${SHOP}${'a'.repeat(2049 - SHOP.length)}`, 'too_long'],
];

function bodyWith(url: string, withCallback: boolean): Record<string, any> {
  const body: Record<string, any> = readValidCreateBody();
  body.success_url = url;
  body.cancel_url = url;
  if (withCallback) body.callback_url = url;
  body.invoice_items[0].price_data.product_data.images = [url];
  return body;
}

let mock: MockProcess;
let sandbox: TestSandbox;
let kit: FetchSandbox;

beforeAll(async () => {
  [mock, sandbox] = await Promise.all([startMockProcess(['--no-build']), startTestSandbox()]);
  kit = createFetchSandbox({ apiKey: CANARY_KEY, baseUrl: 'http://[::1]:4010' });
}, 60_000);

afterAll(async () => {
  killEverything(mock);
  await sandbox?.close();
  await kit?.close();
});

type Create = (body: unknown) => Promise<Response>;
const post = (baseUrl: string, send: typeof fetch = fetch) =>
  ((body) =>
    send(`${baseUrl}${CREATE_PATH}`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })) satisfies Create;
// The mock answers the contract's example record (no echo), and sends its callback right after a create.
const servers: Array<[string, { create: () => Create; echoes: boolean; callsBackLater: boolean }]> = [
  ['the mock', { create: () => post(mock.baseUrl), echoes: false, callsBackLater: false }],
  ['the sandbox', { create: () => post(sandbox.baseUrl), echoes: true, callsBackLater: true }],
  ['the testing kit', { create: () => post(kit.baseUrl, kit.fetch), echoes: true, callsBackLater: true }],
];

describe('HttpUrl, compiled from the contract', () => {
  it.each(ACCEPTED)('accepts %s', (_label, url) => {
    expect(isHttpUrl(url)).toBe(true);
  });

  it.each(REFUSED)('refuses %s', (_label, url) => {
    expect(isHttpUrl(url)).toBe(false);
  });

  it('has no format beside its pattern: the pattern is the whole rule', () => {
    const schema = validators.ajv.getSchema('urn:checkout-api-contract:openapi#/components/schemas/HttpUrl')?.schema as Record<
      string,
      unknown
    >;
    expect(schema.format).toBeUndefined();
    expect(schema.maxLength).toBe(2048);
  });
});

describe.each(servers)('%s', (_name, { create, echoes, callsBackLater }) => {
  it.each(ACCEPTED)('answers 201 to %s, in a record valid against Checkout', async (_label, url) => {
    const response = await create()(bodyWith(url, callsBackLater));
    const record = await response.json();
    expect(response.status, JSON.stringify(record)).toBe(201);
    expect(isCheckout(record), JSON.stringify(isCheckout.errors)).toBe(true);
    if (echoes) {
      expect([record.successUrl, record.cancelUrl, record.invoiceItems[0].priceData.productData.images]).toEqual([url, url, [url]]);
    }
  });

  it.each(REFUSED)('answers 422 to %s, each URL field blamed with %s', async (_label, url, code) => {
    const response = await create()(bodyWith(url, true));
    const problem = await response.json();
    expect(response.status).toBe(422);
    const blamed = problem.errors.map((error: { pointer: string; code: string }) => `${error.pointer} ${error.code}`).sort();
    const fields = ['/callback_url', '/cancel_url', '/invoice_items/0/price_data/product_data/images/0', '/success_url'];
    expect(blamed).toEqual(fields.map((pointer) => `${pointer} ${code}`));
  });
});

// The pattern admits some hosts no URL parser reads (`a<b`): the servers accept them as the contract says, and the
// mock, which calls back at once, logs the failed callback without its query instead of ending.
describe('a callback_url the pattern accepts and no URL parser reads', () => {
  const unreadable = `http://a<b/hook?token=${CANARY_CALLBACK_TOKEN}`;

  it('is accepted by the mock, whose failed callback is logged without the query, and the mock keeps answering', async () => {
    expect(isHttpUrl(unreadable)).toBe(true);
    const body = readValidCreateBody() as Record<string, unknown>;
    expect((await post(mock.baseUrl)({ ...body, callback_url: unreadable })).status).toBe(201);
    const failed = 'callback http://a<b/hook?[REDACTED] failed: ';
    await waitFor(() => mock.output().includes(failed), { what: () => `the line ${failed} in:\n${mock.output()}`, pollMs: 50 });
    expect((await post(mock.baseUrl)(body)).status).toBe(201);
    expect(mock.output()).not.toContain(CANARY_CALLBACK_TOKEN);
  });
});

// R10: a record made on an IPv6 host is valid against the contract's own Checkout.url.
describe('records made on an IPv6 host', () => {
  it('the testing kit on http://[::1]:4010 makes a url valid against Checkout', async () => {
    const response = await post(kit.baseUrl, kit.fetch)(readValidCreateBody());
    const record = await response.json();
    expect(record.url).toBe(`http://[::1]:4010/checkouts/${record.id}`);
    expect(isCheckout(record), JSON.stringify(isCheckout.errors)).toBe(true);
  });

  it('the sandbox listening on ::1 makes a url valid against Checkout', async () => {
    const onIpv6 = await startTestSandbox({ HOST: '::1' });
    try {
      expect(onIpv6.baseUrl).toMatch(/^http:\/\/\[::1\]:[0-9]+$/);
      const response = await onIpv6.createCheckout(readValidCreateBody());
      const record = await response.json();
      expect(record.url).toBe(`${onIpv6.baseUrl}/checkouts/${record.id}`);
      expect(isCheckout(record), JSON.stringify(isCheckout.errors)).toBe(true);
    } finally {
      await onIpv6.close();
    }
  });
});
