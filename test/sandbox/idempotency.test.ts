import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY, OTHER_CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';
import { waitFor } from '../support/wait-for.js';
import { expectValid, namedRequests, validateProblem } from './support/contract-checks.js';
import { startTestSandbox, type TestSandbox } from './support/sandbox-harness.js';

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

/** An idempotent create that sends half its body and holds the rest until finish(): a request in flight. */
async function startHeldCreate(target: TestSandbox, key: string): Promise<{ finish(): Promise<{ status: number; text: string }> }> {
  let sendRest!: () => void;
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      `${target.baseUrl}${CREATE_PATH}`,
      {
        method: 'POST',
        headers: {
          authorization: `Api-Key ${CANARY_KEY}`,
          'content-type': 'application/json',
          'idempotency-key': key,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 20));
    req.flushHeaders();
    sendRest = () => req.end(body.slice(20));
  });
  // Wait until the sandbox has claimed the key (CANARY_KEY is the first accepted key, so its scope starts with 0).
  await waitFor(() => target.context.idempotency.find(`0\n${key}`, Date.now())?.state === 'in-flight', {
    what: "the sandbox's claim of the Idempotency-Key",
    pollMs: 5,
  });
  return {
    finish: () => {
      sendRest();
      return answered;
    },
  };
}

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
    const first = await startHeldCreate(sandbox, key);
    const second = await sandbox.createCheckout(body, { 'idempotency-key': key });
    expect(second.status).toBe(409);
    const problem = await second.json();
    expectValid(validateProblem, problem);
    expect(problem.type).toBe('https://api.checkout.example/problems/idempotency-request-in-progress');
    const done = await first.finish();
    expect(done.status).toBe(201);
    const replay = await sandbox.createCheckout(body, { 'idempotency-key': key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(done.text);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'two words'],
  ])('rejects an Idempotency-Key that is %s with 422', async (_name, key) => {
    const response = await sandbox.createCheckout(body, { 'idempotency-key': key });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expectValid(validateProblem, problem);
    expect(problem.detail).toContain('Idempotency-Key');
  });
});

describe('Idempotency-Key with a small store (CHECKOUT_MAX_SESSIONS=5; issue 12, item 3)', () => {
  let small: TestSandbox;
  beforeAll(async () => {
    small = await startTestSandbox({ CHECKOUT_MAX_SESSIONS: '5' });
  });
  afterAll(async () => {
    await small.close();
  });

  const createWithKey = (key: string) => small.createCheckout(body, { 'idempotency-key': key });

  it('keeps a claim in flight however many other idempotent creates pass: one checkout per key', async () => {
    const key = freshKey();
    const first = await startHeldCreate(small, key);
    for (let index = 0; index < 12; index += 1) expect((await createWithKey(freshKey())).status).toBe(201);
    expect((await createWithKey(key)).status).toBe(409);
    const done = await first.finish();
    expect(done.status).toBe(201);
    const replay = await createWithKey(key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await replay.json()).id).toBe(JSON.parse(done.text).id);
  });

  it('remembers a key for as long as its checkout is kept', async () => {
    const key = freshKey();
    const first = await (await createWithKey(key)).json();
    // Four more idempotent creates fill the store of five: the first checkout is still kept, so is its key.
    for (let index = 0; index < 4; index += 1) expect((await createWithKey(freshKey())).status).toBe(201);
    expect((await small.callHelper('GET', `/sandbox/v1/checkouts/${first.id}`)).status).toBe(200);
    const replay = await createWithKey(key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await replay.json()).id).toBe(first.id);
  });
});
