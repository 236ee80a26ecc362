import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePayloadTooLarge, describeValidationFailed } from '../../src/http/problems.js';
import { CANARY_KEY, UNKNOWN_CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';
import { INVALID_CREATE_BODIES } from '../support/invalid-create-bodies.js';
import { readProblem } from '../support/problems.js';
import { expectValid, namedRequests, validateProblem } from './support/contract-checks.js';
import { startTestSandbox, type TestSandbox } from './support/sandbox-harness.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

// Local: the shared readProblem plus this suite's own checks of every error it provokes (a real detail, no key echoed).
// `detail` is the exact detail, or how it follows from the problem (a 422's from its count of field errors).
async function expectProblem(response: Response, status: number, slug: string, detail: string | ((problem: any) => string)): Promise<any> {
  const problem = await readProblem(response, status, slug);
  expect(problem.status).toBe(status);
  expect(problem.detail).toBe(typeof detail === 'string' ? detail : detail(problem));
  expect(JSON.stringify(problem)).not.toContain(CANARY_KEY);
  return problem;
}

describe('invalid bodies: 422 naming each offending field by JSON Pointer', () => {
  it.each(INVALID_CREATE_BODIES.map((invalid) => [invalid.name, invalid] as const))('%s', async (_name, invalid) => {
    const problem = await expectProblem(await sandbox.createCheckout(JSON.stringify(invalid.body)), 422, 'validation-failed', (refused) =>
      describeValidationFailed(refused.errors.length),
    );
    expect(problem.errors.map((error: any) => error.pointer)).toContain(invalid.pointer);
    for (const error of problem.errors) expect(error.detail).toMatch(/\w{3,}/);
  });

  it('names every offending field of one body, once each', async () => {
    const body = structuredClone(namedRequests.usdtOnTron);
    delete body.currency;
    body.invoice_items[0].quantity = 0;
    body.success_url = 'nope';
    body.extra = true;
    const problem = await expectProblem(await sandbox.createCheckout(body), 422, 'validation-failed', describeValidationFailed(4));
    expect(problem.errors.map((error: any) => error.pointer).sort()).toEqual([
      '/currency',
      '/extra',
      '/invoice_items/0/quantity',
      '/success_url',
    ]);
    expect(problem.errors.find((error: any) => error.pointer === '/currency').detail).toBe('is required');
    expect(problem.errors.find((error: any) => error.pointer === '/invoice_items/0/quantity').detail).toBe('must be at least 1');
  });

  it('gives each field error the machine-readable code of what is wrong (D2)', async () => {
    const body = structuredClone(namedRequests.usdtOnTron);
    delete body.currency;
    body.invoice_items[0].quantity = 0;
    body.invoice_items[0].price_data.unit_amount = '12,50';
    body.invoice_items[0].price_data.product_data.name = 'x'.repeat(251);
    body.success_url = 'nope';
    body.callback_url = 'https://user:canary-pass@shop.example.com/hook';
    body.client_reference_id = 7;
    body.payment_method_data.type = 'card';
    body.extra = true;
    const problem = await expectProblem(await sandbox.createCheckout(body), 422, 'validation-failed', describeValidationFailed(9));
    const codes = Object.fromEntries(problem.errors.map((error: any) => [error.pointer, error.code]));
    expect(codes).toEqual({
      '/currency': 'required',
      '/invoice_items/0/quantity': 'too_small',
      '/invoice_items/0/price_data/unit_amount': 'pattern',
      '/invoice_items/0/price_data/product_data/name': 'too_long',
      '/success_url': 'invalid_url',
      '/callback_url': 'invalid_url',
      '/client_reference_id': 'wrong_type',
      '/payment_method_data/type': 'not_allowed_value',
      '/extra': 'unknown_field',
    });
    expect(JSON.stringify(problem)).not.toContain('canary-pass');
  });

  it("answers every request with a Request-Id, repeated as the problem's instance (D2)", async () => {
    const created = await sandbox.createCheckout(namedRequests.usdtOnTron);
    const refused = await sandbox.createCheckout({});
    const ids = [created.headers.get('request-id'), refused.headers.get('request-id')];
    for (const id of ids) expect(id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect((await refused.json()).instance).toBe(ids[1]);
  });

  it('explains a broken pattern in words from the contract, not as a regular expression', async () => {
    const body = structuredClone(namedRequests.usdtOnTron);
    body.invoice_items[0].price_data.unit_amount = '12,50';
    const problem = await expectProblem(await sandbox.createCheckout(body), 422, 'validation-failed', describeValidationFailed(1));
    expect(problem.errors[0].detail).toContain('positive decimal amount');
    expect(problem.errors[0].detail).not.toContain('(?:');
  });
});

describe('requests the create call refuses before validating', () => {
  const valid = JSON.stringify(namedRequests.usdtOnTron);

  const MISSING = "The Authorization header is missing. Send your API key as 'Authorization: Api-Key <API_KEY>'.";
  const OTHER_SCHEME = "The Authorization header does not use the Api-Key scheme. Send 'Authorization: Api-Key <API_KEY>'.";
  const UNKNOWN = 'The API key is unknown or revoked. Check the key the sandbox printed at start or set in CHECKOUT_API_KEYS.';
  it.each([
    ['no Authorization header', undefined, MISSING],
    ['another scheme', `Bearer ${CANARY_KEY}`, OTHER_SCHEME],
    ['the scheme alone', 'Api-Key', OTHER_SCHEME],
    ['an unknown key', `Api-Key ${UNKNOWN_CANARY_KEY}`, UNKNOWN],
    ['a key differing in one character', `Api-Key ${CANARY_KEY.slice(0, -1)}X`, UNKNOWN],
    ['the key with a suffix', `Api-Key ${CANARY_KEY}0`, UNKNOWN],
  ])('401 for %s, with WWW-Authenticate: Api-Key and no key in the answer', async (_name, authorization, detail) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (authorization) headers.authorization = authorization;
    const response = await fetch(`${sandbox.baseUrl}${CREATE_PATH}`, { method: 'POST', headers, body: valid });
    expect(response.headers.get('www-authenticate')).toBe('Api-Key');
    const problem = await expectProblem(response, 401, 'unauthorized', detail);
    expect(JSON.stringify(problem)).not.toContain('canary-key');
  });

  it('accepts the scheme word in any case (RFC 9110)', async () => {
    expect((await sandbox.createCheckout(valid, { authorization: `api-key ${CANARY_KEY}` })).status).toBe(201);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['form-encoded', 'application/x-www-form-urlencoded'],
    ['a problem document', 'application/problem+json'],
    ['JSON in Latin-1', 'application/json; charset=iso-8859-1'],
  ])('415 for a body sent as %s', async (_name, contentType) => {
    await expectProblem(
      await sandbox.createCheckout(valid, { 'content-type': contentType }),
      415,
      'unsupported-media-type',
      `Send the body as application/json; this request was sent as ${contentType}.`,
    );
  });

  it('415 for a body without Content-Type', async () => {
    const response = await fetch(`${sandbox.baseUrl}${CREATE_PATH}`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${CANARY_KEY}` },
      body: new Blob([valid]),
    });
    await expectProblem(
      response,
      415,
      'unsupported-media-type',
      'Send the body as application/json; this request was sent without a Content-Type.',
    );
  });

  it('accepts application/json with a UTF-8 charset', async () => {
    expect((await sandbox.createCheckout(valid, { 'content-type': 'Application/JSON; charset=UTF-8' })).status).toBe(201);
  });

  const unparsable = (why: string) => `The request body is not valid JSON: ${why}. Send one JSON object.`;
  const cutAt = (position: number) => unparsable(`unexpected character or end of input at position ${position}`);
  it.each([
    ['truncated JSON', valid.slice(0, 41), cutAt(41)],
    ['an empty body', '', unparsable('it is empty')],
    ['a trailing comma', '{"currency":"usdt",}', cutAt(19)],
    ['two documents', `${valid}${valid}`, cutAt(valid.length)],
    ['JavaScript, not JSON', "{currency: 'usdt'}", cutAt(1)],
  ])('400 for %s', async (_name, body, detail) => {
    await expectProblem(await sandbox.createCheckout(body), 400, 'malformed-json', detail);
  });

  it('400 for a body that is not UTF-8', async () => {
    const response = await fetch(`${sandbox.baseUrl}${CREATE_PATH}`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json' },
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    });
    await expectProblem(response, 400, 'malformed-json', unparsable('it is not valid UTF-8'));
  });

  it('413 for a body over 1 MiB, declared by Content-Length', async () => {
    const big = JSON.stringify({ ...namedRequests.usdtOnTron, padding: 'x'.repeat(1_048_576) });
    await expectProblem(await sandbox.createCheckout(big), 413, 'payload-too-large', describePayloadTooLarge(Buffer.byteLength(big)));
  });

  it('413 for a chunked body that grows over 1 MiB, and the connection still answers', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${sandbox.baseUrl}${CREATE_PATH}`,
        {
          method: 'POST',
          headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let sent = 0; sent < 2 * 1_048_576; sent += chunk.length) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
    expectValid(validateProblem, JSON.parse(body));
  });

  it('a body of exactly 1 MiB is read and validated (422, not 413)', async () => {
    const base = JSON.stringify(namedRequests.usdtOnTron);
    const body = `${base.slice(0, -1)},"padding":"${'x'.repeat(1_048_576 - base.length - 13)}"}`;
    expect(Buffer.byteLength(body)).toBe(1_048_576);
    const problem = await expectProblem(await sandbox.createCheckout(body), 422, 'validation-failed', describeValidationFailed(1));
    expect(problem.errors).toEqual([{ pointer: '/padding', code: 'unknown_field', detail: expect.any(String) }]);
  });
});

describe('paths and methods', () => {
  it.each(['/', '/api/v1/checkouts', '/api/v1/checkouts/abc', '/api/v2/checkouts/', '/sandbox/v1/checkouts'])(
    '404 problem for %s',
    async (path) => {
      const response = await fetch(`${sandbox.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Api-Key ${CANARY_KEY}` } });
      const detail =
        path === '/api/v1/checkouts'
          ? 'Nothing is served at /api/v1/checkouts. Send it to /api/v1/checkouts/, with the trailing slash.'
          : `Nothing is served at ${path}.`;
      await expectProblem(response, 404, 'not-found', detail);
    },
  );

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('405 problem with Allow for %s /api/v1/checkouts/', async (method) => {
    const response = await fetch(`${sandbox.baseUrl}${CREATE_PATH}`, { method, headers: { authorization: `Api-Key ${CANARY_KEY}` } });
    expect(response.headers.get('allow')).toBe('POST');
    await expectProblem(response, 405, 'method-not-allowed', '/api/v1/checkouts/ accepts POST only.');
  });

  it('ignores a query string on the create path', async () => {
    expect(
      (
        await fetch(`${sandbox.baseUrl}${CREATE_PATH}?x=1`, {
          method: 'POST',
          headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify(namedRequests.usdtOnTron),
        })
      ).status,
    ).toBe(201);
  });

  it('never logged anything for these client errors (no bug, no key)', () => {
    expect(sandbox.logs).toEqual([]);
  });
});
