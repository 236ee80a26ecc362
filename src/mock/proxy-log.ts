// The proxy's log: one line per exchange, whatever the level (as the mock's), and one per finding at the level of its
// severity, filtered by --log-level as Prism's logger filtered them. Every line goes through the one redactor
// (src/http/redact.ts) with the request's own credentials, and any URL's user information and query, before its
// control characters are escaped and it is cut: no key, password or token reaches the log, whatever quotes it.

import { printable } from '../http/printable.js';
import { createRedactor, redactUrls } from '../http/redact.js';
import { describeViolation, type PrismViolation, violationLogLevel } from './report-violations.js';

// Prism's (pino's) order of levels; a line prints at its level and above.
const LEVEL_RANK: Record<string, number> = { info: 30, warn: 40, error: 50, fatal: 60, silent: Number.POSITIVE_INFINITY };

const MAX_LINE_CHARS = 2_000;

export interface ExchangeLog {
  /** The exchange's line, always printed. */
  exchange(line: string): void;
  /** Each finding's line, `[VALIDATOR] <level> Violation: …`, when its level is printed. */
  violations(violations: readonly PrismViolation[]): void;
}

/** The log of one exchange; `secrets` are the request's credentials, which no line may hold. */
export function createExchangeLog(log: (line: string) => void, logLevel: string, secrets: readonly string[]): ExchangeLog {
  const redact = createRedactor([...secrets]);
  const write = (line: string) => log(printable(redact(redactUrls(line)), MAX_LINE_CHARS));
  const threshold = LEVEL_RANK[logLevel] ?? LEVEL_RANK.warn;
  return {
    exchange: write,
    violations(violations) {
      for (const violation of violations) {
        const level = violationLogLevel(violation);
        if (LEVEL_RANK[level] >= threshold) write(`[VALIDATOR] ${level} ${describeViolation(violation)}`);
      }
    },
  };
}

/**
 * The credentials a request carries in `headerNames` (lower-case): each line whole, and the part after its scheme
 * (`Api-Key <key>` gives the key too), for createExchangeLog.
 */
export function readCredentials(headers: Record<string, string[] | undefined>, headerNames: readonly string[]): string[] {
  const lines = headerNames.flatMap((name) => headers[name] ?? []);
  return lines.flatMap((line) => {
    const credentials = line.trim().split(/\s+/).slice(1).join(' ');
    return credentials ? [line, credentials] : [line];
  });
}
