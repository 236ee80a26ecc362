// Collects what each check saw: how many cases it examined, and for each failed case the messages with the exchange
// that shows them. Turns that into one result per check and the run's verdict. A check can also be "not run, because
// …": the level leaves it out, the callback receiver cannot be reached, a secret or a helper route is missing. The
// verdict names every such area, so a run that skipped one is never called conformant without saying so.
import { areaOf, type CheckDefinition, type CheckId, runsAtLevel } from './check-definition.js';
import type { Level } from './conformance-config.js';
import { PROMISES } from './promise-ledger.js';
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
  /** Why the check did not run, as the verdict names it ("give --callback-host"). */
  skipReason?: string;
}

export interface CheckRecorder {
  isActive(name: CheckId): boolean;
  /** Record one examined case; any message makes it a failure. */
  record(name: CheckId, caseName: string, messages: string[], exchange?: Exchange): void;
  warn(name: CheckId, caseName: string, messages: string[], exchange?: Exchange): void;
  /** The check cannot run in this run, for the reason given; it is then named in the verdict (unless it failed). */
  notRun(name: CheckId, reason: string): void;
  results(): CheckResult[];
}

/** What the run can reach: why callbacks, and why signature checks, cannot run (undefined when they can). */
export interface RunConditions {
  callbackNotRun?: string;
  secretNotRun?: string;
  secondKeyNotRun?: string;
  retryScheduleNotRun?: string;
}

/** A recorder for `checks` (the catalog's, check-catalog.ts CHECKS), passed in so that this module, which every
 *  check module records through, does not import the catalog that gathers them. */
export function createCheckRecorder(checks: readonly CheckDefinition[], level: Level, conditions: RunConditions = {}): CheckRecorder {
  const state = new Map<CheckId, { cases: number; failures: Finding[]; warnings: Finding[] }>();
  const notRunReasons = new Map<CheckId, string>();
  const staticReasonOf = (check: CheckDefinition): string | undefined => {
    if (!runsAtLevel(check, level)) return 'runs at --level full';
    if (check.needsCallback && conditions.callbackNotRun) return conditions.callbackNotRun;
    if (check.needsSecret && conditions.secretNotRun) return conditions.secretNotRun;
    if (check.needsSecondKey && conditions.secondKeyNotRun) return conditions.secondKeyNotRun;
    if (check.needsRetrySchedule && conditions.retryScheduleNotRun) return conditions.retryScheduleNotRun;
    return undefined;
  };
  const reasonOf = (check: CheckDefinition) => staticReasonOf(check) ?? notRunReasons.get(check.name as CheckId);
  const definitionOf = (name: CheckId) => {
    const check = checks.find((c) => c.name === name);
    if (!check) throw new Error(`no check is named ${JSON.stringify(name)}`);
    return check;
  };
  const entry = (name: CheckId) => {
    definitionOf(name);
    const found = state.get(name) ?? { cases: 0, failures: [], warnings: [] };
    state.set(name, found);
    return found;
  };
  return {
    isActive: (name) => reasonOf(definitionOf(name)) === undefined,
    record(name, caseName, messages, exchange) {
      const found = entry(name);
      found.cases += 1;
      if (messages.length > 0) found.failures.push({ caseName, messages, exchange });
    },
    warn(name, caseName, messages, exchange) {
      if (messages.length > 0) entry(name).warnings.push({ caseName, messages, exchange });
    },
    notRun(name, reason) {
      if (!notRunReasons.has(name)) notRunReasons.set(name, reason);
    },
    results() {
      return checks.map((check): CheckResult => {
        const found = state.get(check.name) ?? { cases: 0, failures: [], warnings: [] };
        const staticReason = staticReasonOf(check);
        if (staticReason) return { ...check, status: 'skip', cases: 0, failures: [], warnings: [], skipReason: staticReason };
        // A check that judges what it meets and met nothing ran and found nothing wrong: it passes with no case.
        const metNothing = 'whenMet' in check && found.cases === 0 && !notRunReasons.has(check.name);
        if (found.failures.length === 0 && !metNothing && (found.cases === 0 || notRunReasons.has(check.name))) {
          const skipReason = notRunReasons.get(check.name) ?? 'nothing reached it: the requests it examines failed earlier';
          return { ...check, status: 'skip', ...found, skipReason };
        }
        const status: CheckStatus = found.failures.length > 0 ? 'fail' : found.warnings.length > 0 ? 'warn' : 'pass';
        return { ...check, status, ...found };
      });
    },
  };
}

/** conformant: every check ran and none failed; conformant-except: none failed, but some did not run (named). */
export type Verdict = 'conformant' | 'conformant-except' | 'violations';

export function verdictOf(results: CheckResult[]): Verdict {
  if (results.some((result) => result.status === 'fail')) return 'violations';
  return results.some((result) => result.status === 'skip') ? 'conformant-except' : 'conformant';
}

const LEVEL_REASON = 'runs at --level full';

/**
 * What was not checked, one phrase per reason. An area none of whose checks ran is named once, with its reasons
 * ("callbacks not checked (give --callback-host)"); other checks by name when few, by their number when many
 * ("18 checks not run (runs at --level full)"). Checks the level leaves out are counted with the level.
 */
export function describeNotChecked(results: CheckResult[]): string[] {
  const skipped = results.filter((result) => result.status === 'skip');
  const reasonOf = (result: CheckResult) => result.skipReason ?? 'not run';
  const wholeAreas = new Map<string, CheckResult[]>();
  for (const result of skipped) {
    const area = areaOf(result);
    if (area === undefined || reasonOf(result) === LEVEL_REASON) continue;
    if (results.some((other) => areaOf(other) === area && other.status !== 'skip')) continue;
    wholeAreas.set(area, [...(wholeAreas.get(area) ?? []), result]);
  }
  const byReason = new Map<string, CheckResult[]>();
  for (const result of skipped) {
    const area = areaOf(result);
    if (area !== undefined && wholeAreas.get(area)?.includes(result)) continue;
    byReason.set(reasonOf(result), [...(byReason.get(reasonOf(result)) ?? []), result]);
  }
  return [
    ...[...byReason].map(([reason, checks]) => {
      const what = checks.length <= 3 ? checks.map((result) => result.name).join(', ') : `${checks.length} checks`;
      return `${what} not run (${reason})`;
    }),
    ...[...wholeAreas].map(([area, checks]) => `${area} not checked (${[...new Set(checks.map(reasonOf))].join('; ')})`),
  ];
}

/** A promise of the ledger this run did not check, and what would let it: the input it needs. */
export interface UncheckedPromise {
  id: string;
  needs: string;
}

/**
 * The promises that need an input (a second API key, a helper route, the service's schedule, a 429 met) and were not
 * checked: none of their checks ran and examined a case. Named beside the verdict.
 */
export function promisesNotChecked(results: CheckResult[]): UncheckedPromise[] {
  const ran = new Set(results.filter((result) => result.status !== 'skip' && result.cases > 0).map((result) => result.name));
  const observedByARun = (id: string) =>
    results.some((result) => ran.has(result.name) && (result.promises as readonly string[]).includes(id));
  return PROMISES.filter((entry) => entry.needs && !observedByARun(entry.id)).map((entry) => ({
    id: entry.id,
    needs: entry.needs!.input,
  }));
}
