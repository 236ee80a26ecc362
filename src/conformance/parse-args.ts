// argv + environment → a run's configuration. Pure: no I/O, so every flag can be tested without a process.
// Anything wrong throws a UsageError that names the flag and what to do; src/cli/run-command.ts turns it into exit code 2.
import { parseArgs } from 'node:util';
import { type Env, HELP, type Parsed, UsageError } from '../cli/run-command.js';
import { type ConformanceConfig, LEVELS, type Level, SANDBOX_COMPLETE_PATH } from './config.js';

const DEFAULTS = { level: 'full' as Level, timeoutMs: 5_000, seed: 20_261_121, generated: 16, concurrency: 4 };

const OPTIONS = {
  'base-url': { type: 'string' },
  level: { type: 'string' },
  report: { type: 'string' },
  junit: { type: 'string' },
  timeout: { type: 'string' },
  'callback-host': { type: 'string' },
  'callback-listen': { type: 'string' },
  'complete-path': { type: 'string' },
  seed: { type: 'string' },
  generated: { type: 'string' },
  concurrency: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const KEY_FLAGS = ['--api-key', '--key', '--apikey', '--token'];

export function parseCommand(argv: string[], env: Env): Parsed<ConformanceConfig> {
  const keyFlag = argv.find((arg) => KEY_FLAGS.some((flag) => arg === flag || arg.startsWith(`${flag}=`)));
  if (keyFlag) {
    // Name the flag only: its value may be the key itself.
    throw new UsageError(
      `${keyFlag.split('=')[0]} is not accepted: the API key is read only from the environment variable CHECKOUT_API_KEY, so it never lands in shell history or process lists.`,
    );
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Run with --help to see the flags.`);
  }
  if (values.help) return HELP;

  const level = parseLevel(values.level as string | undefined);
  const config: ConformanceConfig = {
    baseUrl: parseBaseUrl(values['base-url'] as string | undefined),
    apiKey: parseApiKey(env.CHECKOUT_API_KEY),
    level,
    timeoutMs: values.timeout === undefined ? DEFAULTS.timeoutMs : parseDuration('--timeout', values.timeout as string),
    reportPath: parsePath('--report', values.report as string | undefined),
    junitPath: parsePath('--junit', values.junit as string | undefined),
    seed: values.seed === undefined ? DEFAULTS.seed : parseInteger('--seed', values.seed as string, 0, 2 ** 31 - 1),
    generated: values.generated === undefined ? DEFAULTS.generated : parseInteger('--generated', values.generated as string, 0, 1000),
    concurrency:
      values.concurrency === undefined ? DEFAULTS.concurrency : parseInteger('--concurrency', values.concurrency as string, 1, 64),
  };
  const callbackHost = values['callback-host'] as string | undefined;
  if (callbackHost !== undefined) {
    config.callback = parseCallback(
      callbackHost,
      values['callback-listen'] as string | undefined,
      values['complete-path'] as string | undefined,
      env,
      level,
    );
  } else if (values['callback-listen'] !== undefined || values['complete-path'] !== undefined) {
    throw new UsageError(
      '--callback-listen and --complete-path only apply to the callback check: add --callback-host HOST[:PORT] to enable it.',
    );
  }
  return { kind: 'run', config };
}

function parseBaseUrl(value: string | undefined): string {
  if (value === undefined || value === '') {
    throw new UsageError(
      '--base-url is required: the scheme and host of the implementation to check, such as --base-url http://127.0.0.1:4011.',
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base-url ${JSON.stringify(value)} is not an absolute URL; write it as http://host:port or https://host.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--base-url must use http or https, not ${url.protocol.replace(':', '')}.`);
  }
  if (url.username || url.password) {
    throw new UsageError('--base-url must not carry credentials; the API key is read from CHECKOUT_API_KEY.');
  }
  if (url.search || url.hash) {
    throw new UsageError('--base-url must not carry a query or fragment; give the scheme, host and (optionally) a path prefix.');
  }
  const prefix = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1\/checkouts$/, '');
  return `${url.origin}${prefix}`;
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
export function parseDuration(flag: string, value: string): number {
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

function parseCallback(hostValue: string, listen: string | undefined, completeValue: string | undefined, env: Env, level: Level) {
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
  const completePath = completeValue === undefined ? SANDBOX_COMPLETE_PATH : completeValue === 'none' ? null : completeValue;
  if (completePath !== null && (!completePath.startsWith('/') || !completePath.includes('{id}'))) {
    throw new UsageError(
      `--complete-path ${JSON.stringify(completeValue)} must be a path starting with / and containing {id} (default ${SANDBOX_COMPLETE_PATH}), or none when the implementation calls back right after the create.`,
    );
  }
  const secret = env.CHECKOUT_CALLBACK_SECRET?.trim() || undefined;
  if (level === 'full' && secret === undefined) {
    throw new UsageError(
      "The callback check at --level full verifies signatures: set CHECKOUT_CALLBACK_SECRET to the implementation's whsec_… signing secret (it is never printed), or drop --callback-host.",
    );
  }
  if (secret !== undefined && !/^whsec_[A-Za-z0-9+/=]+$/.test(secret)) {
    throw new UsageError(
      "CHECKOUT_CALLBACK_SECRET must look like whsec_<base64>, as the contract's Standard Webhooks signing secret does.",
    );
  }
  return {
    publicHost: host.host,
    port,
    listenAddress: listen ?? (loopback ? '127.0.0.1' : '0.0.0.0'),
    completePath,
    secret,
  };
}
