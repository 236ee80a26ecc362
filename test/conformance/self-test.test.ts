// The kit as users run it: the bundled bin, in the installed package's layout with only the runtime dependencies
// beside it, as a real process against two conformant implementations at level full (the sandbox under its default
// policies and under others the contract equally allows) and the Prism mock at level schema; its exit codes, its
// outputs, and a canary key that never shows.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/conformance/check-catalog.js';
import { seedSamples } from '../../src/conformance/contract-samples.js';
import { loadContract } from '../../src/contract/load-contract.js';
import { Decimal } from '../../src/contract/money.js';
import { buildMockIfStale } from '../support/built-bins.js';
import { CANARY_KEY, OTHER_CANARY_KEY } from '../support/canary.js';
import { freePort } from '../support/ports.js';
import { type RunningProcess, runToEnd, startProcess, waitForHttp } from '../support/processes.js';
import { startBrokenProxy } from './support/broken-proxy.js';
import { buildMutations } from './support/mutations.js';
import {
  buildPackageBins,
  CALLBACK_SECRET,
  conformanceBin,
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
let sandbox: SandboxProcess;
let mock: RunningProcess;
let mockUrl: string;
const workDir = mkdtempSync(join(tmpdir(), 'conformance-self-test-'));
const env = { CHECKOUT_API_KEY: CANARY_KEY, CHECKOUT_API_KEY_2: OTHER_CANARY_KEY, CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET };

beforeAll(async () => {
  buildPackageBins();
  const mockPort = await freePort();
  mockUrl = `http://127.0.0.1:${mockPort}`;
  mock = startProcess(process.execPath, [buildMockIfStale()], { HOST: '127.0.0.1', PORT: String(mockPort) });
  await Promise.all(
    policies.map(async (policy) => {
      // The defaults keep the contract's retry schedule (a real 5 s wait); the other policies retry within milliseconds.
      sandboxes.set(policy, await startSandboxProcess(policy, policy === 'defaults' ? {} : FAST_CALLBACK_RETRIES));
    }),
  );
  sandbox = sandboxes.get('defaults')!;
  await waitForHttp(mockUrl, mock);
});

afterAll(async () => {
  await Promise.all([...[...sandboxes.values()].map((running) => running.stop()), mock?.stop()]);
  rmSync(workDir, { recursive: true, force: true });
  removePackage();
});

const runBin = (args: string[], environment: Record<string, string> = env, unset: string[] = []) =>
  runToEnd(process.execPath, [conformanceBin, ...args], environment, unset);

function statusesOf(reportPath: string): Record<string, string> {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  return Object.fromEntries(report.checks.map((check: { name: string; status: string }) => [check.name, check.status]));
}

async function createMixedCurrencyCheckout(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/v1/checkouts/`, {
    method: 'POST',
    headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(seedSamples(loadContract()).mixedCurrencies),
    signal: AbortSignal.timeout(5_000),
  });
  const record = await response.json();
  return {
    status: response.status,
    amounts: [record.invoiceItems[0].amount, record.amountTotal],
    updatedAfterCreatedS: new Decimal(record.updatedAt).minus(record.createdAt).toString(),
    lifetimeMs: new Decimal(record.expiresAt).minus(new Decimal(record.createdAt).times(1000).floor()).toNumber(),
    paymentMethodTypes: record.paymentMethodTypes,
    cryptoOptions: record.paymentMethodOptions.crypto.map((option: any) => option.currency.value),
  };
}

// Every case runs its own kit process (behind its own proxy when it needs one) against implementations that serve any
// number of clients at once, so the cases run concurrently (describe.concurrent): they wait on processes, not the CPU.
describe.concurrent('the two implementations differ where the contract lets them', () => {
  it('the same mixed-currency request gets other rates, methods, update time and lifetime, each a 201', async () => {
    const [defaults, other] = await Promise.all(policies.map((policy) => createMixedCurrencyCheckout(sandboxes.get(policy)!.baseUrl)));
    // 2 × 49.99 USD in EUR: at 1 EUR = 1.08 USD, 92.57; at 1 EUR = 1.1 USD, 90.89.
    expect(defaults).toEqual({
      status: 201,
      amounts: ['92.57', '92.57'],
      updatedAfterCreatedS: '0',
      lifetimeMs: 86_400_000,
      paymentMethodTypes: ['crypto'],
      cryptoOptions: ['USD'],
    });
    expect(other).toEqual({
      status: 201,
      amounts: ['90.89', '90.89'],
      updatedAfterCreatedS: '1',
      lifetimeMs: 604_800_000,
      paymentMethodTypes: ['crypto', 'card'],
      cryptoOptions: ['USD', 'usdt', 'usdc'],
    });
  });
});

/** How each implementation is run: the defaults exactly as docs/conformance.md shows it (no callback flags, the
 *  contract's retry schedule), the other policies with the receiver named and a short retry wait. */
const RUN_ARGS: Record<SandboxPolicy, string[]> = {
  defaults: [],
  'other policies': ['--callback-host', '127.0.0.1', '--retry-wait', FAST_RETRY_WAIT, '--retry-schedule', FAST_RETRY_SCHEDULE],
};

describe.concurrent.each(policies)('the sandbox under %s passes at level full', (policy) => {
  it('every check passes, callbacks (retries, de-duplication, expiry) included: exit 0, a table, progress lines, both reports, and no key anywhere', async () => {
    const slug = policy.replace(/\s+/g, '-');
    const report = join(workDir, `sandbox-${slug}.json`);
    const junit = join(workDir, `sandbox-${slug}.xml`);
    const baseUrl = sandboxes.get(policy)!.baseUrl;
    const run = await runBin(['--base-url', baseUrl, ...RUN_ARGS[policy], '--report', report, '--junit', junit]);
    expect(run.stdout).toMatch(/^checkout-conformance · http:\/\/127\.0\.0\.1:\d+ · level full/);
    // The defaults keep the contract's schedule (75 h), so the whole schedule cannot be given there: that one check is
    // named as not run; with a short schedule given, every check runs.
    const scheduleGiven = RUN_ARGS[policy].includes('--retry-schedule');
    expect(run.stdout).toContain(
      scheduleGiven
        ? `Verdict: CONFORMANT (${CHECKS.length} checks ran)`
        : "Verdict: CONFORMANT except: callback-retry-schedule not run (give --retry-schedule, the service's retry delays) — ",
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toMatch(/\[1\/10\] valid requests…\n[\s\S]*\[7\/10\] callbacks…\n[\s\S]*\[10\/10\] negative space…/);
    const statuses = statusesOf(report);
    const notPassed = Object.entries(statuses).filter(([, status]) => status !== 'pass');
    expect(notPassed).toEqual(scheduleGiven ? [] : [['callback-retry-schedule', 'skip']]);
    expect(Object.keys(statuses)).toEqual(CHECKS.map((check) => check.name));
    expect(statuses['callback-retried']).toBe('pass');
    const xml = readFileSync(junit, 'utf8');
    const skipped = scheduleGiven ? 0 : 1;
    expect(xml).toContain(`<testsuites name="checkout-conformance" tests="${CHECKS.length}" failures="0" errors="0" skipped="${skipped}"`);
    for (const text of [run.stdout, run.stderr, readFileSync(report, 'utf8'), xml]) {
      expect(text).not.toContain(CANARY_KEY);
      expect(text).not.toContain(OTHER_CANARY_KEY);
      expect(text).not.toContain(CALLBACK_SECRET);
    }
  });
});

describe.concurrent('where the callback checks cannot run, the verdict names them', () => {
  it('without the signing secret, a default run names the signature checks as not run: exit 0, never a bare CONFORMANT', async () => {
    const report = join(workDir, 'no-secret.json');
    const run = await runBin(
      [
        '--base-url',
        sandboxes.get('other policies')!.baseUrl,
        '--retry-wait',
        FAST_RETRY_WAIT,
        '--expire-path',
        'none',
        '--report',
        report,
      ],
      { CHECKOUT_API_KEY: CANARY_KEY },
      ['CHECKOUT_CALLBACK_SECRET'],
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      "Verdict: CONFORMANT except: idempotency-per-key not run (set CHECKOUT_API_KEY_2 to a second key of the service); callback-verified, callback-retried not run (set CHECKOUT_CALLBACK_SECRET); callback-retry-schedule not run (give --retry-schedule, the service's retry delays); status-final, callback-none-on-expiry not run (--expire-path none) — ",
    );
    // Without the second key, the promise it would check is named with the input it needs.
    expect(run.stdout).toMatch(
      /Promises not checked \(\d+\), each for want of an input:\n[\s\S]*\n {2}- idempotency\.scoped-per-key: needs CHECKOUT_API_KEY_2: /,
    );
    expect(statusesOf(report)).toMatchObject({
      'callback-delivered': 'pass',
      'callback-retry-stops-on-410': 'pass',
      'callback-retried': 'skip',
    });
  });

  it('a service whose helper routes do not exist gets the completion checks named as not run, not failed', async () => {
    const report = join(workDir, 'no-helpers.json');
    const run = await runBin([
      '--base-url',
      sandboxes.get('other policies')!.baseUrl,
      '--complete-path',
      '/no-such-helper/{id}/complete',
      '--expire-path',
      '/no-such-helper/{id}/expire',
      '--report',
      report,
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      "Verdict: CONFORMANT except: callbacks not checked (/no-such-helper/{id}/complete answered 404: give --complete-path PATH or none; give --retry-schedule, the service's retry delays; /no-such-helper/{id}/expire answered 404: give --expire-path PATH or none) — ",
    );
  });
});

describe.concurrent('the Prism mock passes at level schema, and only there', () => {
  it('level schema: exit 0, callback (sent at once by the mock) included; the full-level checks are skipped', async () => {
    const report = join(workDir, 'mock-schema.json');
    const run = await runBin(
      ['--base-url', mockUrl, '--level', 'schema', '--callback-host', '127.0.0.1', '--complete-path', 'none', '--report', report],
      { CHECKOUT_API_KEY: CANARY_KEY },
      ['CHECKOUT_CALLBACK_SECRET'],
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const statuses = statusesOf(report);
    expect(statuses).toMatchObject({
      'valid-request-accepted': 'pass',
      'response-schema': 'pass',
      'invalid-body-rejected': 'pass',
      'callback-delivered': 'pass',
      'echoes-request': 'skip',
      'ids-unique': 'skip',
      'method-not-allowed': 'pass',
      'unknown-path-not-found': 'pass',
      'negative-space-rejected': 'pass',
    });
    expect(run.stdout + run.stderr).not.toContain(CANARY_KEY);
  });

  it('level full: a static mock cannot echo, compute or keep state, so it is not conformant (exit 1)', async () => {
    const report = join(workDir, 'mock-full.json');
    const run = await runBin(['--base-url', mockUrl, '--report', report]);
    expect(run.code).toBe(1);
    expect(statusesOf(report)).toMatchObject({
      'echoes-request': 'fail',
      'amounts-exact': 'fail',
      'ids-unique': 'fail',
      'auth-unknown-key': 'fail',
    });
    expect(run.stdout).toMatch(/Verdict: NOT CONFORMANT/);
  });
});

describe.concurrent('the key never shows, even when the implementation leaks it', () => {
  it('a service that echoes the Authorization header fails key-never-echoed, and the output still holds no key', async () => {
    const proxy = await startBrokenProxy(sandbox.baseUrl);
    proxy.use({
      response: (response, request) => ({
        ...response,
        body: response.body.replace(/}$/, `,"debug":${JSON.stringify(request.headers.authorization ?? '')}}`),
      }),
    });
    try {
      const report = join(workDir, 'leak.json');
      const junit = join(workDir, 'leak.xml');
      const run = await runBin(['--base-url', proxy.url, '--level', 'schema', '--report', report, '--junit', junit]);
      expect(run.code).toBe(1);
      expect(statusesOf(report)['key-never-echoed']).toBe('fail');
      expect(run.stdout).toContain('[REDACTED]');
      for (const text of [run.stdout, run.stderr, readFileSync(report, 'utf8'), readFileSync(junit, 'utf8')])
        expect(text).not.toContain(CANARY_KEY);
    } finally {
      await proxy.close();
    }
  });
});

describe.concurrent('a service that serves the create call at another path (D27)', () => {
  it('without the trailing slash: create-path-served fails naming that path, every other check is named as not run, exit 1', async () => {
    const proxy = await startBrokenProxy(sandbox.baseUrl);
    proxy.use(buildMutations(CANARY_KEY, CALLBACK_SECRET).find((mutation) => mutation.name === 'create-path-without-slash')!.breakage);
    try {
      const report = join(workDir, 'without-slash.json');
      const run = await runBin(['--base-url', proxy.url, '--report', report]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        'answered 404, while POST /api/v1/checkouts (without the trailing slash) answers 401: the service serves the create operation at /api/v1/checkouts,',
      );
      expect(run.stdout).toContain(
        `Verdict: NOT CONFORMANT — 0 passed, 1 failed, 0 warned, ${CHECKS.length - 1} skipped of ${CHECKS.length} checks; 2 requests in `,
      );
      const checks: Array<{ name: string; status: string; skipReason?: string }> = JSON.parse(readFileSync(report, 'utf8')).checks;
      expect(checks.filter((check) => check.status !== 'skip').map((check) => `${check.name}: ${check.status}`)).toEqual([
        'create-path-served: fail',
      ]);
      // Each other check says why it did not run; the retry schedule's own reason (no --retry-schedule) comes first.
      expect(new Set(checks.filter((check) => check.status === 'skip').map((check) => check.skipReason))).toEqual(
        new Set(['the create path is not served: see create-path-served', "give --retry-schedule, the service's retry delays"]),
      );
    } finally {
      await proxy.close();
    }
  });
});

describe.concurrent('exit code 2 when the run cannot happen', () => {
  it('an unreachable service', async () => {
    const closedPort = await freePort();
    const run = await runBin(['--base-url', `http://127.0.0.1:${closedPort}`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/v1\/checkouts\/: ECONNREFUSED.*Check --base-url/);
    expect(run.stdout).toBe('');
  });

  it('a base URL with no create endpoint behind it (404)', async () => {
    const run = await runBin(['--base-url', `${sandbox.baseUrl}/wrong-prefix`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/wrong-prefix\/api\/v1\/checkouts\/ answered 404: there is no create endpoint there/);
  });

  it('a service that answers only under the next major version (v1 retired, D26): said so, not judged', async () => {
    const proxy = await startBrokenProxy(sandbox.baseUrl);
    proxy.use({
      request: (request) => {
        if (request.path === '/api/v1/checkouts/') return { ...request, path: '/api/v1/retired/' };
        if (request.path === '/api/v2/checkouts/') return { ...request, path: '/api/v1/checkouts/' };
        return undefined;
      },
    });
    try {
      const run = await runBin(['--base-url', proxy.url]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /\/api\/v1\/checkouts\/ answered 404: there is no create endpoint there\. http:\/\/127\.0\.0\.1:\d+\/api\/v2\/checkouts\/ answers 401: the service serves a later major version of the API, which this kit does not check/,
      );
      expect(run.stdout).toBe('');
    } finally {
      await proxy.close();
    }
  });

  it('a 405 without the trailing slash and a 502 under v2 are no create answers: still a wrong base URL', async () => {
    const proxy = await startBrokenProxy(sandbox.baseUrl);
    const answer = (status: number) => ({ status, headers: { 'content-type': 'text/plain' }, body: 'gateway' });
    proxy.use({
      response: (_response, request) =>
        request.path === '/api/v1/checkouts/' ? answer(404) : request.path === '/api/v1/checkouts' ? answer(405) : answer(502),
    });
    try {
      const run = await runBin(['--base-url', proxy.url]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/\/api\/v1\/checkouts\/ answered 404: there is no create endpoint there\. Check --base-url/);
      expect(run.stdout).toBe('');
    } finally {
      await proxy.close();
    }
  });

  it('bad flags and a missing key, with a message that says what to do', async () => {
    const badLevel = await runBin(['--base-url', sandbox.baseUrl, '--level', 'strict']);
    expect(badLevel.code).toBe(2);
    expect(badLevel.stderr).toMatch(/--level "strict" is unknown/);
    const noKey = await runBin(['--base-url', sandbox.baseUrl], {}, ['CHECKOUT_API_KEY']);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/CHECKOUT_API_KEY is not set/);
    const keyFlag = await runBin(['--base-url', sandbox.baseUrl, '--api-key', CANARY_KEY]);
    expect(keyFlag.code).toBe(2);
    expect(keyFlag.stderr).not.toContain(CANARY_KEY);
  });

  it('--help prints the usage and exits 0', async () => {
    const run = await runBin(['--help'], {}, ['CHECKOUT_API_KEY']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Exit codes: 0 conformant \(checks not run are named in the verdict\), 1 violations found, 2 could not run/);
  });
});
