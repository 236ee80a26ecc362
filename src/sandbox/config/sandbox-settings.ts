// The one table of the sandbox's settings: each with its environment variable, its option in the testing kit (when it
// has one), its parser and bounds, its default and what it means. The config reader (the environment and the kit's
// options) and `checkout-sandbox --help` read it; docs/sandbox.md's table is pasted from formatSettingsTable(), and
// test/sandbox/settings-table.test.ts keeps it equal to this one.
import { CONTRACT_ACK_TIMEOUT_MS, CONTRACT_RETRY_DELAYS_MS, CONTRACT_RETRY_JITTER } from '../../contract/callback-schedule.js';
import {
  API_KEYS_PARSER,
  CALLBACK_SECRET_PARSER,
  DELAYS_PARSER,
  FLAG_PARSER,
  generateApiKey,
  generateCallbackSecret,
  HOST_PARSER,
  PAGE_URL_PARSER,
  PORT_PARSER,
  RATE_LIMIT_PARSER,
  type SettingParser,
  SHARE_PARSER,
  TEST_RATES_PARSER,
  TEXT_PARSER,
  wholeNumber,
} from './setting-parsers.js';

/**
 * One row of the table. `K` is the SandboxConfig field it sets, `T` that field's type (what its parser reads), `O` its
 * option in the testing kit, or null.
 */
export interface SandboxSetting<K extends string = string, T = unknown, O extends string | null = string | null> {
  /** The environment variable. */
  name: string;
  /** The option of the testing kit (TestingPolicies, or startSandbox's `port`), or null when the kit has none (it always
   *  takes the default). */
  option: O;
  /** The SandboxConfig field it sets. */
  key: K;
  /** How its text and its option are read, with their bounds. */
  parse: SettingParser<T>;
  /** The value when it is not set (a fresh one each time: keys and secrets are generated). */
  initial: () => T;
  /** The default as the docs and --help show it. */
  fallback: string;
  /** True when `fallback` is the value as it would be written (the docs show it as code). */
  literal?: boolean;
  /** One line on what it does. */
  meaning: string;
}

export const DAY_MS = 86_400_000;

/** How long a stopping sandbox waits at most for callback attempts in flight: short enough for a terminal or a
 *  process manager (docker stop waits 10 s), and an attempt never outlasts CHECKOUT_CALLBACK_TIMEOUT_MS anyway. */
export const SHUTDOWN_GRACE_MS = 5_000;

// A row's type is its parser's: the default must fit it (NoInfer), and never widens or narrows it.

/** One setting whose default is a plain value, shown as it would be written. */
function plain<const K extends string, T, const O extends string | null>(
  setting: Omit<SandboxSetting<K, T, O>, 'initial' | 'fallback' | 'literal'> & { initial: NoInfer<T> },
): SandboxSetting<K, T, O> {
  const value = setting.initial;
  return {
    ...setting,
    initial: () => (Array.isArray(value) ? [...value] : value) as T,
    fallback: Array.isArray(value) ? value.join(',') : String(value),
    literal: true,
  };
}

/** One setting whose default is computed or described in words. */
function setting<const K extends string, T, const O extends string | null>(
  entry: Omit<SandboxSetting<K, T, O>, 'initial'> & { initial: () => NoInfer<T> },
): SandboxSetting<K, T, O> {
  return entry;
}

export const SANDBOX_SETTINGS = [
  plain({ name: 'HOST', option: null, key: 'host', parse: HOST_PARSER, initial: '127.0.0.1', meaning: 'Interface to listen on.' }),
  plain({
    name: 'PORT',
    option: 'port',
    key: 'port',
    parse: PORT_PARSER,
    initial: 4011,
    meaning: 'Port to listen on (`0` picks a free one).',
  }),
  setting({
    name: 'CHECKOUT_API_KEYS',
    option: 'apiKey',
    key: 'apiKeys',
    parse: API_KEYS_PARSER,
    initial: () => [generateApiKey()],
    fallback: 'one generated key, printed once at start',
    meaning: 'Comma-separated keys accepted in `Authorization: Api-Key <key>` (the option is one key). Never printed.',
  }),
  setting({
    name: 'CHECKOUT_CALLBACK_SECRET',
    option: 'callbackSecret',
    key: 'callbackSecret',
    parse: CALLBACK_SECRET_PARSER,
    initial: generateCallbackSecret,
    fallback: 'a generated `whsec_…` secret, printed once at start',
    meaning: 'Standard Webhooks secret (`whsec_<base64>`) that signs callbacks. Never printed when you set it.',
  }),
  setting({
    name: 'CHECKOUT_PAGE_URL',
    option: 'checkoutPageUrl',
    key: 'checkoutPageUrl',
    parse: PAGE_URL_PARSER,
    initial: () => null,
    fallback: 'the sandbox itself (the fetch sandbox: its `baseUrl`)',
    meaning: 'Scheme and host of the checkout page: `url` is `<CHECKOUT_PAGE_URL>/checkouts/<id>`.',
  }),
  plain({
    name: 'CHECKOUT_SESSION_LIFETIME_MS',
    option: 'sessionLifetimeMs',
    key: 'sessionLifetimeMs',
    parse: wholeNumber(1, 366 * DAY_MS),
    initial: DAY_MS,
    meaning: 'How long a checkout stays `open` (D21 leaves the lifetime to the account; the sandbox keeps 24 h).',
  }),
  plain({
    name: 'CHECKOUT_INITIAL_UPDATE_DELAY_MS',
    option: 'initialUpdateDelayMs',
    key: 'initialUpdateDelayMs',
    parse: wholeNumber(0, 60_000),
    initial: 0,
    meaning: "How much later than `createdAt` a new checkout's `updatedAt` is (D22; the service shows about 1 s).",
  }),
  plain({
    name: 'CHECKOUT_OFFER_ALL_METHODS',
    option: 'offerAllMethods',
    key: 'offerAllMethods',
    parse: FLAG_PARSER,
    initial: false,
    meaning: "`true`: a chosen crypto pair is offered first, next to the account's other methods, as the service does (D20).",
  }),
  setting({
    name: 'CHECKOUT_TEST_RATES',
    option: 'testRates',
    key: 'testRates',
    parse: TEST_RATES_PARSER,
    initial: () => ({}),
    fallback: 'the built-in table (`src/sandbox/checkout/test-rates.ts`)',
    meaning:
      'Entries that override or add test rates, such as `EUR=1.1,BTC=65000` (the option: `{ EUR: "1.1" }`); an unlisted code is worth 1 USD (D13).',
  }),
  setting({
    name: 'CHECKOUT_RATE_LIMIT',
    option: 'rateLimit',
    key: 'rateLimit',
    parse: RATE_LIMIT_PARSER,
    initial: () => null,
    fallback: 'no limit',
    meaning:
      'At most this many create calls per key in each window, such as `100/60000` (the option: `{ requests, windowMs }`); beyond it `429 rate-limited` with `Retry-After` (D25).',
  }),
  plain({
    name: 'CHECKOUT_MAX_SESSIONS',
    option: 'maxSessions',
    key: 'maxSessions',
    parse: wholeNumber(1, 10_000_000),
    initial: 10_000,
    meaning:
      'Most checkouts kept; the oldest is dropped. As many `Idempotency-Key`s are kept, one per checkout, so none is dropped before its checkout.',
  }),
  plain({
    name: 'CHECKOUT_RETENTION_MS',
    option: null,
    key: 'retentionMs',
    parse: wholeNumber(0, 366 * DAY_MS),
    initial: 3_600_000,
    meaning: 'How long a checkout is kept after it expires before it is evicted.',
  }),
  plain({
    name: 'CHECKOUT_SWEEP_INTERVAL_MS',
    option: null,
    key: 'sweepIntervalMs',
    parse: wholeNumber(10, DAY_MS),
    initial: 60_000,
    meaning: 'How often expired checkouts are marked and evicted.',
  }),
  plain({
    name: 'CHECKOUT_CALLBACK_RETRY_DELAYS_MS',
    option: 'callbackRetryDelaysMs',
    key: 'callbackRetryDelaysMs',
    parse: DELAYS_PARSER,
    initial: CONTRACT_RETRY_DELAYS_MS,
    meaning:
      "Delays before each callback retry: the contract's schedule (D7). Shorten it in tests, such as `50,100,200`; the option's `[]` means no retries.",
  }),
  plain({
    name: 'CHECKOUT_CALLBACK_RETRY_JITTER',
    option: 'callbackRetryJitter',
    key: 'callbackRetryJitter',
    parse: SHARE_PARSER,
    initial: CONTRACT_RETRY_JITTER,
    meaning: 'Largest share of a retry delay added at random (D7); `0` for exact delays in tests.',
  }),
  plain({
    name: 'CHECKOUT_CALLBACK_TIMEOUT_MS',
    option: 'callbackTimeoutMs',
    key: 'callbackTimeoutMs',
    parse: wholeNumber(1, 600_000),
    initial: CONTRACT_ACK_TIMEOUT_MS,
    meaning: 'How long a callback receiver has to answer `2xx` (D7: 15 s).',
  }),
  plain({
    name: 'CHECKOUT_MERCHANT_NAME',
    option: 'merchantName',
    key: 'merchantName',
    parse: TEXT_PARSER,
    initial: 'Sandbox merchant',
    meaning: 'The `merchant.name` of every checkout.',
  }),
] as const satisfies readonly SandboxSetting[];

type SettingRow = (typeof SANDBOX_SETTINGS)[number];

/** What the settings hold, field by field, as the table's rows read them: never typed apart from the table. */
export type SandboxSettings = { [Row in SettingRow as Row['key']]: Row extends SandboxSetting<string, infer T> ? T : never };

/** The sandbox's configuration: the settings, and whether the two secrets were generated (then the bin prints them). */
export interface SandboxConfig extends SandboxSettings {
  /** True when `apiKeys` holds one generated key: neither CHECKOUT_API_KEYS nor the kit's `apiKey` was given. */
  apiKeysGenerated: boolean;
  /** True when `callbackSecret` was generated: neither CHECKOUT_CALLBACK_SECRET nor `callbackSecret` was given. */
  callbackSecretGenerated: boolean;
}

/** The testing kit's option of each setting that has one, as the table names it. */
export type SettingOption = Exclude<SettingRow['option'], null>;
