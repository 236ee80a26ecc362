// Environment → sandbox configuration, as a pure function of the env object (testable without a process).
// Secrets that are not set are generated here; the caller decides whether to print them.
import { randomBytes } from 'node:crypto';
import { readHost, readPort } from '../../cli/read-env.js';
import { UsageError } from '../../cli/run-command.js';
import { redactUrls } from '../../http/redact.js';
import { CONTRACT_RETRY_DELAYS_MS, CONTRACT_RETRY_JITTER, DAY_MS } from './sandbox-settings.js';

/** A fixed-window limit of create calls per API key (the contract's 429 `rate-limited`). */
export interface RateLimit {
  requests: number;
  windowMs: number;
}

export interface SandboxConfig {
  host: string;
  port: number;
  apiKeys: string[];
  /** True when no CHECKOUT_API_KEYS was set and `apiKeys` holds one generated key. */
  apiKeysGenerated: boolean;
  callbackSecret: string;
  callbackSecretGenerated: boolean;
  /** Scheme and host of the checkout page; null means the sandbox's own address. */
  checkoutPageUrl: string | null;
  sessionLifetimeMs: number;
  /** Account choices the contract leaves open (docs/decisions.md, "What the sandbox chooses"). */
  initialUpdateDelayMs: number;
  offerAllMethods: boolean;
  /** USD value of one unit per currency code, over the built-in test rates. */
  testRates: Record<string, string>;
  /** At most `requests` create calls per API key in each window of `windowMs`, else 429; null for no limit. */
  rateLimit: RateLimit | null;
  maxSessions: number;
  retentionMs: number;
  sweepIntervalMs: number;
  callbackRetryDelaysMs: number[];
  callbackRetryJitter: number;
  callbackTimeoutMs: number;
  merchantName: string;
}

/** A setting that cannot be used; the message names the variable and what to set, never a secret's value. The CLI's
 *  usage error (exit 2) under the name the sandbox has always exported. */
export const SandboxConfigError = UsageError;
export type SandboxConfigError = UsageError;

const VISIBLE_ASCII = /^[\x21-\x7E]{1,256}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function generateApiKey(): string {
  return `sk_sandbox_${randomBytes(24).toString('base64url')}`;
}

export function generateCallbackSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function readSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  const apiKeys = readApiKeys(env.CHECKOUT_API_KEYS);
  const callbackSecret = readCallbackSecret(env.CHECKOUT_CALLBACK_SECRET);
  return {
    host: readHost(env, '127.0.0.1'),
    port: readPort(env, 4011),
    apiKeys: apiKeys ?? [generateApiKey()],
    apiKeysGenerated: apiKeys === undefined,
    callbackSecret: callbackSecret ?? generateCallbackSecret(),
    callbackSecretGenerated: callbackSecret === undefined,
    checkoutPageUrl: readPageUrl(env.CHECKOUT_PAGE_URL),
    sessionLifetimeMs: readInteger(env, 'CHECKOUT_SESSION_LIFETIME_MS', DAY_MS, 1, 366 * DAY_MS),
    initialUpdateDelayMs: readInteger(env, 'CHECKOUT_INITIAL_UPDATE_DELAY_MS', 0, 0, 60_000),
    offerAllMethods: readBoolean(env, 'CHECKOUT_OFFER_ALL_METHODS'),
    testRates: readTestRates(env.CHECKOUT_TEST_RATES),
    rateLimit: readRateLimit(env.CHECKOUT_RATE_LIMIT),
    maxSessions: readInteger(env, 'CHECKOUT_MAX_SESSIONS', 10_000, 1, 10_000_000),
    retentionMs: readInteger(env, 'CHECKOUT_RETENTION_MS', 3_600_000, 0, 366 * DAY_MS),
    sweepIntervalMs: readInteger(env, 'CHECKOUT_SWEEP_INTERVAL_MS', 60_000, 10, DAY_MS),
    callbackRetryDelaysMs: readDelays(env.CHECKOUT_CALLBACK_RETRY_DELAYS_MS),
    callbackRetryJitter: readShare(env, 'CHECKOUT_CALLBACK_RETRY_JITTER', CONTRACT_RETRY_JITTER),
    callbackTimeoutMs: readInteger(env, 'CHECKOUT_CALLBACK_TIMEOUT_MS', 15_000, 1, 600_000),
    merchantName: readText(env, 'CHECKOUT_MERCHANT_NAME') ?? 'Sandbox merchant',
  };
}

function readText(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readInteger(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const text = readText(env, name);
  if (text === undefined) return fallback;
  if (!/^[0-9]+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new SandboxConfigError(`${name} must be a whole number from ${min} to ${max}; it is "${text}".`);
  }
  return Number(text);
}

function readShare(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const text = readText(env, name);
  if (text === undefined) return fallback;
  if (!/^(?:0|1|0\.[0-9]{1,6})$/.test(text))
    throw new SandboxConfigError(`${name} must be a decimal from 0 to 1, such as 0.1; it is "${text}".`);
  return Number(text);
}

function readBoolean(env: Record<string, string | undefined>, name: string): boolean {
  const text = readText(env, name)?.toLowerCase();
  if (text === undefined || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  throw new SandboxConfigError(`${name} must be true or false; it is "${text}".`);
}

const RATE_ENTRY = /^([A-Za-z0-9]{2,10})=((?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,12})?)$/;

function readTestRates(text: string | undefined): Record<string, string> {
  const value = text?.trim();
  if (!value) return {};
  return Object.fromEntries(
    value.split(',').map((entry) => {
      const match = RATE_ENTRY.exec(entry.trim());
      if (!match || Number(match[2]) === 0) {
        throw new SandboxConfigError(
          `CHECKOUT_TEST_RATES must be comma-separated CODE=USD_VALUE entries with positive decimal values, such as EUR=1.08,BTC=60000; "${entry.trim()}" is not.`,
        );
      }
      return [match[1].toLowerCase(), match[2]];
    }),
  );
}

function readRateLimit(text: string | undefined): RateLimit | null {
  const value = text?.trim();
  if (!value) return null;
  const match = /^([1-9][0-9]{0,8})\/([1-9][0-9]{0,9})$/.exec(value);
  if (!match) {
    throw new SandboxConfigError(
      `CHECKOUT_RATE_LIMIT must be <requests>/<window in ms>, such as 100/60000, or unset for no limit; it is "${value}".`,
    );
  }
  return { requests: Number(match[1]), windowMs: Number(match[2]) };
}

function readApiKeys(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const keys = text.split(',').map((key) => key.trim());
  keys.forEach((key, index) => {
    if (!VISIBLE_ASCII.test(key)) {
      // The value is a secret: name its position, never its text.
      throw new SandboxConfigError(
        `CHECKOUT_API_KEYS entry ${index + 1} of ${keys.length} is empty, longer than 256 characters or holds a space or ` +
          'non-ASCII character; list the keys separated by commas, each 1 to 256 visible ASCII characters.',
      );
    }
  });
  return [...new Set(keys)];
}

function readCallbackSecret(text: string | undefined): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  const base64 = value.startsWith('whsec_') ? value.slice('whsec_'.length) : value;
  if (!BASE64.test(base64) || Buffer.from(base64, 'base64').length < 16) {
    throw new SandboxConfigError(
      'CHECKOUT_CALLBACK_SECRET must be a Standard Webhooks secret: "whsec_" followed by the base64 of at least 16 ' +
        'random bytes (unset it to have one generated).',
    );
  }
  return `whsec_${base64}`;
}

function readPageUrl(text: string | undefined): string | null {
  const value = text?.trim();
  if (!value) return null;
  const url = normalizeBaseUrl(value);
  if (url === undefined) {
    // The value is echoed without what may hold a credential (issue 12, item 7).
    throw new SandboxConfigError(
      'CHECKOUT_PAGE_URL must be an absolute http(s) URL without user, password, query or fragment, such as ' +
        `https://pay.example.test; it is "${redactUrls(value)}".`,
    );
  }
  return url;
}

/** An absolute http(s) URL without user, password, query or fragment, without its trailing slash; else undefined. */
export function normalizeBaseUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) return undefined;
  return url.href.replace(/\/+$/, '');
}

function readDelays(text: string | undefined): number[] {
  const value = text?.trim();
  if (!value) return [...CONTRACT_RETRY_DELAYS_MS];
  const delays = value.split(',').map((part) => part.trim());
  if (delays.some((delay) => !/^[0-9]{1,9}$/.test(delay))) {
    throw new SandboxConfigError(
      `CHECKOUT_CALLBACK_RETRY_DELAYS_MS must be comma-separated whole milliseconds, such as 50,100,200; it is "${value}".`,
    );
  }
  return delays.map(Number);
}
