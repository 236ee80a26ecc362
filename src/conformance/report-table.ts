// The human-readable verdict on stdout: one row per check, then each failure with the request and response that
// show it, then the warnings and the verdict line.
import { type CheckResult, describeNotChecked, promisesNotChecked } from './check-results.js';
import type { ConformanceConfig } from './conformance-config.js';
import { formatTranscript } from './exchange-transcript.js';
import { quotePromise } from './promise-ledger.js';
import type { RunOutcome } from './run-conformance.js';

const SHOWN_CASES_PER_CHECK = 2;
const BODY_LIMIT = 700;
const LABEL: Record<CheckResult['status'], string> = { pass: 'pass', fail: 'FAIL', warn: 'warn', skip: 'skip' };

export function renderTable(config: ConformanceConfig, outcome: RunOutcome): string {
  const { results } = outcome;
  const nameWidth = Math.max(...results.map((r) => r.name.length));
  const lines = [`checkout-conformance · ${config.baseUrl} · level ${config.level} · seed ${config.seed}`, ''];
  lines.push(`  ${'RESULT'.padEnd(6)}  ${'CHECK'.padEnd(nameWidth)}  ${'CASES'.padStart(5)}  ENFORCES`);
  for (const result of results) {
    const cases = result.status === 'skip' ? '-' : String(result.cases);
    const metNone = result.whenMet !== undefined && result.status === 'pass' && result.cases === 0;
    const note =
      result.status === 'skip'
        ? `${result.source} (skipped: ${result.skipReason})`
        : metNone
          ? `${result.source} (met none: it judges ${result.whenMet})`
          : result.source;
    lines.push(`  ${LABEL[result.status].padEnd(6)}  ${result.name.padEnd(nameWidth)}  ${cases.padStart(5)}  ${note}`);
  }
  const failed = results.filter((r) => r.status === 'fail');
  if (failed.length > 0) {
    lines.push('', 'Failures');
    for (const result of failed) lines.push(...renderFindings(result, 'failures'));
  }
  const warned = results.filter((r) => r.warnings.length > 0);
  if (warned.length > 0) {
    lines.push('', 'Warnings');
    for (const result of warned) lines.push(...renderFindings(result, 'warnings'));
  }
  lines.push('', renderVerdictLine(outcome), renderPromisesNotChecked(outcome), '');
  return lines.join('\n');
}

function renderFindings(result: CheckResult, kind: 'failures' | 'warnings'): string[] {
  const findings = result[kind];
  const lines = ['', `  ${kind === 'failures' ? '✗' : '!'} ${result.name} — ${result.title} (${result.source})`];
  // The promises of the contract this check observes, quoted, so a failure says which words the service broke.
  if (kind === 'failures') for (const id of result.promises) lines.push(`    promise ${quotePromise(id)}`);
  for (const finding of findings.slice(0, SHOWN_CASES_PER_CHECK)) {
    lines.push(`    case: ${finding.caseName}`);
    for (const message of finding.messages) lines.push(`    - ${message}`);
    if (finding.exchange && kind === 'failures') lines.push(formatTranscript(finding.exchange, BODY_LIMIT, '    '));
  }
  if (findings.length > SHOWN_CASES_PER_CHECK) {
    lines.push(
      `    … and ${findings.length - SHOWN_CASES_PER_CHECK} more ${kind === 'failures' ? 'failing' : 'warned'} cases (write them all with --report out.json)`,
    );
  }
  return lines;
}

export function renderVerdictLine(outcome: RunOutcome): string {
  const count = (status: CheckResult['status']) => outcome.results.filter((r) => r.status === status).length;
  const ran = outcome.results.length - count('skip');
  const summary = `${count('pass')} passed, ${count('fail')} failed, ${count('warn')} warned, ${count('skip')} skipped of ${outcome.results.length} checks; ${outcome.requests} requests in ${(outcome.durationMs / 1000).toFixed(1)} s`;
  if (outcome.verdict === 'violations') return `Verdict: NOT CONFORMANT — ${summary}.`;
  if (outcome.verdict === 'conformant') return `Verdict: CONFORMANT (${ran} checks ran) — ${summary}.`;
  return `Verdict: CONFORMANT except: ${describeNotChecked(outcome.results).join('; ')} — ${summary}.`;
}

/** The promises the run could not check for want of an input, each with the input that would let it. */
function renderPromisesNotChecked(outcome: RunOutcome): string {
  const unchecked = promisesNotChecked(outcome.results);
  if (unchecked.length === 0) return 'Every promise of the ledger that needs an input was checked.';
  return [
    `Promises not checked (${unchecked.length}), each for want of an input:`,
    ...unchecked.map(({ id, needs }) => `  - ${id}: needs ${needs}`),
  ].join('\n');
}
