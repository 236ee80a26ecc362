import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../support/manual-clock.js';
import { readProblem } from '../support/problems.js';
import { expectValid, namedRequests, validateCheckout } from './support/contract-checks.js';
import { sandboxValidatorFor } from './support/sandbox-document.js';
import { startTestSandbox, type TestSandbox } from './support/sandbox-harness.js';

const validateDeliveries = sandboxValidatorFor('CallbackDeliveryList');

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

async function createOpenCheckout(target = sandbox, change: (body: any) => void = () => {}): Promise<any> {
  const body = structuredClone(namedRequests.upperCaseCodes);
  change(body);
  const response = await target.createCheckout(body);
  expect(response.status).toBe(201);
  return response.json();
}

describe('sandbox helpers', () => {
  it('read a checkout: the record as created', async () => {
    const created = await createOpenCheckout();
    const response = await sandbox.callHelper('GET', `/sandbox/v1/checkouts/${created.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(created);
  });

  it('complete: status complete, updatedAt advances, nothing else changes, and it is final', async () => {
    const created = await createOpenCheckout();
    const response = await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/complete`);
    expect(response.status).toBe(200);
    const completed = await response.json();
    expectValid(validateCheckout, completed);
    expect(completed.status).toBe('complete');
    expect(Number(completed.updatedAt)).toBeGreaterThan(Number(created.updatedAt));
    expect({ ...completed, status: 'open', updatedAt: created.updatedAt }).toEqual(created);
    expect(await (await sandbox.callHelper('GET', `/sandbox/v1/checkouts/${created.id}`)).json()).toEqual(completed);

    await readProblem(await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/complete`), 409, 'checkout-not-open');
    await readProblem(await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/expire`), 409, 'checkout-not-open');
  });

  it('expire: status expired and final', async () => {
    const created = await createOpenCheckout();
    const expired = await (await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/expire`)).json();
    expectValid(validateCheckout, expired);
    expect(expired.status).toBe('expired');
    expect(Number(expired.updatedAt)).toBeGreaterThan(Number(created.updatedAt));
    const problem = await readProblem(
      await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/complete`),
      409,
      'checkout-not-open',
    );
    expect(problem.detail).toContain('expired');
  });

  it('deliveries: empty for a checkout without callback_url, in the shape of openapi-sandbox', async () => {
    const created = await createOpenCheckout();
    await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/complete`);
    const list = await (await sandbox.callHelper('GET', `/sandbox/v1/checkouts/${created.id}/deliveries`)).json();
    expect(validateDeliveries(list)).toBe(true);
    expect(list).toEqual({ deliveries: [] });
  });

  it.each([
    ['an unknown id', '/sandbox/v1/checkouts/0b6f3e1c-9d2a-4c57-8e4b-1f2a3b4c5d6e'],
    ['an id that is not a UUID', '/sandbox/v1/checkouts/nope'],
  ])('404 checkout-not-found for %s', async (_name, path) => {
    await readProblem(await sandbox.callHelper('GET', path), 404, 'checkout-not-found');
    await readProblem(await sandbox.callHelper('POST', `${path}/complete`), 404, 'checkout-not-found');
  });

  it('401 without a key, 405 for another method', async () => {
    const created = await createOpenCheckout();
    const unauthenticated = await fetch(`${sandbox.baseUrl}/sandbox/v1/checkouts/${created.id}`);
    expect(unauthenticated.headers.get('www-authenticate')).toBe('Api-Key');
    await readProblem(unauthenticated, 401, 'unauthorized');
    await readProblem(await sandbox.callHelper('GET', `/sandbox/v1/checkouts/${created.id}/complete`), 405, 'method-not-allowed');
  });

  it('the checkout page at url shows the checkout without a key, with product names escaped', async () => {
    const created = await createOpenCheckout(sandbox, (body) => {
      body.invoice_items[0].price_data.product_data.name = '<script>alert(1)</script>';
    });
    const page = await fetch(created.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<strong id="status">open</strong>');
    expect(html).toContain('35.00 USD');
    expect(html).not.toContain('<script>');
    expect((await fetch(`${sandbox.baseUrl}/checkouts/0b6f3e1c-9d2a-4c57-8e4b-1f2a3b4c5d6e`)).status).toBe(404);
  });
});

describe('expiry by time and a bounded store', () => {
  it('an open checkout reads as expired once its lifetime has passed, with updatedAt at expiresAt', async () => {
    const clock = createManualClock();
    const shortLived = await startTestSandbox({ CHECKOUT_SESSION_LIFETIME_MS: '150' }, {}, { clock });
    try {
      const created = await createOpenCheckout(shortLived);
      const read = async () => (await shortLived.callHelper('GET', `/sandbox/v1/checkouts/${created.id}`)).json();
      clock.advance(149);
      expect((await read()).status).toBe('open');
      clock.advance(1);
      const expired = await read();
      expectValid(validateCheckout, expired);
      expect(expired.status).toBe('expired');
      expect(expired.updatedAt).toBe(`${expired.expiresAt.slice(0, -3)}.${expired.expiresAt.slice(-3)}000`);
      await readProblem(await shortLived.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/complete`), 409, 'checkout-not-open');
    } finally {
      await shortLived.close();
    }
  });

  it.each([
    ['complete', 'complete'],
    ['expire', 'expired'],
  ])('%s within the initial update delay moves updatedAt on, never back to createdAt (issue 28, R14)', async (helper, status) => {
    const clock = createManualClock(Date.parse('2031-05-01T08:00:00Z'));
    const delayed = await startTestSandbox({ CHECKOUT_INITIAL_UPDATE_DELAY_MS: '60000' }, {}, { clock });
    try {
      const created = await createOpenCheckout(delayed);
      expect([created.createdAt, created.updatedAt]).toEqual(['1935388800.000000', '1935388860.000000']);
      clock.advance(1_000);
      const settled = await (await delayed.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/${helper}`)).json();
      expect([settled.status, settled.updatedAt]).toEqual([status, '1935388860.000001']);
      const read = await (await delayed.callHelper('GET', `/sandbox/v1/checkouts/${created.id}`)).json();
      expect(read.updatedAt).toBe('1935388860.000001');
    } finally {
      await delayed.close();
    }
  });

  it('the sweep expires and then evicts checkouts without anyone reading them', async () => {
    const clock = createManualClock();
    const swept = await startTestSandbox(
      { CHECKOUT_SESSION_LIFETIME_MS: '100', CHECKOUT_RETENTION_MS: '100', CHECKOUT_SWEEP_INTERVAL_MS: '20' },
      {},
      { clock },
    );
    try {
      const created = await createOpenCheckout(swept);
      const { checkouts } = swept.context;
      // Expired at 100 ms, kept 100 ms more: the first sweep the clock reaches after 200 ms evicts it, and no request
      // reads it before. The sweep runs on the sandbox's clock: due 20 ms after start, then 20 ms after each run.
      const sweeps = vi.spyOn(checkouts, 'sweep');
      clock.advance(199);
      expect(sweeps).toHaveBeenCalledTimes(1);
      expect(checkouts.size).toBe(1);
      clock.advance(19);
      expect(sweeps).toHaveBeenCalledTimes(1);
      clock.advance(1);
      expect(sweeps).toHaveBeenCalledTimes(2);
      expect(checkouts.size).toBe(0);
      await readProblem(await swept.callHelper('GET', `/sandbox/v1/checkouts/${created.id}`), 404, 'checkout-not-found');
    } finally {
      await swept.close();
    }
  });

  it('keeps at most CHECKOUT_MAX_SESSIONS checkouts, dropping the oldest', async () => {
    const bounded = await startTestSandbox({ CHECKOUT_MAX_SESSIONS: '3' });
    try {
      const created = [];
      for (let index = 0; index < 5; index += 1) created.push(await createOpenCheckout(bounded));
      expect(bounded.context.checkouts.size).toBe(3);
      const statuses = await Promise.all(
        created.map(async (record) => (await bounded.callHelper('GET', `/sandbox/v1/checkouts/${record.id}`)).status),
      );
      expect(statuses).toEqual([404, 404, 200, 200, 200]);
    } finally {
      await bounded.close();
    }
  });
});
