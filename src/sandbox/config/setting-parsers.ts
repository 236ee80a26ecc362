// How each sandbox setting is read: from an environment variable's text (trimmed, never blank) and from a typed option
// of the testing kit, with the same bounds and the same words. `name` is what the message calls the setting: the
// variable (`CHECKOUT_MAX_SESSIONS`) or the option (`options.maxSessions`). A value that cannot be used throws the
// CLI's UsageError; the kit turns it into a TypeError that names its caller.
import { randomBytes } from 'node:crypto';
import { readHost, readPort } from '../../cli/read-env.js';
import { UsageError } from '../../cli/run-command.js';
import { normalizeBaseUrl } from '../../http/base-url.js';
import { redactUrls } from '../../http/redact.js';

export interface SettingParser<T> {
  /** What the setting accepts, as the docs table shows it. */
  accepts: string;
  /** The value of an environment variable, trimmed and not blank. */
  fromText(text: string, name: string): T;
  /** The value of a typed option, given (not undefined); absent for a setting the kit has no option for. */
  fromValue?(value: unknown, name: string): T;
}

/** A fixed-window limit of create calls per API key (the contract's 429 `rate-limited`). */
export interface RateLimit {
  requests: number;
  windowMs: number;
}

export function generateApiKey(): string {
  return `sk_sandbox_${randomBytes(24).toString('base64url')}`;
}

export function generateCallbackSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A text option: a string, trimmed; an empty one is a mistake, said so rather than replaced by the default. */
function readOptionText(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new UsageError(`${name} must be a string; it is a ${typeof value}.`);
  const text = value.trim();
  if (text === '') throw new UsageError(`${name} is empty; leave it out for the default.`);
  return text;
}

/** A setting whose option is text too, read by the same function once trimmed. */
function textSetting<T>(accepts: string, fromText: (text: string, name: string) => T): SettingParser<T> {
  return { accepts, fromText, fromValue: (value, name) => fromText(readOptionText(value, name), name) };
}

export const HOST_PARSER: SettingParser<string> = {
  accepts: 'a host name or IP address',
  fromText: (text) => readHost({ HOST: text }, text),
};

export const PORT_PARSER: SettingParser<number> = {
  accepts: '`0` to `65535`',
  fromText: (text) => readPort({ PORT: text }, 0),
  fromValue: (value, name) => {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65_535) return value + 0;
    throw new UsageError(`${name} must be a whole number from 0 to 65535 (0 picks a free port), got "${String(value)}".`);
  },
};

export function wholeNumber(min: number, max: number): SettingParser<number> {
  const refuse = (shown: string, name: string) => new UsageError(`${name} must be a whole number from ${min} to ${max}; it is "${shown}".`);
  return {
    accepts: `\`${min}\` to \`${max}\``,
    fromText: (text, name) => {
      if (!/^[0-9]+$/.test(text) || Number(text) < min || Number(text) > max) throw refuse(text, name);
      return Number(text);
    },
    fromValue: (value, name) => {
      if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value + 0;
      throw refuse(String(value), name);
    },
  };
}

const SHARE = /^(?:0|1|0\.[0-9]{1,6})$/;

function readShare(text: string, name: string): number {
  if (!SHARE.test(text)) throw new UsageError(`${name} must be a decimal from 0 to 1, such as 0.1; it is "${text}".`);
  return Number(text);
}

/** A share from 0 to 1 with at most six decimals, such as a jitter of 0.1. */
export const SHARE_PARSER: SettingParser<number> = {
  accepts: '`0` to `1`, up to 6 decimals',
  fromText: readShare,
  fromValue: (value, name) => readShare(typeof value === 'number' ? String(value) : `a ${typeof value}`, name),
};

export const FLAG_PARSER: SettingParser<boolean> = {
  accepts: '`true`, `false`, `1`, `0`',
  fromText: (text, name) => {
    const flag = text.toLowerCase();
    if (flag === 'true' || flag === '1') return true;
    if (flag === 'false' || flag === '0') return false;
    throw new UsageError(`${name} must be true or false; it is "${flag}".`);
  },
  fromValue: (value, name) => {
    if (typeof value === 'boolean') return value;
    throw new UsageError(`${name} must be true or false; it is "${String(value)}".`);
  },
};

export const TEXT_PARSER: SettingParser<string> = textSetting('any text', (text) => text);

const RATE_CODE = /^[A-Za-z0-9]{2,10}$/;
const RATE_VALUE = /^(?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,12})?$/;

function readRate(code: string, rate: string, shown: string, name: string): [string, string] {
  if (!RATE_CODE.test(code) || !RATE_VALUE.test(rate) || Number(rate) === 0) {
    throw new UsageError(
      `${name} must be comma-separated CODE=USD_VALUE entries with positive decimal values, such as EUR=1.08,BTC=60000; "${shown}" is not.`,
    );
  }
  return [code.toLowerCase(), rate];
}

export const TEST_RATES_PARSER: SettingParser<Record<string, string>> = {
  accepts: '`CODE=USD_VALUE`, comma-separated',
  fromText: (text, name) =>
    Object.fromEntries(
      text.split(',').map((entry) => {
        const shown = entry.trim();
        const equals = shown.indexOf('=');
        return equals < 0 ? readRate('', '', shown, name) : readRate(shown.slice(0, equals), shown.slice(equals + 1), shown, name);
      }),
    ),
  fromValue: (value, name) => {
    if (typeof value !== 'object' || value === null) throw new UsageError(`${name} must be an object of CODE: USD_VALUE entries.`);
    return Object.fromEntries(Object.entries(value).map(([code, rate]) => readRate(code, String(rate), `${code}=${String(rate)}`, name)));
  },
};

const RATE_LIMIT = /^([1-9][0-9]{0,8})\/([1-9][0-9]{0,9})$/;

export const RATE_LIMIT_PARSER: SettingParser<RateLimit | null> = {
  accepts: '`<requests>/<window in ms>`',
  fromText: (text, name) => {
    const match = RATE_LIMIT.exec(text);
    if (!match) {
      throw new UsageError(`${name} must be <requests>/<window in ms>, such as 100/60000, or unset for no limit; it is "${text}".`);
    }
    return { requests: Number(match[1]), windowMs: Number(match[2]) };
  },
  fromValue: (value, name) => {
    const { requests, windowMs } = (value ?? {}) as Partial<RateLimit>;
    // The bounds of the variable's digits: 1 to 999,999,999 requests in 1 to 9,999,999,999 ms.
    const fits = (count: unknown, max: number) => typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= max;
    if (fits(requests, 999_999_999) && fits(windowMs, 9_999_999_999)) return { requests, windowMs } as RateLimit;
    throw new UsageError(
      `${name} must be <requests>/<window in ms>, such as 100/60000, or unset for no limit; it is "${String(requests)}/${String(windowMs)}".`,
    );
  },
};

const MAX_DELAY_MS = 999_999_999;

export const DELAYS_PARSER: SettingParser<number[]> = {
  accepts: '`0` to `999999999` each, comma-separated',
  fromText: (text, name) => {
    const delays = text.split(',').map((part) => part.trim());
    if (delays.some((delay) => !/^[0-9]{1,9}$/.test(delay))) {
      throw new UsageError(`${name} must be comma-separated whole milliseconds, such as 50,100,200; it is "${text}".`);
    }
    return delays.map(Number);
  },
  // An empty list means no retries, which the variable (blank = the default) cannot say.
  fromValue: (value, name) => {
    const delays = Array.isArray(value) ? value : [value];
    if (delays.every((delay) => typeof delay === 'number' && Number.isInteger(delay) && delay >= 0 && delay <= MAX_DELAY_MS)) {
      return delays.map((delay) => delay + 0);
    }
    throw new UsageError(`${name} must be comma-separated whole milliseconds, such as 50,100,200; it is "${delays.join(',')}".`);
  },
};

const VISIBLE_ASCII = /^[\x21-\x7E]{1,256}$/;

/** The variable lists keys; the option is one key. A key is a secret: a message names its position, never its text. */
export const API_KEYS_PARSER: SettingParser<string[]> = {
  accepts: '1 to 256 visible ASCII characters per key',
  fromText: (text, name) => {
    const keys = text.split(',').map((key) => key.trim());
    keys.forEach((key, index) => {
      if (!VISIBLE_ASCII.test(key)) {
        throw new UsageError(
          `${name} entry ${index + 1} of ${keys.length} is empty, longer than 256 characters or holds a space or ` +
            'non-ASCII character; list the keys separated by commas, each 1 to 256 visible ASCII characters.',
        );
      }
    });
    return [...new Set(keys)];
  },
  fromValue: (value, name) => {
    const key = readOptionText(value, name);
    if (key.includes(',')) throw new UsageError(`${name} is one key and cannot hold a comma.`);
    if (!VISIBLE_ASCII.test(key)) {
      throw new UsageError(
        `${name} is longer than 256 characters or holds a space or non-ASCII character; a key is 1 to 256 visible ASCII characters.`,
      );
    }
    return [key];
  },
};

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

// The sizes the service issues (D6, Standard Webhooks' 24 to 64 bytes): the sandbox stands in for the service, so a
// receiver is never tested with a secret the service would not give it.
const SECRET_BYTES = { min: 24, max: 64 };

export const CALLBACK_SECRET_PARSER: SettingParser<string> = textSetting('`whsec_` + base64 of 24 to 64 bytes', (text, name) => {
  const base64 = text.startsWith('whsec_') ? text.slice('whsec_'.length) : text;
  const bytes = BASE64.test(base64) ? Buffer.from(base64, 'base64').length : 0;
  if (bytes < SECRET_BYTES.min || bytes > SECRET_BYTES.max) {
    throw new UsageError(
      `${name} must be a Standard Webhooks secret: "whsec_" followed by the base64 of ${SECRET_BYTES.min} to ` +
        `${SECRET_BYTES.max} random bytes, as the service issues (unset it to have one generated).`,
    );
  }
  return `whsec_${base64}`;
});

export const PAGE_URL_PARSER: SettingParser<string | null> = textSetting('an http(s) URL', (text, name) => {
  const url = normalizeBaseUrl(text);
  if (url === undefined) {
    // The value is echoed without what may hold a credential (issue 12, item 7).
    throw new UsageError(
      `${name} must be an absolute http(s) URL without user, password, query or fragment, such as ` +
        `https://pay.example.test; it is "${redactUrls(text)}".`,
    );
  }
  return url;
});
