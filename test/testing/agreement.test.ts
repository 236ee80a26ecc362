// The in-process mock (createFetchSandbox) against the sandbox server on a loopback port, on one shared table: every
// invalid body, every bad input a fetch Request can carry, and the contract's own create examples. The two put the
// same core behind different transports (src/http/fetch-exchange.ts, src/http/request-body.ts), so each row must get
// the same status, problem type, detail, field errors and headers from both; a difference is a bug in a transport.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/load-contract.js';
import { createFetchSandbox, type FetchSandbox } from '../../src/testing/index.js';
import { CALLBACK_SECRET, startTestSandbox, type TestSandbox } from '../sandbox/support/sandbox-harness.js';
import { type BadInput, listBadInputs, listOddButValidInputs, type RawRequest } from '../support/bad-inputs.js';
import { CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';
import { INVALID_CREATE_BODIES } from '../support/invalid-create-bodies.js';
import { problemType } from '../support/problems.js';

/** Why a bad-input row cannot be sent as a fetch Request, or undefined when it can. */
function whyNotFetchable(row: BadInput): string | undefined {
  if (row.raw) return 'raw bytes that are not an HTTP request fetch can build';
  const names = row.headers.map(([name]) => name.toLowerCase());
  if (new Set(names).size !== names.length) return 'repeated header lines, which Headers joins into one value';
  if (row.expected.status === 431) return "the answer of Node's HTTP parser, which the in-process mock does not have";
  return undefined;
}

const badInputs = listBadInputs(CANARY_KEY);
const skipped = badInputs.filter((row) => whyNotFetchable(row) !== undefined);
const fetchable = badInputs.filter((row) => whyNotFetchable(row) === undefined);
const validExamples = Object.entries(loadContract().components.examples).filter(([name]) => name.startsWith('CreateCheckout'));

/** One request to send to both, as fetch arguments: a path under the base URL and its init. */
interface Row {
  path: string;
  init: RequestInit;
}

function toRow(input: RawRequest): Row {
  const headers = new Headers();
  for (const [name, value] of input.headers) headers.append(name, value);
  const body = input.method === 'GET' || input.method === 'HEAD' ? undefined : new Uint8Array(input.body);
  return { path: input.path, init: { method: input.method, headers, body } };
}

function createRow(body: unknown): Row {
  const headers = { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json' };
  return { path: CREATE_PATH, init: { method: 'POST', headers, body: JSON.stringify(body) } };
}

const HEADERS_THAT_MATTER = ['content-type', 'www-authenticate', 'allow', 'retry-after', 'idempotent-replayed'];

interface Seen {
  status: number;
  headers: Record<string, string | null>;
  requestId: string | null;
  json: any;
}

async function see(response: Response): Promise<Seen> {
  const headers = Object.fromEntries(HEADERS_THAT_MATTER.map((name) => [name, response.headers.get(name)]));
  return { status: response.status, headers, requestId: response.headers.get('request-id'), json: await response.json() };
}

let mock: FetchSandbox;
let sandbox: TestSandbox;

beforeAll(async () => {
  mock = createFetchSandbox({ apiKey: CANARY_KEY, callbackSecret: CALLBACK_SECRET });
  sandbox = await startTestSandbox();
});

afterAll(async () => {
  await mock?.close();
  await sandbox?.close();
});

/** The row's answer from the mock and from the sandbox, each checked for what both must hold. */
async function sendToBoth({ path, init }: Row): Promise<{ fromMock: Seen; fromSandbox: Seen }> {
  const [fromMock, fromMockRequest, fromSandbox] = await Promise.all([
    mock.fetch(`${mock.baseUrl}${path}`, init).then(see),
    // The same request as a web Request: the mock reads fetch(url, init) without building one, and must not differ.
    mock.fetch(new Request(`${mock.baseUrl}${path}`, init)).then(see),
    fetch(`${sandbox.baseUrl}${path}`, init).then(see),
  ]);
  expect(withoutIdentity(fromMockRequest)).toEqual(withoutIdentity(fromMock));
  // D2 on the mock too: every answer has a Request-Id, and a problem's instance repeats it.
  expect(fromMock.requestId).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
  if (fromMock.status >= 400) expect(fromMock.json.instance).toBe(fromMock.requestId);
  expect(fromMock.headers).toEqual(fromSandbox.headers);
  expect(fromMock.status).toBe(fromSandbox.status);
  return { fromMock, fromSandbox };
}

// What two answers to the same request share: all but the generated ids and times of a created record.
function withoutIdentity({ status, headers, json }: Seen): unknown {
  if (status >= 400) return { status, headers, json: { ...json, instance: undefined } };
  return { status, headers, total: json.amountTotal, items: json.invoiceItems?.map((item: any) => item.amount) };
}

function expectSameProblem(fromMock: Seen, fromSandbox: Seen): void {
  const words = ({ type, title, status, detail, errors }: any) => ({ type, title, status, detail, errors });
  expect(words(fromMock.json)).toEqual(words(fromSandbox.json));
}

describe('the table', () => {
  it('skips exactly the rows fetch cannot send, each for its reason', () => {
    expect(skipped.map((row) => [row.name, whyNotFetchable(row)])).toEqual([
      ['two Authorization headers, the valid one first', 'repeated header lines, which Headers joins into one value'],
      ['two Authorization headers, the valid one last', 'repeated header lines, which Headers joins into one value'],
      ['the same valid Authorization header twice', 'repeated header lines, which Headers joins into one value'],
      ['the same valid Idempotency-Key twice', 'repeated header lines, which Headers joins into one value'],
      ['headers over 16 KiB', "the answer of Node's HTTP parser, which the in-process mock does not have"],
      ['a header line without a colon', 'raw bytes that are not an HTTP request fetch can build'],
      [
        "an absolute-form target no URL parser reads (http://us'er:<password>@[/…)",
        'raw bytes that are not an HTTP request fetch can build',
      ],
      [
        'an absolute-form target with a port out of range (http://127.0.0.1:99999/…?token=…)',
        'raw bytes that are not an HTTP request fetch can build',
      ],
      ['an asterisk-form target (*)', 'raw bytes that are not an HTTP request fetch can build'],
    ]);
    // Every row is either sent or skipped, none both: the two lists partition the table.
    expect([...fetchable, ...skipped].map((row) => row.name).sort()).toEqual(badInputs.map((row) => row.name).sort());
  });

  it('holds the contract create examples', () => {
    expect(validExamples.map(([name]) => name)).toEqual([
      'CreateCheckoutUsdtOnTron',
      'CreateCheckoutUpperCaseCodes',
      'CreateCheckoutMixedCurrencies',
    ]);
  });
});

describe.each(fetchable.map((row) => [row.name, row] as const))('bad input: %s', (_name, row) => {
  it(`both answer ${row.expected.status} with the same problem and headers`, async () => {
    const { fromMock, fromSandbox } = await sendToBoth(toRow(row));
    expect(fromMock.status).toBe(row.expected.status);
    expect(fromMock.json.type).toBe(row.expected.type);
    for (const [name, value] of Object.entries(row.expected.headers ?? {})) expect(fromMock.headers[name], name).toBe(value);
    expectSameProblem(fromMock, fromSandbox);
  });
});

describe.each(INVALID_CREATE_BODIES.map((invalid) => [invalid.name, invalid] as const))('invalid body: %s', (_name, invalid) => {
  it('both answer 422 validation-failed with the same field errors', async () => {
    const { fromMock, fromSandbox } = await sendToBoth(createRow(invalid.body));
    expect(fromMock.status).toBe(422);
    expect(fromMock.json.type).toBe(problemType('validation-failed'));
    expect(fromMock.json.errors.map((error: { pointer: string }) => error.pointer)).toContain(invalid.pointer);
    expectSameProblem(fromMock, fromSandbox);
  });
});

// Requests that look odd but are valid (an ignored Prefer); the absolute-form target is raw bytes fetch cannot send.
const oddButValid = listOddButValidInputs(CANARY_KEY).filter((row) => !row.raw);

describe.each(oddButValid.map((row) => [row.name, row] as const))('odd but valid: %s', (_name, row) => {
  it('both answer 201 with a checkout', async () => {
    const { fromMock, fromSandbox } = await sendToBoth(toRow(row));
    expect(fromMock.status, JSON.stringify(fromMock.json)).toBe(201);
    expect(withoutGenerated(fromMock.json)).toEqual(withoutGenerated(fromSandbox.json));
  });
});

/** A checkout without what each server generates: ids, timestamps and the host of its page url. */
function withoutGenerated(record: any): unknown {
  const { id, createdAt, updatedAt, expiresAt, paymentIntent, url, merchant, invoiceItems, ...rest } = record;
  return {
    ...rest,
    merchant: { ...merchant, id: 'generated' },
    invoiceItems: invoiceItems.map((item: any) => ({ ...item, id: 'generated', price: 'generated' })),
    url: new URL(url).pathname.replace(id, '{id}'),
  };
}

describe.each(validExamples)('valid create: %s', (_name, example) => {
  it('both answer 201 with the same checkout but for generated values', async () => {
    const { fromMock, fromSandbox } = await sendToBoth(createRow(example.value));
    expect(fromMock.status, JSON.stringify(fromMock.json)).toBe(201);
    expect(withoutGenerated(fromMock.json)).toEqual(withoutGenerated(fromSandbox.json));
    // What the two must not share: each generates its own.
    expect(fromMock.json.id).not.toBe(fromSandbox.json.id);
    expect(new URL(fromMock.json.url).origin).toBe(mock.baseUrl);
  });
});
