// The in-memory store of checkouts: bounded by count (oldest dropped first) and by time (a checkout is evicted once
// it has been past its expiry for the retention period). Expiry by time is applied lazily on every read and by the
// periodic sweep, so a reader never sees an open checkout whose lifetime has passed.
//
// Each record is kept serialized, as it is served: one string per checkout instead of a graph of some forty
// objects, which halves the memory of a full store and leaves the garbage collector almost nothing to trace.
import type { Checkout, CheckoutStatus } from '../../../generated/openapi.js';
import { formatUnixSeconds, parseUnixSeconds } from '../../clock/timestamps.js';
import type { CallbackDeliveryLog } from '../callbacks/callback-delivery.js';
import { EvictionRing } from './eviction-ring.js';

export interface StoredCheckout {
  id: string;
  /** The record, serialized. */
  json: string;
  status: CheckoutStatus;
  callbackUrl: string | null;
  expiresAtMs: number;
  /** Microseconds of the last change, so that updatedAt always advances. */
  changedAtMicros: number;
  deliveries: CallbackDeliveryLog[];
}

export interface CheckoutStoreLimits {
  maxSessions: number;
  retentionMs: number;
  /** Told of each checkout the store forgets, by count or by time, so that what hangs on it can go too. */
  onEvict?: (entry: StoredCheckout) => void;
}

export function createStoredCheckout(record: Checkout, json: string, callbackUrl: string | null): StoredCheckout {
  return {
    id: record.id,
    json,
    status: record.status,
    callbackUrl,
    expiresAtMs: Number(record.expiresAt),
    // updatedAt, not createdAt: with an initial update delay it is later, and a change must never move it back.
    changedAtMicros: parseUnixSeconds(record.updatedAt),
    deliveries: [],
  };
}

export function readRecord(entry: StoredCheckout): Checkout {
  return JSON.parse(entry.json) as Checkout;
}

/** Give the checkout its new status with updatedAt at `atMicros` (or just after the last change); returns the record. */
function changeStatus(entry: StoredCheckout, status: CheckoutStatus, atMicros: number): Checkout {
  const changedAtMicros = Math.max(atMicros, entry.changedAtMicros + 1);
  const record = readRecord(entry);
  record.status = status;
  record.updatedAt = formatUnixSeconds(changedAtMicros);
  entry.json = JSON.stringify(record);
  entry.status = status;
  entry.changedAtMicros = changedAtMicros;
  return record;
}

/** The two final statuses an open checkout can move to (D22): open → complete and open → expired. */
export type FinalStatus = 'complete' | 'expired';

/** Move an open checkout to a final status and return its record; undefined when it is not open (answer 409). */
export function transitionCheckout(entry: StoredCheckout, status: FinalStatus, nowMicros: number): Checkout | undefined {
  if (entry.status !== 'open') return undefined;
  return changeStatus(entry, status, nowMicros);
}

export class CheckoutStore {
  readonly #entries = new Map<string, StoredCheckout>();
  readonly #limits: CheckoutStoreLimits;
  readonly #eviction: EvictionRing<StoredCheckout>;

  constructor(limits: CheckoutStoreLimits) {
    this.#limits = limits;
    this.#eviction = new EvictionRing(limits.maxSessions);
  }

  get size(): number {
    return this.#entries.size;
  }

  add(entry: StoredCheckout): void {
    this.#entries.set(entry.id, entry);
    const oldest = this.#eviction.push(entry.id, entry);
    if (oldest && this.#entries.get(oldest.key) === oldest.value) {
      this.#entries.delete(oldest.key);
      this.#limits.onEvict?.(oldest.value);
    }
  }

  /** The checkout, expired first if its lifetime has passed; undefined when unknown or evicted. */
  find(id: string, nowMs: number): StoredCheckout | undefined {
    const entry = this.#entries.get(id);
    if (entry) expireIfDue(entry, nowMs);
    return entry;
  }

  /** Every checkout held, oldest first, each expired first if its lifetime has passed. */
  list(nowMs: number): StoredCheckout[] {
    const entries = [...this.#entries.values()];
    for (const entry of entries) expireIfDue(entry, nowMs);
    return entries;
  }

  /** Mark every overdue checkout expired and evict those past the retention period. */
  sweep(nowMs: number): { expired: number; evicted: number } {
    let expired = 0;
    let evicted = 0;
    for (const [id, entry] of this.#entries) {
      if (expireIfDue(entry, nowMs)) expired += 1;
      if (entry.expiresAtMs + this.#limits.retentionMs <= nowMs) {
        this.#entries.delete(id);
        this.#limits.onEvict?.(entry);
        evicted += 1;
      }
    }
    return { expired, evicted };
  }
}

function expireIfDue(entry: StoredCheckout, nowMs: number): boolean {
  if (entry.status !== 'open' || nowMs < entry.expiresAtMs) return false;
  // It expired at expiresAt, whenever that is noticed.
  changeStatus(entry, 'expired', entry.expiresAtMs * 1000);
  return true;
}
