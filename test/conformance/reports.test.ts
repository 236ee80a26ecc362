import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/conformance/check-catalog.js';
import { type CheckResult, createCheckRecorder, describeNotChecked, verdictOf } from '../../src/conformance/check-results.js';
import type { ConformanceConfig } from '../../src/conformance/conformance-config.js';
import { promiseById } from '../../src/conformance/promise-ledger.js';
import { buildJsonReport } from '../../src/conformance/report-json.js';
import { renderJunit, xml } from '../../src/conformance/report-junit.js';
import { renderTable, renderVerdictLine } from '../../src/conformance/report-table.js';
import type { RunOutcome } from '../../src/conformance/run-conformance.js';
import type { Exchange } from '../../src/conformance/send-request.js';
import { createRedactor, REDACTED } from '../../src/http/redact.js';
import { CANARY_KEY } from '../support/canary.js';

const config: ConformanceConfig = {
  baseUrl: 'http://127.0.0.1:1',
  apiKey: CANARY_KEY,
  level: 'full',
  timeoutMs: 1000,
  seed: 1,
  generated: 0,
  concurrency: 1,
};
const exchange: Exchange = {
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:1/api/v1/checkouts/',
    headers: { authorization: `Api-Key ${CANARY_KEY}` },
    body: '{"currency":"usdt"}',
  },
  response: {
    status: 201,
    headers: { 'content-type': 'application/json' },
    body: `{"amountTotal":"25.01","note":"<&>\u0001${CANARY_KEY}"}`,
  },
  durationMs: 3,
};

function outcome(): RunOutcome {
  const recorder = createCheckRecorder(CHECKS, 'full', { callbackNotRun: 'give --callback-host' });
  recorder.record('amounts-exact', 'sample usdtOnTron', ['amountTotal is "25.01", expected 25.00'], exchange);
  recorder.record('amounts-exact', 'sample upperCaseCodes', [], exchange);
  recorder.record('status-open', 'sample usdtOnTron', [], exchange);
  recorder.warn('response-schema', 'sample usdtOnTron', ['undocumented fields: /note'], exchange);
  recorder.record('response-schema', 'sample usdtOnTron', [], exchange);
  const results = recorder.results();
  return { results, verdict: 'violations', startedAt: '2026-11-21T00:00:00.000Z', durationMs: 1234, requests: 2 };
}

describe('the run summarised per check', () => {
  it('fails a check with a failing case, warns on warnings only, skips what did not run and says why', () => {
    const byName = Object.fromEntries(outcome().results.map((r) => [r.name, r]));
    expect(byName['amounts-exact']).toMatchObject({ status: 'fail', cases: 2 });
    expect(byName['status-open']).toMatchObject({ status: 'pass', cases: 1 });
    expect(byName['response-schema']).toMatchObject({ status: 'warn' });
    expect(byName['callback-verified']).toMatchObject({ status: 'skip', skipReason: 'give --callback-host' });
    expect(byName['auth-unknown-key']).toMatchObject({ status: 'skip' });
  });

  it('refuses a name no check of the catalog has, so a check module cannot record under a misspelt one', () => {
    const recorder = createCheckRecorder(CHECKS, 'full');
    expect(() => recorder.record('status-opne', 'sample', [])).toThrow('no check is named "status-opne"');
    expect(() => recorder.isActive('status-opne')).toThrow('no check is named "status-opne"');
  });

  it('at level schema, full-level checks are skipped with the reason', () => {
    const results = createCheckRecorder(CHECKS, 'schema').results();
    expect(results.find((r) => r.name === 'amounts-exact')).toMatchObject({ status: 'skip', skipReason: 'runs at --level full' });
  });
});

/** Every check passed, except those named not run for the given reasons. */
function conformantExcept(notRun: Record<string, string>): CheckResult[] {
  const recorder = createCheckRecorder(CHECKS, 'full');
  for (const check of CHECKS) {
    if (notRun[check.name]) recorder.notRun(check.name, notRun[check.name]);
    else recorder.record(check.name, 'a case', []);
  }
  return recorder.results();
}

describe('a run with checks that did not run is never a bare CONFORMANT', () => {
  const callbackChecks: string[] = CHECKS.filter((check) => 'needsCallback' in check && check.needsCallback).map((check) => check.name);

  it('names a whole area by its name, in the table, the JSON report and JUnit, with exit code 0', () => {
    const results = createCheckRecorder(CHECKS, 'full', { callbackNotRun: 'give --callback-host' }).results();
    for (const result of results)
      expect(result.skipReason === 'give --callback-host', result.name).toBe(callbackChecks.includes(result.name));
    const passedElsewhere = conformantExcept(Object.fromEntries(callbackChecks.map((name) => [name, 'give --callback-host'])));
    expect(verdictOf(passedElsewhere)).toBe('conformant-except');
    expect(describeNotChecked(passedElsewhere)).toEqual(['callbacks not checked (give --callback-host)']);
    const run: RunOutcome = {
      results: passedElsewhere,
      verdict: 'conformant-except',
      startedAt: '2026-11-21T00:00:00.000Z',
      durationMs: 900,
      requests: 9,
    };
    expect(renderVerdictLine(run)).toMatch(/^Verdict: CONFORMANT except: callbacks not checked \(give --callback-host\) — /);
    expect(buildJsonReport(config, run, 0, '1.0.0')).toMatchObject({
      verdict: 'conformant-except',
      notChecked: ['callbacks not checked (give --callback-host)'],
      exitCode: 0,
    });
    expect(renderJunit(config, run)).toContain(
      '<property name="verdict" value="Verdict: CONFORMANT except: callbacks not checked (give --callback-host)',
    );
  });

  it('names single checks not run, each with its own reason; a check that failed is a failure, whatever else', () => {
    const results = conformantExcept({
      'callback-none-on-expiry': '--expire-path none',
      'callback-retried': 'set CHECKOUT_CALLBACK_SECRET',
    });
    expect(describeNotChecked(results)).toEqual([
      'callback-retried not run (set CHECKOUT_CALLBACK_SECRET)',
      'callback-none-on-expiry not run (--expire-path none)',
    ]);
    const recorder = createCheckRecorder(CHECKS, 'full');
    recorder.notRun('callback-none-on-expiry', '--expire-path none');
    recorder.record('callback-none-on-expiry', 'expired checkout', ['a callback came']);
    expect(recorder.results().find((r) => r.name === 'callback-none-on-expiry')?.status).toBe('fail');
  });

  it('counts many checks left out by the level, and calls a run where all ran CONFORMANT', () => {
    const schemaRun = createCheckRecorder(CHECKS, 'schema', { callbackNotRun: '--callback-host none' });
    for (const check of CHECKS) if (check.level === 'schema' && !('needsCallback' in check)) schemaRun.record(check.name, 'a case', []);
    expect(describeNotChecked(schemaRun.results())).toEqual([
      `${CHECKS.filter((check) => check.level === 'full').length} checks not run (runs at --level full)`,
      'callbacks not checked (--callback-host none)',
    ]);
    const all = conformantExcept({});
    expect(verdictOf(all)).toBe('conformant');
    expect(renderVerdictLine({ results: all, verdict: 'conformant', startedAt: '', durationMs: 1, requests: 1 })).toMatch(
      new RegExp(`^Verdict: CONFORMANT \\(${CHECKS.length} checks ran\\)`),
    );
  });
});

describe('reports', () => {
  const redact = createRedactor([CANARY_KEY]);

  it('the table lists every check, then the failure with its request and response, then the verdict', () => {
    const text = redact(renderTable(config, outcome()));
    expect(text).toMatch(/FAIL\s+amounts-exact\s+2\s+seed: response table; D13/);
    expect(text).toMatch(/pass\s+status-open\s+1/);
    expect(text).toContain('case: sample usdtOnTron');
    expect(text).toContain('- amountTotal is "25.01", expected 25.00');
    expect(text).toContain('request:  POST http://127.0.0.1:1/api/v1/checkouts/');
    expect(text).toContain('response: 201 application/json');
    expect(text).toMatch(
      new RegExp(
        `Verdict: NOT CONFORMANT — 3 passed, 1 failed, 1 warned, \\d+ skipped of ${CHECKS.length} checks; 2 requests in 1\\.2 s\\.`,
      ),
    );
    // Beside status-open, the two checks that judge what they meet met nothing: they pass with no case, and say so.
    expect(text).toMatch(/ {2}pass {4}rate-limited-retry-after +0 {2}D25 \(met none: it judges a 429 answer\)\n/);
    expect(text).toContain('  - errors.429-rate-limited: needs a 429 met in the run');
    expect(text).not.toContain(CANARY_KEY);
    expect(text).toContain(`Api-Key ${REDACTED}`);
  });

  it('the JSON report holds every check and each failure with its exchange', () => {
    const report = JSON.parse(redact(JSON.stringify(buildJsonReport(config, outcome(), 1, '1.0.0'))));
    expect(report).toMatchObject({
      tool: 'checkout-conformance',
      verdict: 'violations',
      exitCode: 1,
      level: 'full',
      summary: { fail: 1, warn: 1 },
    });
    const failed = report.checks.find((c: any) => c.name === 'amounts-exact');
    expect(failed.failures[0]).toMatchObject({ case: 'sample usdtOnTron', request: { method: 'POST' }, response: { status: 201 } });
    expect(JSON.stringify(report)).not.toContain(CANARY_KEY);
  });

  it('the JUnit report is well-formed XML with one testcase per check, failures and skips marked', () => {
    const text = redact(renderJunit(config, outcome()));
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(text).toMatch(
      new RegExp(`<testsuites name="checkout-conformance" tests="${CHECKS.length}" failures="1" errors="0" skipped="\\d+"`),
    );
    const testcases = [...text.matchAll(/<testcase classname="[^"]*" name="([^"]+)"/g)].map((match) => match[1]);
    expect(testcases).toEqual(CHECKS.map((check) => check.name));
    expect(text).toMatch(
      /<testcase classname="checkout-conformance.full" name="amounts-exact" time="0">\n\s+<failure message="1 of 2 cases failed \(promises [a-z., -]+\); first: sample usdtOnTron: amountTotal is &quot;25.01&quot;, expected 25.00"/,
    );
    // The control character the body held is written as text (\u0001), not replaced, nor raw.
    expect(text).toContain('&lt;&amp;&gt;\\u0001');
    expect(text).toMatch(/name="callback-verified" time="0">\n\s+<skipped message="give --callback-host"\/>/);
    expect(text).not.toContain(CANARY_KEY);
  });

  it('escapes XML, writes control characters as \\uXXXX and replaces what XML cannot hold', () => {
    expect(xml(`a<b>&"c'\u0000\u001f\u001b[8m\u202e\ud800\n`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;\\u0000\\u001f\\u001b[8m\\u202e\uFFFD\n');
  });
});

// Issue 27: each check names the promises of the ledger it observes; a failure quotes them; the verdict names the
// promises that need an input the run was not given.
describe('reports name the promises of the ledger', () => {
  const observed = CHECKS.find((check) => check.name === 'amounts-exact')!.promises;

  it('each check carries the ids of the promises it observes, from the ledger', () => {
    expect(observed).toContain('record.amount-total');
    const byName = Object.fromEntries(outcome().results.map((result) => [result.name, result]));
    expect(byName['amounts-exact'].promises).toEqual(observed);
  });

  it('the table quotes each promise a failing check observes, and lists the promises not checked with their input', () => {
    const text = renderTable(config, outcome());
    expect(text).toContain(`    promise record.amount-total: “${promiseById('record.amount-total')!.words[0]}”`);
    expect(text).toMatch(/Promises not checked \(\d+\), each for want of an input:\n {2}- /);
    // Not given a second key, the per-key promise is named with the input it needs.
    expect(text).toContain('  - idempotency.scoped-per-key: needs CHECKOUT_API_KEY_2');
  });

  it('the JSON report gives each check its promises with their words, and the promises not checked', () => {
    const report = buildJsonReport(config, outcome(), 1, '1.0.0');
    const failed = report.checks.find((check) => check.name === 'amounts-exact')!;
    expect(failed.promises.map(({ id }) => id)).toEqual(observed);
    expect(failed.promises[0].words).toEqual(promiseById(observed[0])!.words);
    expect(report.promisesNotChecked.map(({ id }) => id)).toContain('idempotency.scoped-per-key');
  });

  it("the JUnit failure names the check's promises and quotes them", () => {
    const text = renderJunit(config, outcome());
    expect(text).toContain(`cases failed (promises ${observed.join(', ')})`);
    expect(text).toContain(xml(`promise record.amount-total: “${promiseById('record.amount-total')!.words[0]}”`));
  });
});
