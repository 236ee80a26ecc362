// argv + environment → a run's configuration. Pure: no I/O, so every flag can be tested without a process.
// Anything wrong throws a UsageError that names the flag and what to do; src/cli/run-command.ts turns it into exit code 2.
import { type Argv, readArgv } from '../cli/read-argv.js';
import { type Env, HELP, type Parsed, UsageError } from '../cli/run-command.js';
import { CONTRACT_FIRST_RETRY_LATEST_MS } from '../contract/callback-schedule.js';
import { readBaseUrl } from '../http/base-url.js';
import { MAX_SCHEDULED_RETRIES } from './callback-receiver.js';
import {
  type CallbackConfig,
  type ConformanceConfig,
  LEVELS,
  type Level,
  SANDBOX_COMPLETE_PATH,
  SANDBOX_EXPIRE_PATH,
  SANDBOX_READ_PATH,
} from './conformance-config.js';

const DEFAULTS = {
  level: 'full' as Level,
  timeoutMs: 5_000,
  seed: 20_261_121,
  generated: 16,
  concurrency: 4,
  // The contract's first retry delay plus its jitter (5.5 s), and 1 s for the attempt to travel and a loaded machine.
  retryWaitMs: CONTRACT_FIRST_RETRY_LATEST_MS + 1_000,
};

/** Flags that only mean something when the callback checks run. */
const CALLBACK_FLAGS = ['callback-listen', 'complete-path', 'expire-path', 'read-path', 'retry-wait', 'retry-schedule'] as const;

const OPTIONS = {
  'base-url': { type: 'string' },
  level: { type: 'string' },
  report: { type: 'string' },
  junit: { type: 'string' },
  timeout: { type: 'string' },
  'callback-host': { type: 'string' },
  'callback-listen': { type: 'string' },
  'complete-path': { type: 'string' },
  'expire-path': { type: 'string' },
  'read-path': { type: 'string' },
  'retry-wait': { type: 'string' },
  'retry-schedule': { type: 'string' },
  seed: { type: 'string' },
  generated: { type: 'string' },
  concurrency: { type: 'string' },
} as const;

const KEY_FLAGS = ['--api-key', '--api-key-2', '--key', '--apikey', '--token'];

export function parseCommand(argv: string[], env: Env): Parsed<ConformanceConfig> {
  const keyFlag = argv.find((arg) => KEY_FLAGS.some((flag) => arg === flag || arg.startsWith(`${flag}=`)));
  if (keyFlag) {
    // Name the flag only: its value may be the key itself.
    throw new UsageError(
      `${keyFlag.split('=')[0]} is not accepted: the API key is read only from the environment variable CHECKOUT_API_KEY (a second one from CHECKOUT_API_KEY_2), so it never lands in shell history or process lists.`,
    );
  }
  const { values } = readArgv(argv, { options: OPTIONS });
  if (values.help) return HELP;

  const level = parseLevel(values.level);
  const config: ConformanceConfig = {
    baseUrl: parseBaseUrl(values['base-url']),
    apiKey: parseApiKey(env.CHECKOUT_API_KEY),
    apiKey2: parseSecondApiKey(env.CHECKOUT_API_KEY_2, env.CHECKOUT_API_KEY),
    level,
    timeoutMs: values.timeout === undefined ? DEFAULTS.timeoutMs : parseDuration('--timeout', values.timeout),
    reportPath: parsePath('--report', values.report),
    junitPath: parsePath('--junit', values.junit),
    seed: values.seed === undefined ? DEFAULTS.seed : parseInteger('--seed', values.seed, 0, 2 ** 31 - 1),
    generated: values.generated === undefined ? DEFAULTS.generated : parseInteger('--generated', values.generated, 0, 1000),
    concurrency: values.concurrency === undefined ? DEFAULTS.concurrency : parseInteger('--concurrency', values.concurrency, 1, 64),
  };
  const callbackHost = values['callback-host'];
  const loopbackTarget = loopbackHostOf(config.baseUrl);
  if (callbackHost === 'none' || (callbackHost === undefined && loopbackTarget === undefined)) {
    // The receiver cannot be reached (or was turned off): the callback checks are named as not run in the verdict.
    config.callbackNotRun = callbackHost === 'none' ? '--callback-host none' : 'give --callback-host';
    const given = CALLBACK_FLAGS.find((flag) => values[flag] !== undefined);
    if (given !== undefined) {
      throw new UsageError(
        `--${given} only applies to the callback checks, which run when --base-url is on loopback or --callback-host is given: add --callback-host HOST[:PORT].`,
      );
    }
  } else {
    config.callback = parseCallback(values, callbackHost ?? loopbackTarget!, callbackHost !== undefined, env, level);
  }
  return { kind: 'run', config };
}

function parseBaseUrl(value: string | undefined): string {
  if (value === undefined || value === '') {
    throw new UsageError(
      '--base-url is required: the scheme and host of the implementation to check, such as --base-url http://127.0.0.1:4011.',
    );
  }
  const reading = readBaseUrl(value);
  // A base URL given with the create path itself is taken as the prefix it ends in.
  if ('baseUrl' in reading) return reading.baseUrl.replace(/\/api\/v1\/checkouts$/, '');
  const { fault, url } = reading;
  if (fault === 'not-absolute') {
    throw new UsageError(`--base-url ${JSON.stringify(value)} is not an absolute URL; write it as http://host:port or https://host.`);
  }
  if (fault === 'not-http') throw new UsageError(`--base-url must use http or https, not ${url?.protocol.replace(':', '')}.`);
  if (fault === 'credentials') {
    throw new UsageError('--base-url must not carry credentials; the API key is read from CHECKOUT_API_KEY.');
  }
  throw new UsageError('--base-url must not carry a query or fragment; give the scheme, host and (optionally) a path prefix.');
}

function parseApiKey(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw new UsageError(
      'The environment variable CHECKOUT_API_KEY is not set: export the API key the implementation accepts (it is never printed).',
    );
  }
  if (/[\r\n]/.test(value)) throw new UsageError('CHECKOUT_API_KEY contains a line break; set it to the key alone.');
  return value.trim();
}

/** The optional second key: absent (the per-key promises are then named as not checked), or another key. */
function parseSecondApiKey(value: string | undefined, first: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/[\r\n]/.test(value)) throw new UsageError('CHECKOUT_API_KEY_2 contains a line break; set it to the key alone.');
  if (value.trim() === first?.trim()) {
    throw new UsageError('CHECKOUT_API_KEY_2 is the same key as CHECKOUT_API_KEY; set it to a second key of the same service.');
  }
  return value.trim();
}

function parseLevel(value: string | undefined): Level {
  if (value === undefined) return DEFAULTS.level;
  if (!(LEVELS as readonly string[]).includes(value)) {
    throw new UsageError(
      `--level ${JSON.stringify(value)} is unknown; use --level schema (what a static mock can pass) or --level full (default).`,
    );
  }
  return value as Level;
}

/** Milliseconds, written `5000`, `500ms` or `5s`. */
function parseDuration(flag: string, value: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(ms|s)?$/.exec(value.trim());
  const ms = match ? Number(match[1]) * (match[2] === 's' ? 1000 : 1) : NaN;
  if (!Number.isFinite(ms) || ms < 1 || ms > 600_000) {
    throw new UsageError(`${flag} ${JSON.stringify(value)} is not a duration from 1 ms to 600 s; write 5000, 500ms or 5s.`);
  }
  return Math.round(ms);
}

function parseInteger(flag: string, value: string, min: number, max: number): number {
  const number = /^[0-9]+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new UsageError(`${flag} ${JSON.stringify(value)} must be a whole number from ${min} to ${max}.`);
  }
  return number;
}

function parsePath(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError(`${flag} needs a file path, such as ${flag} out.${flag === '--junit' ? 'xml' : 'json'}.`);
  return value;
}

/** The host a receiver on this machine is reached under, when the target itself is on loopback. */
function loopbackHostOf(baseUrl: string): string | undefined {
  const { hostname } = new URL(baseUrl);
  if (hostname === '[::1]') return '[::1]';
  // localhost may resolve to ::1 first; the receiver binds 127.0.0.1, so name that.
  return /^(localhost|127(?:\.[0-9]+){3})$/i.test(hostname) ? '127.0.0.1' : undefined;
}

function parseCallback(
  values: Argv<typeof OPTIONS>['values'],
  hostValue: string,
  explicit: boolean,
  env: Env,
  level: Level,
): CallbackConfig {
  let host: URL;
  try {
    host = new URL(`http://${hostValue}`);
  } catch {
    throw new UsageError(
      `--callback-host ${JSON.stringify(hostValue)} is not a host; write HOST or HOST:PORT (for example 127.0.0.1 or host.docker.internal:9123).`,
    );
  }
  if (host.pathname !== '/' || host.username || host.search || hostValue.includes('/')) {
    throw new UsageError(`--callback-host ${JSON.stringify(hostValue)} must be a host with an optional port, without a scheme or path.`);
  }
  const port = host.port === '' ? 0 : Number(host.port);
  const loopback = /^(localhost|127(?:\.[0-9]+){3}|\[::1\])$/i.test(host.hostname);
  const secret = env.CHECKOUT_CALLBACK_SECRET?.trim() || undefined;
  if (explicit && level === 'full' && secret === undefined) {
    throw new UsageError(
      "The callback check at --level full verifies signatures: set CHECKOUT_CALLBACK_SECRET to the implementation's whsec_… signing secret (it is never printed), or drop --callback-host.",
    );
  }
  if (secret !== undefined && !/^whsec_[A-Za-z0-9+/=]+$/.test(secret)) {
    throw new UsageError(
      "CHECKOUT_CALLBACK_SECRET must look like whsec_<base64>, as the contract's Standard Webhooks signing secret does.",
    );
  }
  const listen = values['callback-listen'];
  return {
    publicHost: host.host,
    port,
    listenAddress: listen ?? (host.hostname === '[::1]' ? '::1' : loopback ? '127.0.0.1' : '0.0.0.0'),
    completePath: parseHelperPath(
      '--complete-path',
      values['complete-path'],
      SANDBOX_COMPLETE_PATH,
      'when the implementation calls back right after the create',
    ),
    expirePath: parseHelperPath(
      '--expire-path',
      values['expire-path'],
      SANDBOX_EXPIRE_PATH,
      'when it has no way to expire a checkout on demand',
    ),
    readPath: parseHelperPath('--read-path', values['read-path'], SANDBOX_READ_PATH, 'when it has no way to read a checkout back'),
    secret,
    retryWaitMs: values['retry-wait'] === undefined ? DEFAULTS.retryWaitMs : parseDuration('--retry-wait', values['retry-wait']),
    retryScheduleMs: values['retry-schedule'] === undefined ? undefined : parseSchedule(values['retry-schedule']),
  };
}

/** --retry-schedule: the service's retry delays, as durations separated by commas (`100ms,200ms,400ms`). */
function parseSchedule(value: string): number[] {
  const delays = value.split(',').map((delay) => parseDuration('--retry-schedule', delay));
  if (delays.length > MAX_SCHEDULED_RETRIES) {
    throw new UsageError(
      `--retry-schedule takes at most ${MAX_SCHEDULED_RETRIES} delays; give the delays of a staging service with short ones.`,
    );
  }
  return delays;
}

/** A helper route (with {id}) that drives a checkout, its default, or null for `none`. */
function parseHelperPath(flag: string, value: string | undefined, fallback: string, noneMeans: string): string | null {
  if (value === undefined) return fallback;
  if (value === 'none') return null;
  if (!value.startsWith('/') || !value.includes('{id}')) {
    throw new UsageError(
      `${flag} ${JSON.stringify(value)} must be a path starting with / and containing {id} (default ${fallback}), or none ${noneMeans}.`,
    );
  }
  return value;
}
