import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValid, namedRequests, validateProblem } from './support/contract-checks.js';
import { CANARY_KEY, CREATE_PATH, OTHER_CANARY_KEY, startTestSandbox, type TestSandbox } from './support/sandbox-harness.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const body = JSON.stringify(namedRequests.usdtOnTron);
let counter = 0;
const freshKey = () => `idem-${process.pid}-${Date.now()}-${counter++}`;

describe('Idempotency-Key (D24)', () => {
  it('replays the first 201 for the same key and body, with Idempotent-Replayed: true', async () => {
    const key = freshKey();
    const first = await sandbox.createCheckout(body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstText = await first.text();
    const again = await sandbox.createCheckout(body, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstText);
    const other = await (await sandbox.createCheckout(body, { 'idempotency-key': freshKey() })).json();
    expect(other.id).not.toBe(JSON.parse(firstText).id);
  });

  it('answers 422 idempotency-key-reused for the same key with a different body', async () => {
    const key = freshKey();
    expect((await sandbox.createCheckout(body, { 'idempotency-key': key })).status).toBe(201);
    const changed = { ...namedRequests.usdtOnTron, client_reference_id: 'order-1002' };
    const response = await sandbox.createCheckout(changed, { 'idempotency-key': key });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expectValid(validateProblem, problem);
    expect(problem.type).toBe('https://api.checkout.example/problems/idempotency-key-reused');
  });

  it('keeps keys per API key', async () => {
    const key = freshKey();
    const mine = await (await sandbox.createCheckout(body, { 'idempotency-key': key })).json();
    const theirs = await sandbox.createCheckout(body, { 'idempotency-key': key, authorization: `Api-Key ${OTHER_CANARY_KEY}` });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect((await theirs.json()).id).not.toBe(mine.id);
  });

  it('does not spend a key on a rejected request, so the corrected retry creates the checkout', async () => {
    const key = freshKey();
    const invalid = { ...namedRequests.usdtOnTron, currency: '' };
    expect((await sandbox.createCheckout(invalid, { 'idempotency-key': key })).status).toBe(422);
    const retry = await sandbox.createCheckout(body, { 'idempotency-key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 409 while the first request with the key is still in flight', async () => {
    const key = freshKey();
    let releaseFirst!: () => void;
    const first = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(`${sandbox.baseUrl}${CREATE_PATH}`, {
        method: 'POST',
        headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json', 'idempotency-key': key, 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        let text = '';
        res.on('data', (chunk) => { text += chunk; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      // Half the body now; the rest only when the second request has been answered.
      req.write(body.slice(0, 20));
      req.flushHeaders();
      releaseFirst = () => req.end(body.slice(20));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await sandbox.createCheckout(body, { 'idempotency-key': key });
    expect(second.status).toBe(409);
    const problem = await second.json();
    expectValid(validateProblem, problem);
    expect(problem.type).toBe('https://api.checkout.example/problems/idempotency-request-in-progress');
    releaseFirst();
    const done = await first;
    expect(done.status).toBe(201);
    const replay = await sandbox.createCheckout(body, { 'idempotency-key': key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(done.text);
  });

  it.each([['empty', ''], ['too long', 'k'.repeat(256)], ['with a space', 'two words']])(
    'rejects an Idempotency-Key that is %s with 422', async (_name, key) => {
      const response = await sandbox.createCheckout(body, { 'idempotency-key': key });
      expect(response.status).toBe(422);
      const problem = await response.json();
      expectValid(validateProblem, problem);
      expect(problem.detail).toContain('Idempotency-Key');
    });
});
