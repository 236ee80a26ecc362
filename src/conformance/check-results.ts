// Collects what each check saw: how many cases it examined, and for each failed case the messages with the exchange
// that shows them. Turns that into one result per check and the run's verdict.
import { CHECKS, type CheckDefinition, type CheckName, runsAtLevel } from './check-catalog.js';
import type { Level } from './config.js';
import type { Exchange } from './send-request.js';

export interface Finding {
  /** Which case of the check: "sample usdtOnTron", "invalid: quantity 0". */
  caseName: string;
  messages: string[];
  exchange?: Exchange;
}

export type CheckStatus = 'pass' | 'fail' | 'warn' | 'skip';

export interface CheckResult extends CheckDefinition {
  status: CheckStatus;
  cases: number;
  failures: Finding[];
  warnings: Finding[];
  skipReason?: string;
}

export interface CheckRecorder {
  isActive(name: CheckName): boolean;
  /** Record one examined case; any message makes it a failure. */
  record(name: CheckName, caseName: string, messages: string[], exchange?: Exchange): void;
  warn(name: CheckName, caseName: string, messages: string[], exchange?: Exchange): void;
  results(): CheckResult[];
}

export function createCheckRecorder(level: Level, callbackEnabled: boolean): CheckRecorder {
  const state = new Map<CheckName, { cases: number; failures: Finding[]; warnings: Finding[] }>();
  const skipReasonOf = (check: CheckDefinition): string | undefined => {
    if (!runsAtLevel(check, level)) return `runs at --level full`;
    if ((check as { needsCallback?: boolean }).needsCallback && !callbackEnabled) return 'needs --callback-host';
    return undefined;
  };
  const entry = (name: CheckName) => {
    const found = state.get(name) ?? { cases: 0, failures: [], warnings: [] };
    state.set(name, found);
    return found;
  };
  return {
    isActive: (name) => skipReasonOf(CHECKS.find((c) => c.name === name)!) === undefined,
    record(name, caseName, messages, exchange) {
      const found = entry(name);
      found.cases += 1;
      if (messages.length > 0) found.failures.push({ caseName, messages, exchange });
    },
    warn(name, caseName, messages, exchange) {
      if (messages.length > 0) entry(name).warnings.push({ caseName, messages, exchange });
    },
    results() {
      return CHECKS.map((check): CheckResult => {
        const skipReason = skipReasonOf(check);
        const found = state.get(check.name) ?? { cases: 0, failures: [], warnings: [] };
        if (skipReason) return { ...check, status: 'skip', cases: 0, failures: [], warnings: [], skipReason };
        if (found.cases === 0 && found.failures.length === 0) {
          return { ...check, status: 'skip', ...found, skipReason: 'nothing reached it: the requests it examines failed earlier' };
        }
        const status: CheckStatus = found.failures.length > 0 ? 'fail' : found.warnings.length > 0 ? 'warn' : 'pass';
        return { ...check, status, ...found };
      });
    },
  };
}

export type Verdict = 'conformant' | 'violations';

export function verdictOf(results: CheckResult[]): Verdict {
  return results.some((result) => result.status === 'fail') ? 'violations' : 'conformant';
}
