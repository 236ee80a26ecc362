// The environment variables the sandbox reads, with their defaults and meaning. One table feeds `--help`, the
// config reader and the README, so they cannot drift apart.
import { CONTRACT_ACK_TIMEOUT_MS, CONTRACT_RETRY_DELAYS_MS, CONTRACT_RETRY_JITTER } from '../../contract/callback-schedule.js';
export interface SandboxSetting {
  name: string;
  fallback: string;
  meaning: string;
}

export const DAY_MS = 86_400_000;

// The contract's schedule (D7), the sandbox's default.
export { CONTRACT_RETRY_DELAYS_MS, CONTRACT_RETRY_JITTER };

/** How long a stopping sandbox waits at most for callback attempts in flight: short enough for a terminal or a
 *  process manager (docker stop waits 10 s), and an attempt never outlasts CHECKOUT_CALLBACK_TIMEOUT_MS anyway. */
export const SHUTDOWN_GRACE_MS = 5_000;

export const SANDBOX_SETTINGS: SandboxSetting[] = [
  { name: 'HOST', fallback: '127.0.0.1', meaning: 'Interface to listen on.' },
  { name: 'PORT', fallback: '4011', meaning: 'Port to listen on (0 picks a free one).' },
  {
    name: 'CHECKOUT_API_KEYS',
    fallback: 'one generated key, printed once at start',
    meaning: 'Comma-separated API keys the sandbox accepts in `Authorization: Api-Key <key>`. Never printed.',
  },
  {
    name: 'CHECKOUT_CALLBACK_SECRET',
    fallback: 'a generated `whsec_…` secret, printed once at start',
    meaning: 'Standard Webhooks secret (`whsec_<base64>`) that signs callbacks. Never printed when you set it.',
  },
  {
    name: 'CHECKOUT_PAGE_URL',
    fallback: 'the sandbox itself (`http://HOST:PORT`)',
    meaning: 'Scheme and host of the checkout page used in `url`, which is `<CHECKOUT_PAGE_URL>/checkouts/<id>`.',
  },
  {
    name: 'CHECKOUT_SESSION_LIFETIME_MS',
    fallback: String(DAY_MS),
    meaning: 'How long a checkout stays open (D21 leaves the lifetime to the account; the sandbox keeps 24 h).',
  },
  {
    name: 'CHECKOUT_INITIAL_UPDATE_DELAY_MS',
    fallback: '0',
    meaning: "How much later than `createdAt` a new checkout's `updatedAt` is (D22 allows 0 or more; the service shows about 1 s).",
  },
  {
    name: 'CHECKOUT_OFFER_ALL_METHODS',
    fallback: 'false',
    meaning:
      "With `true`, a chosen crypto pair is offered next to the account's other methods (card, other coins), as the service does (D20).",
  },
  {
    name: 'CHECKOUT_TEST_RATES',
    fallback: 'the built-in table (`src/sandbox/checkout/test-rates.ts`)',
    meaning:
      'Comma-separated `CODE=USD_VALUE` entries that override or add test rates, such as `EUR=1.1,BTC=65000`; an unlisted code is worth 1 USD (D13).',
  },
  {
    name: 'CHECKOUT_RATE_LIMIT',
    fallback: 'no limit',
    meaning:
      'At most this many create calls per API key in each window, as `<requests>/<window in ms>` such as `100/60000`; beyond it `429 rate-limited` with `Retry-After` (the contract leaves limits to the service).',
  },
  {
    name: 'CHECKOUT_MAX_SESSIONS',
    fallback: '10000',
    meaning: 'Most checkouts kept in memory; the oldest is dropped beyond it. As many Idempotency-Keys are kept, one per checkout.',
  },
  {
    name: 'CHECKOUT_RETENTION_MS',
    fallback: '3600000',
    meaning: 'How long a checkout is kept after it expires before it is evicted.',
  },
  { name: 'CHECKOUT_SWEEP_INTERVAL_MS', fallback: '60000', meaning: 'How often expired checkouts are marked and evicted.' },
  {
    name: 'CHECKOUT_CALLBACK_RETRY_DELAYS_MS',
    fallback: CONTRACT_RETRY_DELAYS_MS.join(','),
    meaning: "Comma-separated delays before each retry of a failed callback (the contract's D7 schedule by default; shorten it for tests).",
  },
  {
    name: 'CHECKOUT_CALLBACK_RETRY_JITTER',
    fallback: String(CONTRACT_RETRY_JITTER),
    meaning: 'Largest share of a retry delay added at random (D7: 0.1; set 0 for exact delays in tests).',
  },
  {
    name: 'CHECKOUT_CALLBACK_TIMEOUT_MS',
    fallback: String(CONTRACT_ACK_TIMEOUT_MS),
    meaning: 'How long a callback receiver has to answer 2xx (D7: 15 s).',
  },
  { name: 'CHECKOUT_MERCHANT_NAME', fallback: 'Sandbox merchant', meaning: 'The `merchant.name` of every checkout.' },
];
