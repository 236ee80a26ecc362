// argv and environment → the configuration of one run of the mock or the proxy. Pure: no I/O, so every rule is
// tested without starting a process. Throws UsageError, which src/cli/run-command.ts turns into exit code 2.

import { readArgv } from '../cli/read-argv.js';
import { LOG_LEVELS, readHost, readLogLevel, readPort } from '../cli/read-env.js';
import { type Env, HELP, type Parsed, UsageError } from '../cli/run-command.js';
import { readBaseUrl } from '../http/base-url.js';

/** One run of `checkout-mock`, as argv and the environment ask for it. */
export interface MockConfig {
  command: 'mock' | 'proxy';
  host: string;
  port: number;
  dynamic: boolean;
  build: boolean;
  logLevel: string;
  upstream: string | undefined;
  /** How long the proxy waits for the upstream to start its answer, or to go on with its body, in ms. */
  upstreamTimeoutMs: number;
}

const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_PORT = 4010;
export const DEFAULT_LOG_LEVEL = { mock: 'fatal', proxy: 'warn' };
const DEFAULT_UPSTREAM_TIMEOUT_SECONDS = 30;
const MAX_UPSTREAM_TIMEOUT_SECONDS = 3_600;

export const USAGE = `Usage:
  npx checkout-mock [options]                validating mock of the contract on http://127.0.0.1:4010
  npx checkout-mock proxy <upstream-url>     a validating proxy (Prism's validator) in front of a running implementation

In a clone of this repository: npm start, npm run mock -- [options], npm run proxy -- <upstream-url>.

Options:
  --dynamic           answer with records generated from the schemas instead of the named examples (mock only)
  --log-level <lvl>   Prism's log level, and the proxy's for its findings: ${LOG_LEVELS.join(', ')} (default:
                      ${DEFAULT_LOG_LEVEL.mock} for the mock, ${DEFAULT_LOG_LEVEL.proxy} for the proxy); also MOCK_LOG_LEVEL
  --no-build          serve generated/ as it is, without rebuilding a stale bundle
  --upstream-timeout <seconds>
                      how long the proxy waits for the upstream's answer to start, or to go on, before it
                      answers 504 or cuts the answer there (default: ${DEFAULT_UPSTREAM_TIMEOUT_SECONDS}; proxy only)
  --help              print this text

Environment: HOST (default ${DEFAULT_HOST}), PORT (default ${DEFAULT_PORT}; 0 picks a free port).`;

const OPTIONS = {
  dynamic: { type: 'boolean', short: 'd' },
  'no-build': { type: 'boolean' },
  'log-level': { type: 'string' },
  'upstream-timeout': { type: 'string' },
} as const;

export function parseMockArgs(argv: string[], env: Env = {}): Parsed<MockConfig> {
  const { values, positionals } = readArgv(argv, { options: OPTIONS, positionals: true, explain: (reason) => `${reason}.\n\n${USAGE}` });
  if (values.help) return HELP;
  const command = positionals[0] === 'proxy' || positionals[0] === 'mock' ? (positionals.shift() as 'mock' | 'proxy') : 'mock';
  const envLogLevel = env.MOCK_LOG_LEVEL ? readLogLevel(env.MOCK_LOG_LEVEL, 'MOCK_LOG_LEVEL') : undefined;
  const config: MockConfig = {
    command,
    host: readHost(env, DEFAULT_HOST),
    port: readPort(env, DEFAULT_PORT),
    dynamic: values.dynamic === true,
    build: values['no-build'] !== true,
    logLevel:
      values['log-level'] === undefined ? (envLogLevel ?? DEFAULT_LOG_LEVEL[command]) : readLogLevel(values['log-level'], '--log-level'),
    upstream: undefined,
    upstreamTimeoutMs: DEFAULT_UPSTREAM_TIMEOUT_SECONDS * 1000,
  };
  if (command === 'mock' && positionals.length > 0) {
    throw new UsageError(
      `The mock takes no arguments, got "${positionals.join(' ')}". ` +
        `To proxy a running service, use: npx checkout-mock proxy ${positionals[0]} (in a clone: npm run proxy -- ${positionals[0]})`,
    );
  }
  if (command === 'proxy') {
    if (config.dynamic) {
      throw new UsageError('--dynamic applies to the mock only; the proxy answers with what the upstream sends.');
    }
    if (positionals.length !== 1) {
      throw new UsageError(
        `Give exactly one upstream URL, for example: npx checkout-mock proxy http://127.0.0.1:8080 (in a clone: npm run proxy -- http://127.0.0.1:8080)\n\n${USAGE}`,
      );
    }
    config.upstream = readUpstream(positionals[0]);
    if (values['upstream-timeout'] !== undefined) config.upstreamTimeoutMs = readUpstreamTimeout(values['upstream-timeout']) * 1000;
  } else if (values['upstream-timeout'] !== undefined) {
    throw new UsageError('--upstream-timeout applies to the proxy only; the mock calls no upstream.');
  }
  return { kind: 'run', config };
}

// Seconds, fractions allowed (0.5), above 0 and at most an hour.
function readUpstreamTimeout(value: string): number {
  const seconds = /^(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)$/.test(value) ? Number(value) : Number.NaN;
  if (!(seconds > 0 && seconds <= MAX_UPSTREAM_TIMEOUT_SECONDS)) {
    throw new UsageError(
      `--upstream-timeout must be a number of seconds above 0 and at most ${MAX_UPSTREAM_TIMEOUT_SECONDS}, got "${value}".`,
    );
  }
  return seconds;
}

function readUpstream(value: string): string {
  const reading = readBaseUrl(value);
  if ('baseUrl' in reading) return reading.baseUrl;
  const { fault, url } = reading;
  if (fault === 'not-absolute') {
    throw new UsageError(`The upstream must be an absolute http(s) URL such as http://127.0.0.1:8080, got "${value}".`);
  }
  if (fault === 'not-http') throw new UsageError(`The upstream must use http or https, got "${url?.protocol}" in "${value}".`);
  if (fault === 'credentials') {
    throw new UsageError("The upstream URL must not carry credentials; the proxy forwards each request's own Authorization header.");
  }
  throw new UsageError(`The upstream URL must be a base URL without query or fragment, got "${value}".`);
}
