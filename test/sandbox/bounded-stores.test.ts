import { describe, expect, it } from 'vitest';
import { CheckoutStore, createStoredCheckout } from '../../src/sandbox/checkout/checkout-store.js';
import { DAY_MS } from '../../src/sandbox/config/sandbox-settings.js';
import { IdempotencyStore } from '../../src/sandbox/idempotency-store.js';

function storedCheckout(id: string, expiresAtMs = 10_000) {
  const record = { id, status: 'open', expiresAt: String(expiresAtMs), updatedAt: '0.500000' } as any;
  return createStoredCheckout(record, JSON.stringify(record), null);
}

describe('the checkout store', () => {
  it('never holds more than its maximum, dropping the oldest, however many are added', () => {
    const store = new CheckoutStore({ maxSessions: 100, retentionMs: 0 });
    for (let index = 0; index < 10_000; index += 1) store.add(storedCheckout(`id-${index}`));
    expect(store.size).toBe(100);
    expect(store.find('id-9899', 0)).toBeUndefined();
    expect(store.find('id-9900', 0)?.id).toBe('id-9900');
  });

  it('expires on read at expiresAt, and the sweep evicts after the retention period', () => {
    const store = new CheckoutStore({ maxSessions: 10, retentionMs: 500 });
    store.add(storedCheckout('a', 1_000));
    expect(store.find('a', 999)?.status).toBe('open');
    const expired = store.find('a', 1_000)!;
    expect(expired.status).toBe('expired');
    expect(JSON.parse(expired.json)).toMatchObject({ status: 'expired', updatedAt: '1.000000' });
    expect(store.sweep(1_499)).toEqual({ expired: 0, evicted: 0 });
    expect(store.sweep(1_500)).toEqual({ expired: 0, evicted: 1 });
    expect(store.size).toBe(0);
  });
});

describe('the checkout store tells of each eviction', () => {
  it('by count and by the sweep, once each, so what hangs on a checkout goes with it', () => {
    const evicted: string[] = [];
    const store = new CheckoutStore({ maxSessions: 2, retentionMs: 500, onEvict: (entry) => evicted.push(entry.id) });
    for (const id of ['a', 'b', 'c']) store.add(storedCheckout(id, 1_000));
    expect(evicted).toEqual(['a']);
    store.sweep(1_499);
    expect(evicted).toEqual(['a']);
    store.sweep(1_500);
    expect(evicted).toEqual(['a', 'b', 'c']);
  });
});

describe('the idempotency store', () => {
  it('never holds more than its maximum', () => {
    const store = new IdempotencyStore(50);
    for (let index = 0; index < 5_000; index += 1) store.complete(`key-${index}`, 'f', '{}', 0);
    expect(store.find('key-4949', 0)).toBeUndefined();
    expect(store.find('key-4950', 0)?.state).toBe('done');
  });

  it('does not let an old, released claim evict the same key claimed again later', () => {
    const store = new IdempotencyStore(2);
    store.claim('k', 0);
    store.release('k');
    store.complete('other', 'f', '{}', 0);
    store.complete('k', 'f', '{"id":1}', 0);
    // The ring is full: the next entry displaces the first slot, which held the released claim of "k".
    store.complete('third', 'f', '{}', 0);
    expect(store.find('k', 0)).toMatchObject({ state: 'done', body: '{"id":1}' });
  });

  it('takes one slot per completed key, so it drops a key no sooner than the checkout store drops its checkout', () => {
    const store = new IdempotencyStore(2);
    const checkouts = new CheckoutStore({ maxSessions: 2, retentionMs: 0 });
    for (const key of ['a', 'b']) {
      store.claim(key, 0);
      checkouts.add(storedCheckout(`id-${key}`));
      store.complete(key, 'f', `{"id":"id-${key}"}`, 0);
    }
    expect(checkouts.find('id-a', 0)?.id).toBe('id-a');
    expect(store.find('a', 0)).toMatchObject({ state: 'done', body: '{"id":"id-a"}' });
  });

  it('never evicts a claim in flight, however many keys complete meanwhile', () => {
    const store = new IdempotencyStore(2);
    store.claim('held', 0);
    for (let index = 0; index < 10; index += 1) store.complete(`key-${index}`, 'f', '{}', 0);
    expect(store.find('held', 0)?.state).toBe('in-flight');
  });

  it('forgets a stored response after 24 hours (D24)', () => {
    const store = new IdempotencyStore(10);
    store.complete('k', 'f', '{}', 0);
    expect(store.find('k', DAY_MS - 1)?.state).toBe('done');
    expect(store.find('k', DAY_MS)).toBeUndefined();
  });
});
