// Where a server bin listens (HOST, PORT: the mock and the sandbox, read one way) and how much the mock logs (its
// Prism log level, from a flag or the environment). Each throws a UsageError that names the setting and what it
// accepts, and what it got unless that is empty.
import { type Env, UsageError } from './run-command.js';

// The log levels that never print request headers. Prism logs every header, Authorization included, at debug and
// trace, so those two are refused: the API key must never reach a log.
export const LOG_LEVELS = ['info', 'warn', 'error', 'fatal', 'silent'];

/** HOST, trimmed; `fallback` when unset or blank. */
export function readHost(env: Env, fallback: string): string {
  const value = env.HOST?.trim();
  if (!value) return fallback;
  if (/\s/.test(value)) throw new UsageError(`HOST must be a host name or IP address, got "${value}".`);
  return value;
}

/** PORT, trimmed; `fallback` when unset or blank; 0 asks the system for a free port. */
export function readPort(env: Env, fallback: number): number {
  const value = env.PORT?.trim();
  if (!value) return fallback;
  if (!/^[0-9]{1,5}$/.test(value) || Number(value) > 65_535) {
    throw new UsageError(`PORT must be a whole number from 0 to 65535 (0 picks a free port), got "${value}".`);
  }
  return Number(value);
}

/** A log level given by `source` (a flag or an environment variable), one of LOG_LEVELS. */
export function readLogLevel(value: string | undefined, source: string): string {
  if (value === undefined || value === '') throw new UsageError(`${source} needs a value: one of ${LOG_LEVELS.join(', ')}.`);
  if (value === 'debug' || value === 'trace') {
    throw new UsageError(
      `${source} "${value}" is refused: Prism prints every request header at that level, the API key ` +
        `included. Use one of: ${LOG_LEVELS.join(', ')}.`,
    );
  }
  if (!LOG_LEVELS.includes(value)) throw new UsageError(`${source} must be one of ${LOG_LEVELS.join(', ')}, got "${value}".`);
  return value;
}
