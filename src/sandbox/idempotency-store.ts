// Idempotency-Key bookkeeping (D24): per API key, a key is claimed when its first request arrives ("in flight"),
// then either holds that request's 201 response for 24 hours or is released when the request failed, so a corrected
// retry can use it.
//
// Bounded like the checkout store, and never tighter than it (issue 12, item 3): a key takes one slot of its ring
// when its checkout takes one of the checkout store's, both of the same size, so no key is dropped by count while its
// checkout is kept. Claims in flight take no slot and are never evicted: they are as many as the requests being
// read, which the server's own limits bound, and each ends in complete() or release().
import { createHash } from 'node:crypto';
import { EvictionRing } from './checkout/eviction-ring.js';
import { DAY_MS } from './config/sandbox-settings.js';

/** How long a completed key replays its response (D24: 24 hours). */
const IDEMPOTENCY_KEY_LIFETIME_MS = DAY_MS;

export type IdempotencyEntry =
  | { state: 'in-flight'; storedAtMs: number }
  | { state: 'done'; storedAtMs: number; fingerprint: string; body: string };

type DoneEntry = Extract<IdempotencyEntry, { state: 'done' }>;

export class IdempotencyStore {
  readonly #inFlight = new Map<string, IdempotencyEntry>();
  readonly #done = new Map<string, DoneEntry>();
  readonly #eviction: EvictionRing<DoneEntry>;

  /** `maxEntries` is the checkout store's maxSessions: at most that many completed keys are kept. */
  constructor(maxEntries: number) {
    this.#eviction = new EvictionRing(maxEntries);
  }

  find(scope: string, nowMs: number): IdempotencyEntry | undefined {
    const claimed = this.#inFlight.get(scope);
    if (claimed) return claimed;
    const entry = this.#done.get(scope);
    if (entry && nowMs - entry.storedAtMs >= IDEMPOTENCY_KEY_LIFETIME_MS) {
      this.#done.delete(scope);
      return undefined;
    }
    return entry;
  }

  claim(scope: string, nowMs: number): void {
    this.#inFlight.set(scope, { state: 'in-flight', storedAtMs: nowMs });
  }

  release(scope: string): void {
    this.#inFlight.delete(scope);
  }

  /** Store the response of the claimed key; call it together with adding its checkout to the checkout store. */
  complete(scope: string, fingerprint: string, body: string, nowMs: number): void {
    this.#inFlight.delete(scope);
    const entry: DoneEntry = { state: 'done', storedAtMs: nowMs, fingerprint, body };
    this.#done.set(scope, entry);
    const oldest = this.#eviction.push(scope, entry);
    // Only if that scope still holds the displaced entry: it may have expired and been stored again since.
    if (oldest && this.#done.get(oldest.key) === oldest.value) this.#done.delete(oldest.key);
  }

  sweep(nowMs: number): void {
    for (const [scope, entry] of this.#done) {
      if (nowMs - entry.storedAtMs >= IDEMPOTENCY_KEY_LIFETIME_MS) this.#done.delete(scope);
    }
  }
}

/** The same body means the same bytes. */
export function fingerprintBody(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64');
}
