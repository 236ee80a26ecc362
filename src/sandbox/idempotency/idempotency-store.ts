// Idempotency-Key bookkeeping (D24): per API key, a key is claimed when its first request arrives ("in flight"),
// then either holds that request's 201 response for 24 hours or is released when the request failed, so a corrected
// retry can use it. Bounded by count like the checkout store.
import { createHash } from 'node:crypto';
import { EvictionRing } from '../checkout/eviction-ring.js';
import { DAY_MS } from '../config/sandbox-settings.js';

export type IdempotencyEntry =
  | { state: 'in-flight'; storedAtMs: number }
  | { state: 'done'; storedAtMs: number; fingerprint: string; body: string };

export class IdempotencyStore {
  readonly #entries = new Map<string, IdempotencyEntry>();
  readonly #eviction: EvictionRing<IdempotencyEntry>;

  constructor(maxEntries: number) {
    this.#eviction = new EvictionRing(maxEntries);
  }

  find(scope: string, nowMs: number): IdempotencyEntry | undefined {
    const entry = this.#entries.get(scope);
    if (entry?.state === 'done' && nowMs - entry.storedAtMs >= DAY_MS) {
      this.#entries.delete(scope);
      return undefined;
    }
    return entry;
  }

  claim(scope: string, nowMs: number): void {
    this.#set(scope, { state: 'in-flight', storedAtMs: nowMs });
  }

  release(scope: string): void {
    if (this.#entries.get(scope)?.state === 'in-flight') this.#entries.delete(scope);
  }

  complete(scope: string, fingerprint: string, body: string, nowMs: number): void {
    this.#set(scope, { state: 'done', storedAtMs: nowMs, fingerprint, body });
  }

  sweep(nowMs: number): void {
    for (const [scope, entry] of this.#entries) {
      if (entry.state === 'done' && nowMs - entry.storedAtMs >= DAY_MS) this.#entries.delete(scope);
    }
  }

  #set(scope: string, entry: IdempotencyEntry): void {
    this.#entries.set(scope, entry);
    const oldest = this.#eviction.push(scope, entry);
    // Only if that scope still holds the displaced entry: it may have been released, or replaced since.
    if (oldest && this.#entries.get(oldest.key) === oldest.value) this.#entries.delete(oldest.key);
  }
}

/** The same body means the same bytes. */
export function fingerprintBody(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64');
}
