// The options a consumer's test gives the testing kit, turned into the sandbox's own policies by the sandbox's own
// config reader: the same defaults, bounds and messages as the `checkout-sandbox` environment variables, with each
// message naming the option instead of the variable.
import type { CallbackReply, OutgoingCallback, SendCallback } from '../sandbox/callbacks/callback-delivery.js';
import type { Clock } from '../sandbox/checkout/clock.js';
import { readSandboxConfig, SandboxConfigError } from '../sandbox/config/read-sandbox-config.js';
import type { SandboxPolicies } from '../sandbox/sandbox-core.js';

/** A completion callback as it would go out: POST `url` with `headers` and `body`, the exact string that was signed. */
export type CallbackDelivery = OutgoingCallback;

/**
 * What a test's callback handler answered: nothing (acknowledged, like a 2xx), a status code, or a Response (its
 * status and Retry-After count). A thrown error counts as no reply. Anything but 2xx is retried on the schedule.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler with no return statement returns void, and that acknowledges.
export type CallbackAnswer = void | number | Response;

export interface TestingPolicies {
  /** The API key the mock accepts; one is generated when absent. */
  apiKey?: string;
  /** The Standard Webhooks secret (`whsec_…`) that signs callbacks; one is generated when absent. */
  callbackSecret?: string;
  /** Scheme and host of the checkout `url`s (default: the mock's baseUrl, or the sandbox's own address). */
  checkoutPageUrl?: string;
  /** How long a checkout stays open (default 24 h). */
  sessionLifetimeMs?: number;
  /** How much later than createdAt a new checkout's updatedAt is (default 0). */
  initialUpdateDelayMs?: number;
  /** Offer the account's other payment methods next to a chosen pair (default false). */
  offerAllMethods?: boolean;
  /** USD value of one unit per currency code, over the built-in test rates, such as `{ EUR: '1.1' }`. */
  testRates?: Readonly<Record<string, string>>;
  /** At most `requests` create calls per key in each `windowMs`; beyond it 429 `rate-limited` (default: no limit). */
  rateLimit?: { requests: number; windowMs: number };
  /** Delays before each retry of a failed callback (default: the contract's schedule, 5 s to 24 h). */
  callbackRetryDelaysMs?: readonly number[];
  /** Largest random share added to a retry delay (default 0.1). */
  callbackRetryJitter?: number;
  /** How long a callback receiver has to answer (default 15 s). */
  callbackTimeoutMs?: number;
  /** Most checkouts kept; the oldest is dropped beyond it (default 10,000). */
  maxSessions?: number;
  /** The merchant.name of every checkout. */
  merchantName?: string;
  /** The clock of records and expiry, in milliseconds since the epoch (default: the real clock). */
  now?: () => number | Date;
  /**
   * Receive each callback attempt in the test instead of over HTTP, to hand it to your own webhook handler.
   * Without it, callbacks are POSTed to callback_url with the sandbox's retries.
   */
  onCallback?: (delivery: CallbackDelivery) => CallbackAnswer | Promise<CallbackAnswer>;
  /** Where operational lines go (failed callback attempts); silent by default. Never given a key. */
  log?: (line: string) => void;
}

const VARIABLES: Record<string, string> = {
  apiKey: 'CHECKOUT_API_KEYS',
  callbackSecret: 'CHECKOUT_CALLBACK_SECRET',
  checkoutPageUrl: 'CHECKOUT_PAGE_URL',
  sessionLifetimeMs: 'CHECKOUT_SESSION_LIFETIME_MS',
  initialUpdateDelayMs: 'CHECKOUT_INITIAL_UPDATE_DELAY_MS',
  offerAllMethods: 'CHECKOUT_OFFER_ALL_METHODS',
  testRates: 'CHECKOUT_TEST_RATES',
  rateLimit: 'CHECKOUT_RATE_LIMIT',
  callbackRetryDelaysMs: 'CHECKOUT_CALLBACK_RETRY_DELAYS_MS',
  callbackRetryJitter: 'CHECKOUT_CALLBACK_RETRY_JITTER',
  callbackTimeoutMs: 'CHECKOUT_CALLBACK_TIMEOUT_MS',
  maxSessions: 'CHECKOUT_MAX_SESSIONS',
  merchantName: 'CHECKOUT_MERCHANT_NAME',
};

/** The sandbox policies these options ask for; throws a TypeError that names the option when one cannot be used. */
export function readTestingPolicies(options: TestingPolicies, caller: string): SandboxPolicies {
  if (options.apiKey?.includes(',')) {
    throw new TypeError(`${caller}: options.apiKey is one key and cannot hold a comma.`);
  }
  // The sandbox reads an empty variable as unset; an empty option is a mistake, said so rather than replaced.
  for (const option of ['apiKey', 'callbackSecret', 'checkoutPageUrl', 'merchantName'] as const) {
    if (options[option]?.trim() === '') throw new TypeError(`${caller}: options.${option} is empty; leave it out for the default.`);
  }
  const env: Record<string, string | undefined> = {};
  for (const [option, variable] of Object.entries(VARIABLES)) {
    env[variable] = formatOption(option, (options as Record<string, unknown>)[option]);
  }
  try {
    const config = readSandboxConfig(env);
    // No delays at all means no retries, which the environment variable (empty = the default) cannot say.
    if (options.callbackRetryDelaysMs?.length === 0) config.callbackRetryDelaysMs = [];
    return config;
  } catch (error) {
    if (!(error instanceof SandboxConfigError)) throw error;
    const message = Object.entries(VARIABLES).reduce(
      (text, [option, variable]) => text.replaceAll(variable, `options.${option}`),
      error.message,
    );
    throw new TypeError(`${caller}: ${message}`);
  }
}

function formatOption(option: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (option === 'testRates')
    return Object.entries(value as Record<string, string>)
      .map(([code, rate]) => `${code}=${rate}`)
      .join(',');
  if (option === 'rateLimit') {
    const { requests, windowMs } = value as { requests: number; windowMs: number };
    return `${requests}/${windowMs}`;
  }
  return Array.isArray(value) ? value.join(',') : String(value);
}

// The latest time whose microseconds are still exact in a double (the year 2255).
const LATEST_MS = Math.floor(Number.MAX_SAFE_INTEGER / 1000);

/**
 * The clock of `now`, or undefined for the real one. `now` is called once here, so a clock that cannot tell the time
 * fails at creation, and checked on every later call, so one that stops telling it fails where it is used: each time
 * with a TypeError that names the option, never a record dated `NaN.000NaN` (issue 21, R12).
 */
export function readClock(now: TestingPolicies['now'], caller: string): Clock | undefined {
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
  return { nowMicros: () => Math.floor(readMillis() * 1000) };
}

/** A callback sender that hands each attempt to the test's function instead of the network. */
export function sendToFunction(onCallback: NonNullable<TestingPolicies['onCallback']>): SendCallback {
  return async (delivery): Promise<CallbackReply> => {
    const answer = await onCallback({ ...delivery, headers: { ...delivery.headers } });
    if (answer === undefined) return { status: 200, retryAfter: null };
    if (typeof answer === 'number') return { status: answer, retryAfter: null };
    return { status: answer.status, retryAfter: answer.headers.get('retry-after') };
  };
}
