// The one request front (src/http/request-front.ts), in process: every refusal it writes itself, each with its exact
// problem and headers, the Request-Id on every answer and as every problem's instance, and the 500 guard.
import { describe, expect, it } from 'vitest';
import { loadContractValue } from '../../src/contract/contract-value.js';
import { createAuthenticator } from '../../src/http/authorization.js';
import type { Answer, ServerRequest } from '../../src/http/exchange.js';
import { createProblems } from '../../src/http/problems.js';
import { createRequestFront, type Operation } from '../../src/http/request-front.js';
import { CANARY_KEY } from '../support/canary.js';

const contract = loadContractValue();
const problems = createProblems(contract);
const authenticate = createAuthenticator(contract.operation('createCheckout'), problems, [CANARY_KEY]);
const typeOf = (slug: string) => new URL(slug, problems.notFound('/').type).href;

function request(method: string, target: string, headers: Record<string, string> = {}): ServerRequest {
  return {
    method,
    target,
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    declaredLength: undefined,
    readBody: async () => ({ ok: true, body: Buffer.alloc(0) }),
  };
}

function createFront(answer: Operation['answer'], bugs: string[] = []) {
  let count = 0;
  return createRequestFront({
    routes: [
      { path: /^\/api\/v1\/checkouts\/$/, methods: { POST: { authenticate, answer } } },
      { path: /^\/open\/([^/]+)$/, methods: { GET: { answer } } },
    ],
    problems,
    newRequestId: () => `urn:uuid:00000000-0000-4000-8000-00000000000${++count}`,
    headersFor: () => ({ 'x-every-answer': 'yes', 'content-type': 'overridden' }),
    onBug: (error, line) => {
      bugs.push(`${line}: ${(error as Error).message}`);
      return 'The test server failed.';
    },
  });
}

const ok: Answer = { status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' };
const firstId = 'urn:uuid:00000000-0000-4000-8000-000000000001';

describe('createRequestFront', () => {
  it('answers through the handler, with the routed id and key, the Request-Id and the common headers under its own', async () => {
    const seen: unknown[] = [];
    const front = createFront((routed) => {
      seen.push({ id: routed.id, keyIndex: routed.keyIndex, path: routed.target.path, requestId: routed.requestId });
      return ok;
    });
    const exchange = await front.answer(request('GET', '/open/c-1?x=1'));
    expect(seen).toEqual([{ id: 'c-1', keyIndex: -1, path: '/open/c-1', requestId: firstId }]);
    expect(exchange?.answer).toEqual({
      status: 200,
      headers: { 'x-every-answer': 'yes', 'content-type': 'text/plain', 'request-id': firstId },
      body: 'ok',
    });
  });

  it('refuses an unreadable target (400), an unknown path (404) and another method (405 with Allow)', async () => {
    const front = createFront(() => ok);
    const unreadable = await front.answer(request('GET', '*'));
    expect(unreadable?.answer.status).toBe(400);
    expect(unreadable?.answer.problem).toMatchObject({ type: typeOf('bad-request'), instance: firstId });
    const unknown = await front.answer(request('GET', '/api/v1/checkouts'));
    expect(unknown?.answer.problem?.detail).toBe(
      'Nothing is served at /api/v1/checkouts. Send it to /api/v1/checkouts/, with the trailing slash.',
    );
    const other = await front.answer(request('GET', '/api/v1/checkouts/'));
    expect(other?.answer.status).toBe(405);
    expect(other?.answer.headers.allow).toBe('POST');
    expect(other?.answer.headers['content-type']).toBe('application/problem+json');
  });

  it('asks for the credentials before the handler: 401 with the challenge, and the key index after', async () => {
    const calls: number[] = [];
    const front = createFront((routed) => {
      calls.push(routed.keyIndex);
      return ok;
    });
    const refused = await front.answer(request('POST', '/api/v1/checkouts/', { authorization: 'Bearer x' }));
    expect(refused?.answer.status).toBe(401);
    expect(refused?.answer.headers['www-authenticate']).toBe('Api-Key');
    expect(refused?.answer.problem?.detail).toBe(
      "The Authorization header does not use the Api-Key scheme. Send 'Authorization: Api-Key <API_KEY>'.",
    );
    expect(calls).toEqual([]);
    await front.answer(request('POST', '/api/v1/checkouts/', { authorization: `Api-Key ${CANARY_KEY}` }));
    expect(calls).toEqual([0]);
  });

  it("writes a handler's refusal as a problem whose instance is the Request-Id, with the refusal's headers", async () => {
    const front = createFront(() => ({ problem: problems.rateLimited(2), headers: { 'retry-after': '2' } }));
    const exchange = await front.answer(request('GET', '/open/c-1'));
    expect(exchange?.answer.status).toBe(429);
    expect(exchange?.answer.headers).toMatchObject({
      'retry-after': '2',
      'request-id': firstId,
      'content-type': 'application/problem+json',
    });
    expect(JSON.parse(exchange?.answer.body ?? '')).toEqual({
      type: typeOf('rate-limited'),
      title: problems.rateLimited(2).title,
      status: 429,
      detail: 'Too many requests for this API key; retry after 2 seconds.',
      instance: firstId,
    });
  });

  it('turns a handler that throws into a 500, told the method and path alone, never the query or user', async () => {
    const bugs: string[] = [];
    const front = createFront(() => {
      throw new Error('boom');
    }, bugs);
    const exchange = await front.answer(request('GET', 'http://user:secret@host.invalid/open/c-1?token=secret'));
    expect(exchange?.answer.status).toBe(500);
    expect(exchange?.answer.problem?.detail).toBe('The test server failed.');
    expect(bugs).toEqual(['GET /open/c-1: boom']);
  });

  it('gives no answer when the handler has no one to answer (the client went away mid-body)', async () => {
    expect(await createFront(() => undefined).answer(request('GET', '/open/c-1'))).toBeUndefined();
  });

  it("answers what Node's parser refuses with the parser's problem and a Request-Id of its own", () => {
    const front = createFront(() => ok);
    const answer = front.answerUnparsed('HPE_HEADER_OVERFLOW');
    expect(answer.status).toBe(431);
    expect(answer.headers['request-id']).toBe(firstId);
    expect(answer.problem).toMatchObject({ type: typeOf('request-header-fields-too-large'), instance: firstId });
    expect(front.answerUnparsed('HPE_INVALID_METHOD').status).toBe(400);
  });
});
