// The sandbox's rate-limit policy (CHECKOUT_RATE_LIMIT, off by default): a fixed window of create calls per API key.
// The contract only says that a service may answer 429 `rate-limited` with Retry-After; how many calls it allows is
// the account's, so this is one implementation's choice, there to let integrators test their 429 handling.
import type { RateLimit } from './config/setting-parsers.js';

export class RateLimiter {
  readonly #limit: RateLimit;
  // One window per key index: the number of keys is fixed at start, so this never grows beyond it.
  readonly #windows = new Map<number, { startMs: number; count: number }>();

  constructor(limit: RateLimit) {
    this.#limit = limit;
  }

  /** Count one call of this key: undefined when it is allowed, else the whole seconds until its window ends (≥ 1). */
  take(keyIndex: number, nowMs: number): number | undefined {
    let window = this.#windows.get(keyIndex);
    if (!window || nowMs >= window.startMs + this.#limit.windowMs) {
      window = { startMs: nowMs, count: 0 };
      this.#windows.set(keyIndex, window);
    }
    window.count += 1;
    if (window.count <= this.#limit.requests) return undefined;
    return Math.max(1, Math.ceil((window.startMs + this.#limit.windowMs - nowMs) / 1000));
  }
}
