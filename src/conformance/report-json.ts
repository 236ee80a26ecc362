// The machine-readable report (--report out.json): the run, the verdict and every check with all its failing and
// warned cases, each with the exchange that shows it.

import { describeNotChecked, type Finding, promisesNotChecked } from './check-results.js';
import type { ConformanceConfig } from './conformance-config.js';
import { exchangeForReport } from './exchange-transcript.js';
import { promiseById } from './promise-ledger.js';
import type { RunOutcome } from './run-conformance.js';

const BODY_LIMIT = 16_384;

export function buildJsonReport(config: ConformanceConfig, outcome: RunOutcome, exitCode: number, contractVersion: string) {
  const findings = (list: Finding[]) =>
    list.map((finding) => ({
      case: finding.caseName,
      messages: finding.messages,
      ...(finding.exchange ? exchangeForReport(finding.exchange, BODY_LIMIT) : {}),
    }));
  const count = (status: string) => outcome.results.filter((r) => r.status === status).length;
  return {
    tool: 'checkout-conformance',
    contractVersion,
    baseUrl: config.baseUrl,
    level: config.level,
    seed: config.seed,
    callback: config.callback
      ? {
          host: config.callback.publicHost,
          completePath: config.callback.completePath,
          expirePath: config.callback.expirePath,
          retryWaitMs: config.callback.retryWaitMs,
        }
      : null,
    startedAt: outcome.startedAt,
    durationMs: Math.round(outcome.durationMs),
    requests: outcome.requests,
    verdict: outcome.verdict,
    notChecked: describeNotChecked(outcome.results),
    promisesNotChecked: promisesNotChecked(outcome.results),
    exitCode,
    summary: { pass: count('pass'), fail: count('fail'), warn: count('warn'), skip: count('skip') },
    checks: outcome.results.map((result) => ({
      name: result.name,
      title: result.title,
      source: result.source,
      promises: result.promises.map((id) => ({ id, words: promiseById(id)?.words ?? [] })),
      level: result.level,
      status: result.status,
      cases: result.cases,
      ...(result.skipReason ? { skipReason: result.skipReason } : {}),
      failures: findings(result.failures),
      warnings: findings(result.warnings),
    })),
  };
}
