// The options a consumer's test gives the testing kit, read into the sandbox's own policies through the sandbox's
// settings table (src/sandbox/config/sandbox-settings.ts): the same defaults, bounds and messages as the
// `checkout-sandbox` environment variables, each message naming the option instead of the variable. Defaults and
// bounds are in that table and docs/sandbox.md, not repeated here.

import { type ClockOverTimeReading, createClockOverTimeReading } from '../clock/clock-over-time-reading.js';
import type { CallbackReply, OutgoingCallback, SendCallback } from '../sandbox/sandbox-api.js';

/**
 * What a test's callback handler answered: nothing (acknowledged, like a 2xx), a status code, or a Response (its
 * status and Retry-After count). A thrown error counts as no reply. Anything but 2xx is retried on the schedule.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler with no return statement returns void, and that acknowledges.
export type CallbackAnswer = void | number | Response;

// Each option below is a row of the settings table, named after its variable; its default, bounds and meaning are
// there (and in docs/sandbox.md), read by readSandboxOptions. Written out here for the documentation each carries in a
// consumer's editor; test/sandbox/settings-types.test-d.ts keeps them the table's options, no more and no fewer.
export interface TestingPolicies {
  /** CHECKOUT_API_KEYS, one key: the key the sandbox accepts; one is generated when absent. */
  apiKey?: string;
  /** CHECKOUT_CALLBACK_SECRET: the `whsec_…` secret that signs callbacks; one is generated when absent. */
  callbackSecret?: string;
  /** CHECKOUT_PAGE_URL: scheme and host of the checkout `url`s. */
  checkoutPageUrl?: string;
  /** CHECKOUT_SESSION_LIFETIME_MS: how long a checkout stays open. */
  sessionLifetimeMs?: number;
  /** CHECKOUT_INITIAL_UPDATE_DELAY_MS: how much later than createdAt a new checkout's updatedAt is. */
  initialUpdateDelayMs?: number;
  /** CHECKOUT_OFFER_ALL_METHODS: offer the account's other payment methods next to a chosen pair. */
  offerAllMethods?: boolean;
  /** CHECKOUT_TEST_RATES: USD value of one unit per currency code, over the built-in test rates, such as `{ EUR: '1.1' }`. */
  testRates?: Readonly<Record<string, string>>;
  /** CHECKOUT_RATE_LIMIT: at most `requests` create calls per key in each `windowMs`; beyond it 429 `rate-limited`. */
  rateLimit?: { requests: number; windowMs: number };
  /** CHECKOUT_CALLBACK_RETRY_DELAYS_MS: delays before each retry of a failed callback; `[]` for no retries. */
  callbackRetryDelaysMs?: readonly number[];
  /** CHECKOUT_CALLBACK_RETRY_JITTER: largest random share added to a retry delay. */
  callbackRetryJitter?: number;
  /** CHECKOUT_CALLBACK_TIMEOUT_MS: how long a callback receiver has to answer. */
  callbackTimeoutMs?: number;
  /** CHECKOUT_MAX_SESSIONS: most checkouts kept; the oldest is dropped beyond it. */
  maxSessions?: number;
  /** CHECKOUT_MERCHANT_NAME: the merchant.name of every checkout. */
  merchantName?: string;
  /**
   * The sandbox's clock, in milliseconds since the epoch (default: the real clock). Everything time-driven follows
   * it: the records, expiry, rate and idempotency windows, the callbacks' `webhook-timestamp`, event time and delivery
   * log, and the callback retries, which are due when `now` has reached their time.
   */
  now?: () => number | Date;
  /**
   * Receive each callback attempt in the test instead of over HTTP, to hand it to your own webhook handler.
   * Without it, callbacks are POSTed to callback_url with the sandbox's retries.
   */
  onCallback?: (callback: OutgoingCallback) => CallbackAnswer | Promise<CallbackAnswer>;
  /** Where operational lines go (failed callback attempts); silent by default. Never given a key. */
  log?: (line: string) => void;
}

// The latest time whose microseconds are still exact in a double (the year 2255).
const LATEST_MS = Math.floor(Number.MAX_SAFE_INTEGER / 1000);

/**
 * The clock of `now` (time and timers, src/clock/clock-over-time-reading.ts), or undefined for the real one. `now` is
 * called once here, so a clock that cannot tell the time fails at creation, and checked on every later call, so one
 * that stops telling it fails where it is used: each time with a TypeError that names the option, never a record
 * dated `NaN.000NaN` (issue 21, R12).
 */
export function readClock(now: TestingPolicies['now'], caller: string): ClockOverTimeReading | undefined {
  if (now === undefined) return undefined;
  if (typeof now !== 'function') throw new TypeError(`${caller}: options.now must be a function returning milliseconds or a Date.`);
  const readMillis = () => {
    const value = now();
    const ms = typeof value === 'number' || value instanceof Date ? Number(value) : Number.NaN;
    if (!Number.isFinite(ms) || ms < 0 || ms > LATEST_MS) {
      const shown = value instanceof Date ? `a Date of ${ms}` : typeof value === 'number' ? String(value) : `a ${typeof value}`;
      throw new TypeError(
        `${caller}: options.now must return milliseconds since 1970 (0 to ${LATEST_MS}) or a valid Date; it returned ${shown}.`,
      );
    }
    return ms;
  };
  readMillis();
  return createClockOverTimeReading(readMillis);
}

/** A callback sender that hands each attempt to the test's function instead of the network. */
export function sendToFunction(onCallback: NonNullable<TestingPolicies['onCallback']>): SendCallback {
  return async (callback): Promise<CallbackReply> => {
    const answer = await onCallback({ ...callback, headers: { ...callback.headers } });
    if (answer === undefined) return { status: 200, retryAfter: null };
    if (typeof answer === 'number') return { status: answer, retryAfter: null };
    return { status: answer.status, retryAfter: answer.headers.get('retry-after') };
  };
}
