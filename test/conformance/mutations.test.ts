// The kit catches what it claims, and only that. Two conformant implementations (the sandbox under its default
// policies and under others the contract equally allows) each pass unbroken; behind a proxy that breaks one promise at
// a time, each break is caught by the named check with exit code 1, under both; a choice the contract leaves to the
// implementation passes with a warning. The mutation score is printed at the end.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/conformance/check-catalog.js';
import type { Level } from '../../src/conformance/conformance-config.js';
import { runCli } from '../../src/conformance/run-cli.js';
import { CANARY_KEY, OTHER_CANARY_KEY } from '../support/canary.js';
import { type Breakage, startBrokenProxy } from './support/broken-proxy.js';
import {
  type AllowedChoice,
  ANSWERS_200,
  acceptZeroLines,
  buildAllowedChoices,
  buildCorrectVariants,
  buildMutations,
  type CorrectVariant,
  type Mutation,
} from './support/mutations.js';
import {
  CALLBACK_SECRET,
  FAST_CALLBACK_RETRIES,
  FAST_RETRY_SCHEDULE,
  FAST_RETRY_WAIT,
  removePackage,
  SANDBOX_POLICIES,
  type SandboxPolicy,
  type SandboxProcess,
  startSandboxProcess,
} from './support/sandbox-process.js';

const policies = Object.keys(SANDBOX_POLICIES) as SandboxPolicy[];
const sandboxes = new Map<SandboxPolicy, SandboxProcess>();
const workDir = mkdtempSync(join(tmpdir(), 'conformance-mutations-'));
const mutations = buildMutations(CANARY_KEY, CALLBACK_SECRET);
const outcomes: Array<{ mutation: string; level: Level; policy: SandboxPolicy; caught: boolean }> = [];
let runsStarted = 0;

beforeAll(async () => {
  await Promise.all(
    policies.map(async (policy) => {
      sandboxes.set(policy, await startSandboxProcess(policy, FAST_CALLBACK_RETRIES));
    }),
  );
});

afterAll(async () => {
  await Promise.all([...sandboxes.values()].map((sandbox) => sandbox.stop()));
  rmSync(workDir, { recursive: true, force: true });
  removePackage();
});

type Report = { checks: Array<{ name: string; status: string; failures: any[]; warnings: any[] }> };

/**
 * One kit run against the policy's sandbox, through a broken proxy of its own that applies `breakage` (none: the
 * answers pass unchanged). A proxy's breakage is global to it, so each run has its own and the runs of this file go
 * at once (it.concurrent, at most vitest's maxConcurrency together): they wait on the network and on the callback
 * retries more than on the CPU. The sandbox is shared: every run creates its own checkouts under keys of its own.
 */
async function runKit(
  policy: SandboxPolicy,
  breakage: Breakage | undefined,
  level: Level,
  withCallback: boolean,
  retryWait = FAST_RETRY_WAIT,
  withSchedule = true,
) {
  const report = join(workDir, `report-${runsStarted++}.json`);
  const proxy = await startBrokenProxy(sandboxes.get(policy)!.baseUrl);
  proxy.use(breakage);
  let stdout = '';
  let stderr = '';
  const argv = ['--base-url', proxy.url, '--level', level, '--report', report, '--generated', '4'];
  // Callbacks run by default against loopback; runs that do not test them turn them off, to stay fast. Requests and
  // the first callback get the kit's default --timeout (5 s), as in the other suites: with the runs going at once on
  // a loaded machine, a create through the proxy took over 2 s.
  if (withCallback) argv.push('--callback-host', '127.0.0.1', '--retry-wait', retryWait);
  else argv.push('--callback-host', 'none');
  if (withCallback && withSchedule) argv.push('--retry-schedule', FAST_RETRY_SCHEDULE);
  const code = await runCli(
    argv,
    { CHECKOUT_API_KEY: CANARY_KEY, CHECKOUT_API_KEY_2: OTHER_CANARY_KEY, CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET },
    {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      interactive: false,
    },
  ).finally(() => proxy.close());
  const reportText = readFileSync(report, 'utf8');
  // Whatever the implementation does, the key never reaches the output.
  for (const text of [stdout, stderr, reportText]) for (const key of [CANARY_KEY, OTHER_CANARY_KEY]) expect(text).not.toContain(key);
  return { code, stdout, report: JSON.parse(reportText) as Report, baseUrl: proxy.url };
}

const notPassing = (report: Report) => report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.name}: ${c.status}`);

describe.concurrent('controls: the unbroken implementations pass', () => {
  it.each(policies)('the sandbox under %s, passed through unchanged, is conformant at level full, callback included', async (policy) => {
    const { code, report, stdout } = await runKit(policy, undefined, 'full', true);
    expect(notPassing(report), stdout).toEqual([]);
    expect(code, stdout).toBe(0);
  });

  it('an undocumented extra field is a warning, not a failure (D28)', async () => {
    const extraField: Breakage = {
      response: (response, request) => {
        if (request.path !== '/api/v1/checkouts/' || response.status !== 201) return undefined;
        return { ...response, body: JSON.stringify({ ...JSON.parse(response.body), loyaltyPoints: 12 }) };
      },
    };
    const { code, report } = await runKit('defaults', extraField, 'full', false);
    expect(code).toBe(0);
    const schema = report.checks.find((c) => c.name === 'response-schema')!;
    expect(schema.status).toBe('warn');
    expect(schema.warnings[0].messages[0]).toContain('/loyaltyPoints');
  });
});

describe.concurrent('a choice the contract leaves to the implementation passes, with a warning from the named check', () => {
  it.each(buildAllowedChoices().map((choice) => [choice.name, choice] as [string, AllowedChoice]))('%s', async (_name, choice) => {
    const { code, report, stdout } = await runKit('defaults', choice.breakage, 'full', false);
    const failed = report.checks.filter((c) => c.status === 'fail').map((c) => c.name);
    expect(failed, `"${choice.chooses}" must not fail:\n${stdout}`).toEqual([]);
    expect(code).toBe(0);
    expect(report.checks.find((c) => c.name === choice.warnedBy)!.status).toBe('warn');
    expect(stdout).toContain(`! ${choice.warnedBy} — `);
  });
});

describe.concurrent('a create answered 200 (documented beside 201, D1)', () => {
  it('passes the whole kit, and valid-request-accepted does not warn', async () => {
    const { code, report, stdout } = await runKit('defaults', ANSWERS_200, 'full', false);
    expect(
      report.checks.filter((c) => c.status === 'fail').map((c) => c.name),
      stdout,
    ).toEqual([]);
    expect(code).toBe(0);
    expect(report.checks.find((c) => c.name === 'valid-request-accepted')!.status).toBe('pass');
  });
});

describe.concurrent('a line that rounds to 0.00 (D29)', () => {
  it('accepted with its record (amount 0.00), as D13 computes it: the kit passes, valid-request-accepted included', async () => {
    const { code, report, stdout } = await runKit('defaults', acceptZeroLines(), 'full', false);
    expect(
      report.checks.filter((c) => c.status === 'fail').map((c) => c.name),
      stdout,
    ).toEqual([]);
    expect(code).toBe(0);
    expect(report.checks.find((c) => c.name === 'valid-request-accepted')!.status).toBe('pass');
    expect(report.checks.find((c) => c.name === 'amounts-exact')!.status).toBe('pass');
  });
});

describe.concurrent('a correct implementation making another allowed callback choice passes, warning at most', () => {
  it.each(buildCorrectVariants(CALLBACK_SECRET).map((variant) => [variant.name, variant] as [string, CorrectVariant]))(
    '%s',
    async (_name, variant) => {
      const withSchedule = variant.declaresSchedule !== false;
      const { code, report, stdout } = await runKit('defaults', variant.breakage, 'full', true, FAST_RETRY_WAIT, withSchedule);
      expect(
        report.checks.filter((c) => c.status === 'fail' || c.status === 'skip').map((c) => `${c.name}: ${c.status}`),
        `"${variant.chooses}":\n${stdout}`,
      ).toEqual(withSchedule ? [] : ['callback-retry-schedule: skip']);
      expect(code).toBe(0);
      expect(stdout).toMatch(
        withSchedule ? /Verdict: CONFORMANT \(\d+ checks ran\)/ : /Verdict: CONFORMANT except: callback-retry-schedule not run/,
      );
    },
  );
});

const cases = policies.flatMap((policy) =>
  mutations.flatMap((mutation) =>
    mutation.levels.map(
      (level) => [`${mutation.name} at ${level}, sandbox ${policy}`, mutation, level, policy] as [string, Mutation, Level, SandboxPolicy],
    ),
  ),
);

describe('each broken implementation is caught by the named check, with exit code 1, under either policy', () => {
  it('has a mutation caught by every check of the kit, each mutation under a name of its own', () => {
    expect(new Set(mutations.map((m) => m.caughtBy))).toEqual(new Set(CHECKS.map((check) => check.name)));
    expect(new Set(mutations.map((m) => m.name)).size).toBe(mutations.length);
  });

  it.concurrent.each(cases)('%s', async (_title, mutation, level, policy) => {
    // A breakage of its own: the same mutation runs at once at another level and under the other policy.
    const { breakage } = buildMutations(CANARY_KEY, CALLBACK_SECRET).find(({ name }) => name === mutation.name)!;
    const { code, report, stdout, baseUrl } = await runKit(policy, breakage, level, mutation.callback === true, mutation.retryWait);
    const check = report.checks.find((c) => c.name === mutation.caughtBy)!;
    outcomes.push({ mutation: mutation.name, level, policy, caught: code === 1 && check.status === 'fail' });
    expect(check.status, `${mutation.caughtBy} should fail for "${mutation.breaks}":\n${stdout}`).toBe('fail');
    expect(code).toBe(1);
    // The failure shows what was sent: a request to the implementation, or the callback delivery it sent.
    expect(check.failures[0].request).toMatchObject({
      method: expect.stringMatching(/^[A-Z]+$/),
      url: expect.stringMatching(new RegExp(`^(${baseUrl.replaceAll('.', '\\.')}|callback )/`)),
      headers: expect.any(Object),
    });
    expect(stdout).toContain(`✗ ${mutation.caughtBy} — `);
  });

  it('reports the mutation score: every mutation caught under both policies', () => {
    const caught = outcomes.filter((o) => o.caught).length;
    const perPolicy = policies.map((policy) => {
      const own = outcomes.filter((o) => o.policy === policy);
      return `${policy} ${own.filter((o) => o.caught).length}/${own.length}`;
    });
    console.log(
      `mutation score: ${caught}/${cases.length} caught (${((100 * caught) / cases.length).toFixed(0)}%) by the named check; ` +
        `${mutations.length} mutations at their levels, against ${policies.length} implementations (${perPolicy.join(', ')})`,
    );
    expect(outcomes.map(({ mutation, level, policy }) => `${mutation} at ${level}, sandbox ${policy}`).sort()).toEqual(
      cases.map(([title]) => title).sort(),
    );
    expect(caught).toBe(cases.length);
  });
});
