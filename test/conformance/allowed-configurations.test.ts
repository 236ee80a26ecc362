// Never fail a correct implementation (issue 20, item 6): correct implementations that choose otherwise where the
// contract lets them pass the whole kit at level full, the concurrency, method, path and negative-space checks
// included. Beside the two policies every conformance suite runs (defaults; other rates, lifetime and offered
// methods), here: a rate limit that answers 429 with Retry-After (D25), a 2-minute lifetime (D21, which warns), and
// an implementation that answers 409 to a request whose Idempotency-Key is still in flight (D24), built in the test
// support since the sandbox waits and replays instead. (Another 2xx and a refused currency pair are allowed choices
// of mutations.test.ts.) Then the correct-variant table (support/correct-variants.ts): the same answers and callbacks
// written another way (key order, whitespace and escapes, header case, an additive field that changes, 200, no
// Request-Id), each through a proxy in front of the sandbox.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/conformance/run-cli.js';
import { CANARY_KEY, OTHER_CANARY_KEY } from '../support/canary.js';
import { startBrokenProxy } from './support/broken-proxy.js';
import { answerConflictsInFlight, CORRECT_VARIANTS, type CorrectAnswerVariant } from './support/correct-variants.js';
import {
  CALLBACK_SECRET,
  FAST_CALLBACK_RETRIES,
  FAST_RETRY_SCHEDULE,
  FAST_RETRY_WAIT,
  removePackage,
  type SandboxProcess,
  startSandboxProcess,
} from './support/sandbox-process.js';

const workDir = mkdtempSync(join(tmpdir(), 'conformance-allowed-'));
const NEW_CHECKS = [
  'idempotent-concurrent',
  'method-not-allowed',
  'unknown-path-not-found',
  'negative-space-rejected',
  'negative-space-coded',
];

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
  removePackage();
});

type Report = { checks: Array<{ name: string; status: string; cases: number }> };

async function runKit(baseUrl: string, name: string, extraArgs: string[] = [], env: Record<string, string> = {}) {
  const report = join(workDir, `${name}.json`);
  let stdout = '';
  const code = await runCli(
    ['--base-url', baseUrl, '--report', report, '--generated', '4', ...extraArgs],
    { CHECKOUT_API_KEY: CANARY_KEY, CHECKOUT_API_KEY_2: OTHER_CANARY_KEY, ...env },
    {
      stdout: (text) => {
        stdout += text;
      },
      stderr: () => {},
      interactive: false,
    },
  );
  const parsed = JSON.parse(readFileSync(report, 'utf8')) as Report;
  const statuses = Object.fromEntries(parsed.checks.map((check) => [check.name, check.status]));
  const cases = Object.fromEntries(parsed.checks.map((check) => [check.name, check.cases]));
  expect(stdout).not.toContain(CANARY_KEY);
  expect(stdout).not.toContain(OTHER_CANARY_KEY);
  return { code, stdout, statuses, cases };
}

async function withSandbox<T>(settings: Record<string, string>, use: (sandbox: SandboxProcess) => Promise<T>): Promise<T> {
  const sandbox = await startSandboxProcess('defaults', settings);
  try {
    return await use(sandbox);
  } finally {
    await sandbox.stop();
  }
}

const failing = (statuses: Record<string, string>) => Object.entries(statuses).filter(([, status]) => status === 'fail');
const newChecks = (statuses: Record<string, string>) => Object.fromEntries(NEW_CHECKS.map((name) => [name, statuses[name]]));
const allPass = Object.fromEntries(NEW_CHECKS.map((name) => [name, 'pass']));
const RATE_LIMIT = 50;

// Each case runs against a sandbox or a proxy of its own, so the cases go at once (describe.concurrent): they wait on
// the network, the rate limit's window and the callback retries, not on the CPU.
describe.concurrent('correct implementations with other allowed choices pass', () => {
  it('a rate limit (50 creates in 2 s): the 429s with Retry-After are waited out, and the verdict is conformant', async () => {
    await withSandbox({ CHECKOUT_RATE_LIMIT: `${RATE_LIMIT}/2000` }, async (sandbox) => {
      const limited: Array<string | undefined> = [];
      let primed = false;
      const proxy = await startBrokenProxy(sandbox.baseUrl);
      proxy.use({
        response: async (response, request, tools) => {
          if (response.status === 429) limited.push(response.headers['retry-after']);
          // Once, after the kit's first create: spend the rest of its window with creates sent together, so that the
          // kit's next ones meet the limit whatever the machine's pace (a kit slowed by load might never reach it).
          if (!primed && request.method === 'POST' && response.status === 201) {
            primed = true;
            await Promise.all(Array.from({ length: RATE_LIMIT }, () => tools.forward(request)));
          }
          return undefined;
        },
      });
      try {
        // Room for the kit's first create, whose answer waits for the priming.
        const run = await runKit(proxy.url, 'rate-limited', ['--timeout', '30s']);
        expect(failing(run.statuses), run.stdout).toEqual([]);
        expect(run.code).toBe(0);
        expect(newChecks(run.statuses)).toEqual(allPass);
        // At least one 429 met by the kit (how many depends on the run's pace), each with the whole seconds left of
        // its 2 s window.
        expect(limited).not.toEqual([]);
        expect(limited.filter((retryAfter) => retryAfter !== '1' && retryAfter !== '2')).toEqual([]);
        // The rate limit is the input errors.429-rate-limited needs: each 429 the kit met is a case of its check.
        expect(run.statuses['rate-limited-retry-after']).toBe('pass');
        expect(run.cases['rate-limited-retry-after']).toBe(limited.length);
      } finally {
        await proxy.close();
      }
    });
  });

  it('checkouts that live 2 minutes: time-fields warns, nothing fails', async () => {
    await withSandbox({ CHECKOUT_SESSION_LIFETIME_MS: '120000' }, async (sandbox) => {
      const run = await runKit(sandbox.baseUrl, 'short-lifetime');
      expect(failing(run.statuses), run.stdout).toEqual([]);
      expect(run.code).toBe(0);
      expect(run.statuses['time-fields']).toBe('warn');
      expect(newChecks(run.statuses)).toEqual(allPass);
    });
  });

  it('409 idempotency-request-in-progress for a request whose key is in flight: idempotent-concurrent passes', async () => {
    await withSandbox({}, async (sandbox) => {
      const seen = { conflicts: 0 };
      const proxy = await startBrokenProxy(sandbox.baseUrl);
      proxy.use(answerConflictsInFlight(seen));
      try {
        const run = await runKit(proxy.url, 'conflicts-in-flight');
        expect(failing(run.statuses), run.stdout).toEqual([]);
        expect(run.code).toBe(0);
        expect(newChecks(run.statuses)).toEqual(allPass);
        // Five at once and a retry after them: six cases, and at least one of the five was answered 409.
        expect(run.cases['idempotent-concurrent']).toBe(6);
        expect(seen.conflicts).toBeGreaterThan(0);
      } finally {
        await proxy.close();
      }
    });
  });
});

// Issue 27, item 5: the same record and callback written another way a correct implementation may write them. Each
// runs the whole kit at level full with the callback checks and their secret, so callback-verified compares the
// created record with the callback's data written the same way.
// The variants share one sandbox, each behind a proxy of its own (a proxy's breakage is global to it), and run at once.
describe.concurrent('correct implementations that write their answers and callbacks otherwise pass', () => {
  let sandbox: SandboxProcess;

  beforeAll(async () => {
    sandbox = await startSandboxProcess('defaults', FAST_CALLBACK_RETRIES);
  });

  afterAll(async () => {
    await sandbox?.stop();
  });

  it.each(CORRECT_VARIANTS.map((variant) => [variant.name, variant] as [string, CorrectAnswerVariant]))('%s', async (name, variant) => {
    const proxy = await startBrokenProxy(sandbox.baseUrl);
    proxy.use(variant.breakage(CALLBACK_SECRET));
    const run = await runKit(
      proxy.url,
      `variant-${name}`,
      ['--callback-host', '127.0.0.1', '--retry-wait', FAST_RETRY_WAIT, '--retry-schedule', FAST_RETRY_SCHEDULE],
      {
        CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET,
      },
    ).finally(() => proxy.close());
    expect(failing(run.statuses), `"${variant.chooses}":\n${run.stdout}`).toEqual([]);
    expect(run.code).toBe(0);
    const skipped = Object.entries(run.statuses).filter(([, status]) => status === 'skip');
    expect(skipped, run.stdout).toEqual([]);
    const warned = Object.entries(run.statuses)
      .filter(([, status]) => status === 'warn')
      .map(([check]) => check);
    for (const check of variant.warns ?? []) expect(warned, run.stdout).toContain(check);
    expect(run.statuses['callback-verified']).toBe((variant.warns ?? []).includes('callback-verified') ? 'warn' : 'pass');
  });
});
