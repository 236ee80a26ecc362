// The JUnit XML report (--junit out.xml), for CI dashboards: one testcase per check; a failure element carrying
// every failing case with its request and response; skipped checks marked skipped; warnings in system-out.
import { escapeControlKeepingLines } from '../http/printable.js';
import type { CheckResult } from './check-results.js';
import type { ConformanceConfig } from './conformance-config.js';
import { formatTranscript } from './exchange-transcript.js';
import { quotePromise } from './promise-ledger.js';
import { renderVerdictLine } from './report-table.js';
import type { RunOutcome } from './run-conformance.js';

const BODY_LIMIT = 4_000;

export function renderJunit(config: ConformanceConfig, outcome: RunOutcome): string {
  const { results } = outcome;
  const failures = results.filter((r) => r.status === 'fail').length;
  const skipped = results.filter((r) => r.status === 'skip').length;
  const seconds = (outcome.durationMs / 1000).toFixed(3);
  const suite = `checkout-conformance (level ${config.level})`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="checkout-conformance" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds}">`,
    `  <testsuite name="${xml(suite)}" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds}" timestamp="${xml(outcome.startedAt)}">`,
    '    <properties>',
    `      <property name="baseUrl" value="${xml(config.baseUrl)}"/>`,
    `      <property name="level" value="${config.level}"/>`,
    `      <property name="seed" value="${config.seed}"/>`,
    `      <property name="verdict" value="${xml(renderVerdictLine(outcome))}"/>`,
    '    </properties>',
    ...results.map((result) => renderTestcase(config, result)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ];
  return lines.join('\n');
}

function renderTestcase(config: ConformanceConfig, result: CheckResult): string {
  const open = `    <testcase classname="checkout-conformance.${config.level}" name="${xml(result.name)}" time="0">`;
  const parts: string[] = [];
  if (result.status === 'skip') parts.push(`      <skipped message="${xml(result.skipReason ?? '')}"/>`);
  if (result.status === 'fail') {
    const first = result.failures[0];
    const message = `${result.failures.length} of ${result.cases} cases failed (promises ${result.promises.join(', ')}); first: ${first.caseName}: ${first.messages.join('; ')}`;
    const details = result.failures
      .map((finding) =>
        [
          `case: ${finding.caseName}`,
          ...finding.messages.map((m) => `- ${m}`),
          finding.exchange ? formatTranscript(finding.exchange, BODY_LIMIT) : '',
        ].join('\n'),
      )
      .join('\n\n');
    const promises = result.promises.map((id) => `promise ${quotePromise(id)}`).join('\n');
    parts.push(
      `      <failure message="${xml(message)}" type="${xml(result.source)}">${xml(`${result.title}\n${promises}\n\n${details}`)}</failure>`,
    );
  }
  if (result.warnings.length > 0) {
    const text = result.warnings.map((w) => `warning: ${w.caseName}: ${w.messages.join('; ')}`).join('\n');
    parts.push(`      <system-out>${xml(text)}</system-out>`);
  }
  return parts.length === 0 ? `${open.slice(0, -1)}/>` : [open, ...parts, '    </testcase>'].join('\n');
}

/**
 * Escape for XML text and attributes: control characters written as `\uXXXX` (printable.ts), so that what the service
 * sent can neither rewrite a terminal nor hide in the file, then any other character XML 1.0 cannot hold (a lone
 * surrogate, U+FFFE) replaced.
 */
export function xml(text: string): string {
  return (
    escapeControlKeepingLines(text)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 allows only these characters; the rest are replaced.
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}
