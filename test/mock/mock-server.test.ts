// `npm start` as a user runs it: the real `checkout-mock` process (one process, Prism's engine inside) on a free port,
// spoken to over HTTP.

import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeValidationFailed } from '../../src/http/problems.js';
import { createMockServer } from '../../src/mock/server.js';
import { listOddButValidInputs, sendBadInput } from '../support/bad-inputs.js';
import { CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';
import { REFUSAL_MARKER } from '../support/loopback-only-dns.js';
import { expectProblem } from '../support/problems.js';
import { waitFor, waitForMarker } from '../support/wait-for.js';
import { clone, contract, contractValue, postJson, responseExample, schemaErrors, seedSamples, validators } from './mock-fixtures.js';
import { childPids, isAlive, killEverything, type MockProcess, startMockProcess } from './mock-process.js';

const auth = { authorization: `Api-Key ${CANARY_KEY}` };

interface Delivery {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let mock: MockProcess;
let receiver: Server;
let receiverUrl: string;
const deliveries: Delivery[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      deliveries.push({ url: request.url ?? '', headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  // info is Prism's most talkative level the mock allows: the strictest setting for the "key never logged" check.
  mock = await startMockProcess(['--no-build', '--log-level', 'info']);
});

afterAll(async () => {
  killEverything(mock);
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('start-up', () => {
  it('prints the base URL, a curl of the first sample with a placeholder key, and where the docs are', () => {
    const out = mock.output();
    expect(out).toContain(`Base URL: ${mock.baseUrl}`);
    expect(out).toContain("-H 'Authorization: Api-Key <API_KEY>'");
    expect(out).toContain(JSON.stringify(seedSamples.usdtOnTron));
    expect(out).toMatch(/Docs: .*generated\/openapi\.yaml/);
  });

  it('the printed curl works as pasted', async () => {
    const command = mock
      .output()
      .match(/ {2}curl [\s\S]*?--data '(?:[^']|'\\'')*'/)![0]
      .replace(/\\\n/g, ' ');
    const { stdout } = await promisify(execFile)('sh', ['-c', `${command} --silent`]);
    expect(stdout).toMatch(/^HTTP\/1\.1 201/);
    expect(JSON.parse(stdout.slice(stdout.indexOf('{')))).toEqual(responseExample('usdtOnTron'));
    // Its callback_url is the seed's shop.example.com: never called, nor looked up, and the log says so (issue 30).
    const notSent =
      'callback https://shop.example.com/webhooks/checkout not sent: the host is under example.com, reserved for documentation (RFC 2606, RFC 6761); nothing was called';
    await waitFor(() => mock.output().includes(notSent), { what: `the line ${notSent}` });
    expect(mock.output()).not.toContain(REFUSAL_MARKER);
  });
});

describe('the seed samples', () => {
  for (const name of ['usdtOnTron', 'upperCaseCodes'] as const) {
    it(`${name} → 201 with its own named record, valid against Checkout, status open`, async () => {
      const result = await postJson(mock.baseUrl, seedSamples[name], auth);
      expect(result.status).toBe(201);
      expect(schemaErrors('Checkout', result.json)).toEqual([]);
      expect(result.json.status).toBe('open');
      expect(result.json).toEqual(responseExample(name));
      expect(result.headers.get('idempotent-replayed')).toBeNull();
    });

    it(`Prefer: example=${name} selects the ${name} record for any valid body`, async () => {
      const other = name === 'usdtOnTron' ? seedSamples.upperCaseCodes : seedSamples.usdtOnTron;
      const result = await postJson(mock.baseUrl, other, { ...auth, prefer: `example=${name}` });
      expect(result.status).toBe(201);
      expect(result.json).toEqual(responseExample(name));
    });
  }

  it('a request shaped as the second sample, sent as a production client sends it, works unchanged', async () => {
    const order = clone(seedSamples.upperCaseCodes);
    order.invoice_items[0].quantity = 7;
    order.invoice_items[1].price_data.product_data.name = 'Priority support';
    const response = await fetch(`${mock.baseUrl}${CREATE_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Api-Key ${CANARY_KEY}`, 'Content-Type': 'application/json; charset=utf-8', Accept: 'application/json' },
      body: JSON.stringify(order, null, 2),
    });
    const record = await response.json();
    expect(response.status).toBe(201);
    expect(schemaErrors('Checkout', record)).toEqual([]);
    expect(record.status).toBe('open');
  });
});

describe('errors reach the caller as Problem documents naming the offending fields', () => {
  it('missing Authorization → 401 unauthorized with WWW-Authenticate: Api-Key', async () => {
    const result = await postJson(mock.baseUrl, seedSamples.usdtOnTron);
    expectProblem(result, 401, 'unauthorized');
    expect(result.headers.get('www-authenticate')).toBe('Api-Key');
  });

  it('malformed JSON → 400 malformed-json saying why it does not parse', async () => {
    const result = await postJson(mock.baseUrl, '{"currency": "usdt", "invoice_items": [', auth);
    expectProblem(result, 400, 'malformed-json');
    expect(result.json.detail).toBe(
      'The request body is not valid JSON: it ends early or holds an unexpected character. Send one JSON object.',
    );
  });

  it('a JSON body sent as text/plain → 415 naming the type that was sent', async () => {
    const result = await postJson(mock.baseUrl, JSON.stringify(seedSamples.usdtOnTron), { ...auth, 'content-type': 'text/plain' });
    expectProblem(result, 415, 'unsupported-media-type');
    expect(result.json.detail).toBe('Send the body as application/json; this request was sent as text/plain.');
  });

  it('a body with no Content-Type at all → 415, as the sandbox answers (Prism alone answers 422 here)', async () => {
    const response = await fetch(`${mock.baseUrl}${CREATE_PATH}`, {
      method: 'POST',
      headers: auth,
      body: new Blob([JSON.stringify(seedSamples.usdtOnTron)]),
    });
    const result = { status: response.status, headers: response.headers, json: await response.json() };
    expectProblem(result, 415, 'unsupported-media-type');
    expect(result.json.detail).toBe('Send the body as application/json; this request was sent without a Content-Type.');
  });

  type FieldError = { pointer: string; code: string; detail: string };
  const invalid: Array<{ name: string; change: (body: any) => void; errors: FieldError[] }> = [
    {
      name: 'missing currency',
      change: (b) => {
        delete b.currency;
      },
      errors: [{ pointer: '/currency', code: 'required', detail: 'is required' }],
    },
    {
      name: 'empty invoice_items',
      change: (b) => {
        b.invoice_items = [];
      },
      errors: [{ pointer: '/invoice_items', code: 'too_few_items', detail: 'must have at least 1 item' }],
    },
    {
      name: 'wrong types (number currency, numeric unit_amount, string quantity)',
      change: (b) => {
        b.currency = 5;
        b.invoice_items[0].price_data.unit_amount = 12.5;
        b.invoice_items[0].quantity = '2';
      },
      errors: [
        { pointer: '/currency', code: 'wrong_type', detail: 'must be a string' },
        { pointer: '/invoice_items/0/price_data/unit_amount', code: 'wrong_type', detail: 'must be a string' },
        { pointer: '/invoice_items/0/quantity', code: 'wrong_type', detail: 'must be an integer (a whole JSON number)' },
      ],
    },
    {
      name: 'a camelCase field (callbackUrl)',
      change: (b) => {
        b.callbackUrl = 'https://shop.example.com/hook';
      },
      errors: [
        {
          pointer: '/callbackUrl',
          code: 'unknown_field',
          detail: 'is not a field of this object; remove it (request field names are snake_case)',
        },
      ],
    },
  ];
  for (const { name, change, errors } of invalid) {
    it(`${name} → 422 validation-failed with errors at ${errors.map(({ pointer }) => pointer).join(', ')}`, async () => {
      const body = clone(seedSamples.usdtOnTron);
      change(body);
      const result = await postJson(mock.baseUrl, body, auth);
      expectProblem(result, 422, 'validation-failed');
      expect(result.json.errors).toEqual(errors);
      expect(result.json.detail).toBe(describeValidationFailed(errors.length));
      expect(result.headers.get('sl-violations')).toBeNull();
    });
  }

  it('an Idempotency-Key breaking its schema → 422 in the words the sandbox uses (errors[] point into the body)', async () => {
    const result = await postJson(mock.baseUrl, seedSamples.usdtOnTron, { ...auth, 'idempotency-key': 'has spaces in it' });
    expectProblem(result, 422, 'validation-failed');
    expect(result.json.detail).toBe(contractValue.idempotencyKey?.detail);
    expect(result.json.errors).toEqual([]);
  });

  it('a unit_amount breaking its pattern ("12.5.0") → 422 in the words of the contract\'s UnitAmount, no regex', async () => {
    const body = clone(seedSamples.usdtOnTron);
    body.invoice_items[0].price_data.unit_amount = '12.5.0';
    const result = await postJson(mock.baseUrl, body, auth);
    expectProblem(result, 422, 'validation-failed');
    const unitAmount = contract.components.schemas.UnitAmount as { description: string };
    expect(result.json.errors).toEqual([
      {
        pointer: '/invoice_items/0/price_data/unit_amount',
        code: 'pattern',
        detail: `does not have the form of UnitAmount: ${unitAmount.description.replace(/\s+/g, ' ').trim()}`,
      },
    ]);
    expect(result.text).not.toContain('^(?:');
    expect(result.text).not.toContain('12.5.0');
  });

  it("checks run in the sandbox's order: 401, then 415, then 413, then 400, then 422", async () => {
    const huge = '{'.repeat(1_048_577);
    expect((await fetch(`${mock.baseUrl}${CREATE_PATH}`, { method: 'POST', body: new Blob(['{}']) })).status).toBe(401);
    expect((await postJson(mock.baseUrl, huge, { 'content-type': 'text/plain' })).status).toBe(401);
    expect((await postJson(mock.baseUrl, huge, { ...auth, 'content-type': 'text/plain' })).status).toBe(415);
    expect((await postJson(mock.baseUrl, huge, auth)).status).toBe(413);
    expect((await postJson(mock.baseUrl, '{', auth)).status).toBe(400);
  });

  it('every answer has a Request-Id of its own (Prism repeats its example), which a problem repeats as instance', async () => {
    const answers = [
      await postJson(mock.baseUrl, seedSamples.usdtOnTron, auth),
      await postJson(mock.baseUrl, seedSamples.usdtOnTron, auth),
      await postJson(mock.baseUrl, { ...seedSamples.usdtOnTron, currency: 5 }, auth),
      await postJson(mock.baseUrl, '{', auth),
    ];
    const ids = answers.map((answer) => answer.headers.get('request-id'));
    for (const id of ids) expect(id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers.slice(2).map((answer) => answer.json.instance)).toEqual(ids.slice(2));
  });

  it('Prefer: code=429 returns the declared rate-limit answer, Retry-After included', async () => {
    const result = await postJson(mock.baseUrl, seedSamples.usdtOnTron, { ...auth, prefer: 'code=429' });
    expectProblem(result, 429, 'rate-limited');
    expect(result.headers.get('retry-after')).toBe('30');
  });

  it('a body over 1 MiB → 413 payload-too-large', async () => {
    const body = clone(seedSamples.usdtOnTron);
    body.invoice_items[0].price_data.product_data.description = 'x'.repeat(1_048_576);
    const result = await postJson(mock.baseUrl, body, auth);
    expectProblem(result, 413, 'payload-too-large');
  });
});

describe('answers the front makes itself carry the CORS headers Prism sends', () => {
  function corsHeadersOf(headers: Headers): Record<string, string> {
    const cors: Record<string, string> = {};
    headers.forEach((value, name) => {
      if (name.startsWith('access-control-')) cors[name] = value;
    });
    return cors;
  }
  const browserHeaders = { ...auth, origin: 'https://shop.example.com' };

  async function prismCorsHeaders(headers: Record<string, string>) {
    const result = await postJson(mock.baseUrl, seedSamples.usdtOnTron, headers);
    expect(result.status).toBe(201);
    return corsHeadersOf(result.headers);
  }

  it("a 413 has the CORS headers of Prism's own answer to the same request, the Origin mirrored", async () => {
    const body = clone(seedSamples.usdtOnTron);
    body.invoice_items[0].price_data.product_data.description = 'x'.repeat(1_048_576);
    for (const headers of [browserHeaders, auth]) {
      const expected = await prismCorsHeaders(headers);
      expect(expected['access-control-allow-origin']).toBe(headers === auth ? '*' : 'https://shop.example.com');
      const result = await postJson(mock.baseUrl, body, headers);
      expectProblem(result, 413, 'payload-too-large');
      expect(corsHeadersOf(result.headers)).toEqual(expected);
    }
  });

  it('a 500 because Prism failed on the request has them too', async () => {
    const engine = { operations: [], answer: () => Promise.reject(new Error('Prism failed')) };
    const front = createMockServer({ engine, contract: contractValue, pairExamples: true, sendCallbacks: () => {}, log: () => {} });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const result = await postJson(
        `http://127.0.0.1:${(front.address() as { port: number }).port}`,
        seedSamples.usdtOnTron,
        browserHeaders,
      );
      expectProblem(result, 500, 'internal-error');
      expect(result.json.detail).toBe('The mock failed on this request (Prism failed).');
      expect(corsHeadersOf(result.headers)).toEqual(await prismCorsHeaders(browserHeaders));
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
    }
  });

  it('a preflight is answered by Prism, allowing the method and headers asked for', async () => {
    const response = await fetch(`${mock.baseUrl}${CREATE_PATH}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(corsHeadersOf(response.headers)).toMatchObject({
      'access-control-allow-origin': 'https://shop.example.com',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'authorization,content-type',
    });
  });
});

describe('the completion callback', () => {
  const callbackOperation = () => {
    const callbacks = contract.components.callbacks.CheckoutCompleted;
    return (Object.values(callbacks)[0] as any).post;
  };

  it('reaches callback_url after a successful create, with a CheckoutCompletedEvent body and the declared headers', async () => {
    const body = { ...clone(seedSamples.upperCaseCodes), callback_url: `${receiverUrl}/hooks/checkout?tenant=7` };
    const result = await postJson(mock.baseUrl, body, auth);
    expect(result.status).toBe(201);
    const delivery = await waitFor(() => deliveries.find((d) => d.url === '/hooks/checkout?tenant=7'), {
      what: 'the callback to /hooks/checkout?tenant=7',
    });
    expect(delivery.headers['content-type']).toMatch(/^application\/json/);
    expect(schemaErrors('CheckoutCompletedEvent', JSON.parse(delivery.body))).toEqual([]);
    const headerParameters = callbackOperation().parameters.map((p: any) => contract.components.parameters[p.$ref.split('/').pop()]);
    expect(headerParameters.map((p: any) => p.name).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    for (const parameter of headerParameters) {
      const value = delivery.headers[parameter.name];
      expect(value, parameter.name).toBeTypeOf('string');
      expect(validators.ajv.validate(parameter.schema, value), `${parameter.name}: ${value}`).toBe(true);
    }
  });

  it('is not sent when the create is rejected', async () => {
    const rejected: Record<string, any> = { ...clone(seedSamples.usdtOnTron), callback_url: `${receiverUrl}/hooks/rejected` };
    delete rejected.currency;
    expect((await postJson(mock.baseUrl, rejected, auth)).status).toBe(422);
    expect((await postJson(mock.baseUrl, { ...rejected, currency: 'usdt' })).status).toBe(401);
    // A later successful create is delivered; by then the rejected ones would have arrived too.
    expect(
      (await postJson(mock.baseUrl, { ...rejected, currency: 'usdt', callback_url: `${receiverUrl}/hooks/accepted` }, auth)).status,
    ).toBe(201);
    await waitForMarker(() => deliveries.find((d) => d.url === '/hooks/accepted'), { what: 'the callback of the accepted create' });
    expect(deliveries.filter((d) => d.url === '/hooks/rejected')).toEqual([]);
  });
});

// RFC 7240 §2: a preference the mock cannot honour is ignored (src/mock/preferences.ts); Prism answered these with a
// status the contract does not declare, or with a problem type of its own (issue 21, R9).
describe('Prefer: what the mock cannot honour is ignored, so every answer is one the contract declares', () => {
  const created = responseExample('usdtOnTron');

  it.each(['code=202', 'code=204', 'code=418', 'code=abc', 'example=nope', 'dynamic=maybe', 'CODE=202; x=y, code=429'])(
    'Prefer: %s → the 201 Checkout the request gets without it',
    async (prefer) => {
      const result = await postJson(mock.baseUrl, seedSamples.usdtOnTron, { ...auth, prefer });
      expect(result.status, result.text.slice(0, 300)).toBe(201);
      expect(result.headers.get('content-type')).toBe('application/json');
      expect(result.json).toEqual(created);
    },
  );

  // D1: the contract documents 200 beside 201 with the same record; the mock answers 201 unless asked for 200.
  it('Prefer: code=200 → 200 with the same record, and the callback is sent as after a 201', async () => {
    const body = { ...clone(seedSamples.usdtOnTron), callback_url: `${receiverUrl}/hooks/prefer-200` };
    const result = await postJson(mock.baseUrl, body, { ...auth, prefer: 'code=200' });
    expect(result.status).toBe(200);
    expect(result.json).toEqual(created);
    await waitFor(() => deliveries.find((d) => d.url === '/hooks/prefer-200'), { what: 'the callback to /hooks/prefer-200' });
  });

  it('logs what it ignored, in a line of its own', async () => {
    await postJson(mock.baseUrl, seedSamples.usdtOnTron, { ...auth, prefer: 'code=418, example=nope' });
    const line = 'POST /api/v1/checkouts/: Prefer code=418, example=nope ignored (no such answer declared, or a value the mock cannot use)';
    await waitFor(() => mock.output().includes(line), { what: `the line ${line}` });
  });

  it('an example the asked-for answer does not have is ignored, the status kept: code=422, example=usdtOnTron → 422', async () => {
    const examples = contract.components.responses.ValidationFailed.content['application/problem+json'].examples;
    const result = await postJson(mock.baseUrl, seedSamples.usdtOnTron, { ...auth, prefer: 'code=422, example=usdtOnTron' });
    expectProblem(result, 422, 'validation-failed');
    expect(result.json.errors).toEqual(examples.validationFailed.value.errors);
    // One it has is honoured.
    const reused = await postJson(mock.baseUrl, seedSamples.usdtOnTron, { ...auth, prefer: 'code=422, example=idempotencyKeyReused' });
    expectProblem(reused, 422, 'idempotency-key-reused');
  });

  it("Prism's query form obeys the same rules: ?__code=418 → 201, ?__code=429 → 429", async () => {
    const post = (query: string) =>
      fetch(`${mock.baseUrl}${CREATE_PATH}${query}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(seedSamples.usdtOnTron),
      });
    expect((await post('?__code=418')).status).toBe(201);
    expect((await post('?__code=abc&__example=nope')).status).toBe(201);
    expect((await post('?__code=429')).status).toBe(429);
  });

  it('the callback follows the checkout it created: sent after Prefer: code=204 (ignored, 201), not after code=429', async () => {
    const body = (hook: string) => ({ ...clone(seedSamples.usdtOnTron), callback_url: `${receiverUrl}/hooks/${hook}` });
    expect((await postJson(mock.baseUrl, body('prefer-429'), { ...auth, prefer: 'code=429' })).status).toBe(429);
    expect((await postJson(mock.baseUrl, body('prefer-204'), { ...auth, prefer: 'code=204' })).status).toBe(201);
    await waitFor(() => deliveries.find((d) => d.url === '/hooks/prefer-204'), { what: 'the callback to /hooks/prefer-204' });
    const answered = `callback ${receiverUrl}/hooks/prefer-204 answered 204`;
    await waitForMarker(() => mock.output().includes(answered), { what: `the line ${answered}` });
    expect(deliveries.filter((d) => d.url === '/hooks/prefer-429')).toEqual([]);
  });
});

describe('secrets and shutdown', () => {
  it('routes an absolute-form request target by its path, and never logs its user, password or query (R8)', async () => {
    const [absolute] = listOddButValidInputs(CANARY_KEY).filter((row) => row.raw);
    const answer = await sendBadInput(mock.baseUrl, absolute);
    expect(answer.status, answer.body.slice(0, 300)).toBe(201);
    expect(schemaErrors('Checkout', JSON.parse(answer.body))).toEqual([]);
    const requestId = answer.headers['request-id'][0];
    expect(requestId).toMatch(/^urn:uuid:/);
    await waitFor(() => /^POST \/api\/v1\/checkouts\/ → 201$/m.test(mock.output()), { what: 'the log line of the 201' });
    for (const secret of ['canary-user', CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN]) expect(mock.output()).not.toContain(secret);
  });

  it('never prints the Authorization header value', async () => {
    await waitFor(() => mock.output().includes('→ 413'), { what: 'the log line of a 413' });
    expect(mock.output()).toContain('POST /api/v1/checkouts/ → 201');
    expect(mock.output()).not.toContain(CANARY_KEY);
  });

  it('SIGTERM stops the mock with exit code 0; Prism runs inside it, so it has no process to leave behind', async () => {
    expect(childPids(mock.child.pid!)).toEqual([]);
    const ended = await mock.stop('SIGTERM');
    expect(ended).toEqual({ code: 0, signal: null });
    expect(isAlive(mock.child.pid!)).toBe(false);
    expect(mock.output()).not.toContain(CANARY_KEY);
  });
});
