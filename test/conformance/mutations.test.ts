// The kit catches what it claims, and only that. Two conformant implementations (the sandbox under its default
// policies and under others the contract equally allows) each pass unbroken; behind a proxy that breaks one promise at
// a time, each break is caught by the named check with exit code 1, under both; a choice the contract leaves to the
// implementation passes with a warning. The mutation score is printed at the end.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Level } from '../../src/conformance/conformance-config.js';
import { runCli } from '../../src/conformance/run-cli.js';
import { CANARY_KEY, OTHER_CANARY_KEY } from '../support/canary.js';
import { type BrokenProxy, startBrokenProxy } from './support/broken-proxy.js';
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
const running = new Map<SandboxPolicy, { sandbox: SandboxProcess; proxy: BrokenProxy }>();
const workDir = mkdtempSync(join(tmpdir(), 'conformance-mutations-'));
const mutations = buildMutations(CANARY_KEY, CALLBACK_SECRET);
const outcomes: Array<{ mutation: string; level: Level; policy: SandboxPolicy; caught: boolean }> = [];

beforeAll(async () => {
  await Promise.all(
    policies.map(async (policy) => {
      const sandbox = await startSandboxProcess(policy, FAST_CALLBACK_RETRIES);
      running.set(policy, { sandbox, proxy: await startBrokenProxy(sandbox.baseUrl) });
    }),
  );
});

afterAll(async () => {
  await Promise.all(
    [...running.values()].map(async ({ sandbox, proxy }) => {
      await proxy.close();
      await sandbox.stop();
    }),
  );
  rmSync(workDir, { recursive: true, force: true });
  removePackage();
});

type Report = { checks: Array<{ name: string; status: string; failures: any[]; warnings: any[] }> };

async function runKit(policy: SandboxPolicy, level: Level, withCallback: boolean, retryWait = FAST_RETRY_WAIT, withSchedule = true) {
  const report = join(workDir, `report-${outcomes.length}-${Date.now()}.json`);
  let stdout = '';
  let stderr = '';
  const argv = ['--base-url', running.get(policy)!.proxy.url, '--level', level, '--report', report, '--generated', '4'];
  // Callbacks run by default against loopback; runs that do not test them turn them off, to stay fast.
  if (withCallback) argv.push('--callback-host', '127.0.0.1', '--timeout', '2000', '--retry-wait', retryWait);
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
  );
  const reportText = readFileSync(report, 'utf8');
  // Whatever the implementation does, the key never reaches the output.
  for (const text of [stdout, stderr, reportText]) for (const key of [CANARY_KEY, OTHER_CANARY_KEY]) expect(text).not.toContain(key);
  return { code, stdout, report: JSON.parse(reportText) as Report };
}

const notPassing = (report: Report) => report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.name}: ${c.status}`);

describe('controls: the unbroken implementations pass', () => {
  it.each(policies)('the sandbox under %s, passed through unchanged, is conformant at level full, callback included', async (policy) => {
    running.get(policy)!.proxy.use(undefined);
    const { code, report, stdout } = await runKit(policy, 'full', true);
    expect(notPassing(report), stdout).toEqual([]);
    expect(code, stdout).toBe(0);
  });

  it('an undocumented extra field is a warning, not a failure (D28)', async () => {
    running.get('defaults')!.proxy.use({
      response: (response, request) => {
        if (request.path !== '/api/v1/checkouts/' || response.status !== 201) return undefined;
        return { ...response, body: JSON.stringify({ ...JSON.parse(response.body), loyaltyPoints: 12 }) };
      },
    });
    const { code, report } = await runKit('defaults', 'full', false);
    expect(code).toBe(0);
    const schema = report.checks.find((c) => c.name === 'response-schema')!;
    expect(schema.status).toBe('warn');
    expect(schema.warnings[0].messages[0]).toContain('/loyaltyPoints');
  });
});

describe('a choice the contract leaves to the implementation passes, with a warning from the named check', () => {
  it.each(buildAllowedChoices().map((choice) => [choice.name, choice] as [string, AllowedChoice]))('%s', async (_name, choice) => {
    running.get('defaults')!.proxy.use(choice.breakage);
    const { code, report, stdout } = await runKit('defaults', 'full', false);
    const failed = report.checks.filter((c) => c.status === 'fail').map((c) => c.name);
    expect(failed, `"${choice.chooses}" must not fail:\n${stdout}`).toEqual([]);
    expect(code).toBe(0);
    expect(report.checks.find((c) => c.name === choice.warnedBy)!.status).toBe('warn');
    expect(stdout).toContain(`! ${choice.warnedBy} — `);
  });
});

describe('a create answered 200 (documented beside 201, D1)', () => {
  it('passes the whole kit, and valid-request-accepted does not warn', async () => {
    running.get('defaults')!.proxy.use(ANSWERS_200);
    const { code, report, stdout } = await runKit('defaults', 'full', false);
    expect(
      report.checks.filter((c) => c.status === 'fail').map((c) => c.name),
      stdout,
    ).toEqual([]);
    expect(code).toBe(0);
    expect(report.checks.find((c) => c.name === 'valid-request-accepted')!.status).toBe('pass');
  });
});

describe('a line that rounds to 0.00 (D29)', () => {
  it('accepted with its record (amount 0.00), as D13 computes it: the kit passes, valid-request-accepted included', async () => {
    running.get('defaults')!.proxy.use(acceptZeroLines());
    const { code, report, stdout } = await runKit('defaults', 'full', false);
    expect(
      report.checks.filter((c) => c.status === 'fail').map((c) => c.name),
      stdout,
    ).toEqual([]);
    expect(code).toBe(0);
    expect(report.checks.find((c) => c.name === 'valid-request-accepted')!.status).toBe('pass');
    expect(report.checks.find((c) => c.name === 'amounts-exact')!.status).toBe('pass');
  });
});

describe('a correct implementation making another allowed callback choice passes, warning at most', () => {
  it.each(buildCorrectVariants(CALLBACK_SECRET).map((variant) => [variant.name, variant] as [string, CorrectVariant]))(
    '%s',
    async (_name, variant) => {
      running.get('defaults')!.proxy.use(variant.breakage);
      const withSchedule = variant.declaresSchedule !== false;
      const { code, report, stdout } = await runKit('defaults', 'full', true, FAST_RETRY_WAIT, withSchedule);
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
  it('has a suite of at least 30 mutations, each naming a check', () => {
    expect(mutations.length).toBeGreaterThanOrEqual(30);
    expect(new Set(mutations.map((m) => m.caughtBy)).size).toBeGreaterThanOrEqual(18);
  });

  it.each(cases)('%s', async (_title, mutation, level, policy) => {
    running.get(policy)!.proxy.use(mutation.breakage);
    const { code, report, stdout } = await runKit(policy, level, mutation.callback === true, mutation.retryWait);
    const check = report.checks.find((c) => c.name === mutation.caughtBy)!;
    outcomes.push({ mutation: mutation.name, level, policy, caught: code === 1 && check.status === 'fail' });
    expect(check.status, `${mutation.caughtBy} should fail for "${mutation.breaks}":\n${stdout}`).toBe('fail');
    expect(code).toBe(1);
    // The failure shows what was sent and what came back.
    expect(check.failures[0].request).toBeDefined();
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
