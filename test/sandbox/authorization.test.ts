// Issue 12, item 8: a request with more than one Authorization header gets 401, whichever comes first. Node's
// req.headers keeps only the first, so [valid, wrong] used to get in and [wrong, valid] not; a gateway that keeps the
// last would authenticate the other key. fetch joins repeated headers into one, so these requests go through
// node:http, which sends each value of an array as its own header line.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY, OTHER_CANARY_KEY, UNKNOWN_CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';
import { readProblem } from '../support/problems.js';
import { namedRequests } from './support/contract-checks.js';
import { startTestSandbox, type TestSandbox } from './support/sandbox-harness.js';

let sandbox: TestSandbox;
let checkoutId: string;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  checkoutId = (await (await sandbox.createCheckout(namedRequests.usdtOnTron)).json()).id;
});
afterAll(async () => {
  await sandbox.close();
});

/** Send a request whose Authorization header is sent once per value, and read the answer as a fetch Response. */
function sendWithAuthorizations(method: string, path: string, authorizations: string[], body?: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[]> = { authorization: authorizations };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const req = httpRequest(`${sandbox.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') answer.set(name, value);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: answer }));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const valid = `Api-Key ${CANARY_KEY}`;
const wrong = `Api-Key ${UNKNOWN_CANARY_KEY}`;
const DETAIL = "The request has 2 Authorization headers; send exactly one, 'Authorization: Api-Key <API_KEY>'.";

describe('more than one Authorization header', () => {
  it.each([
    ['valid, then wrong', [valid, wrong]],
    ['wrong, then valid', [wrong, valid]],
    ['the same valid key twice', [valid, valid]],
    ['two valid keys', [valid, `Api-Key ${OTHER_CANARY_KEY}`]],
  ])('%s: the create call answers 401 with WWW-Authenticate: Api-Key and creates nothing', async (_name, authorizations) => {
    const stored = sandbox.context.checkouts.size;
    const response = await sendWithAuthorizations('POST', CREATE_PATH, authorizations, JSON.stringify(namedRequests.usdtOnTron));
    expect(response.headers.get('www-authenticate')).toBe('Api-Key');
    const problem = await readProblem(response, 401, 'unauthorized');
    expect(problem.detail).toBe(DETAIL);
    expect(JSON.stringify(problem)).not.toContain('canary-key');
    expect(sandbox.context.checkouts.size).toBe(stored);
  });

  it.each([
    ['valid, then wrong', [valid, wrong]],
    ['wrong, then valid', [wrong, valid]],
  ])('%s: a sandbox helper answers 401 too', async (_name, authorizations) => {
    const response = await sendWithAuthorizations('GET', `/sandbox/v1/checkouts/${checkoutId}`, authorizations);
    expect(response.headers.get('www-authenticate')).toBe('Api-Key');
    expect((await readProblem(response, 401, 'unauthorized')).detail).toBe(DETAIL);
  });

  it('one valid header still gets in, through the same path (the negative control)', async () => {
    const response = await sendWithAuthorizations('GET', `/sandbox/v1/checkouts/${checkoutId}`, [valid]);
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe(checkoutId);
  });
});
