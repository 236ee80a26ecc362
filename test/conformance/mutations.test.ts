// The kit catches what it claims: broken implementations (the sandbox behind a proxy that breaks one promise at a
// time) are each caught by the named check with exit code 1, and the unbroken proxy passes. The mutation score is
// printed at the end.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Level } from '../../src/conformance/config.js';
import { runCli } from '../../src/conformance/run-cli.js';
import { startBrokenProxy, type BrokenProxy } from './support/broken-proxy.js';
import { removePackage } from './support/built-package.js';
import { buildMutations, type Mutation } from './support/mutations.js';
import { CALLBACK_SECRET, CANARY_KEY, startSandboxProcess, type SandboxProcess } from './support/sandbox-process.js';

let sandbox: SandboxProcess;
let proxy: BrokenProxy;
const workDir = mkdtempSync(join(tmpdir(), 'conformance-mutations-'));
const mutations = buildMutations(CANARY_KEY, CALLBACK_SECRET);
const outcomes: Array<{ mutation: string; level: Level; caught: boolean }> = [];

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  proxy = await startBrokenProxy(sandbox.baseUrl);
});

afterAll(async () => {
  await proxy?.close();
  await sandbox?.stop();
  rmSync(workDir, { recursive: true, force: true });
  removePackage();
});

async function runKit(level: Level, withCallback: boolean) {
  const report = join(workDir, `report-${outcomes.length}-${Date.now()}.json`);
  let stdout = '';
  let stderr = '';
  const argv = ['--base-url', proxy.url, '--level', level, '--report', report, '--generated', '4'];
  if (withCallback) argv.push('--callback-host', '127.0.0.1', '--timeout', '2000');
  const code = await runCli(argv, { CHECKOUT_API_KEY: CANARY_KEY, CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET }, {
    stdout: (text) => { stdout += text; },
    stderr: (text) => { stderr += text; },
    interactive: false,
  });
  const reportText = readFileSync(report, 'utf8');
  // Whatever the implementation does, the key never reaches the output.
  for (const text of [stdout, stderr, reportText]) expect(text).not.toContain(CANARY_KEY);
  return { code, stdout, report: JSON.parse(reportText) as { checks: Array<{ name: string; status: string; failures: any[]; warnings: any[] }> } };
}

describe('controls: the unbroken implementation passes', () => {
  it('the proxy passing everything through is conformant at level full, callback included', async () => {
    proxy.use(undefined);
    const { code, report, stdout } = await runKit('full', true);
    expect(report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.name}: ${c.status}`)).toEqual([]);
    expect(code, stdout).toBe(0);
  });

  it('an undocumented extra field is a warning, not a failure (D28)', async () => {
    proxy.use({ response: (response, request) => {
      if (request.path !== '/api/v1/checkouts/' || response.status !== 201) return undefined;
      return { ...response, body: JSON.stringify({ ...JSON.parse(response.body), loyaltyPoints: 12 }) };
    } });
    const { code, report } = await runKit('full', false);
    expect(code).toBe(0);
    const schema = report.checks.find((c) => c.name === 'response-schema')!;
    expect(schema.status).toBe('warn');
    expect(schema.warnings[0].messages[0]).toContain('/loyaltyPoints');
  });
});

const cases = mutations.flatMap((mutation) => mutation.levels.map((level) => [`${mutation.name} at ${level}`, mutation, level] as [string, Mutation, Level]));

describe('each broken implementation is caught by the named check, with exit code 1', () => {
  it('has a suite of at least 30 mutations, each naming a check', () => {
    expect(mutations.length).toBeGreaterThanOrEqual(30);
    expect(new Set(mutations.map((m) => m.caughtBy)).size).toBeGreaterThanOrEqual(18);
  });

  it.each(cases)('%s', async (_title, mutation, level) => {
    proxy.use(mutation.breakage);
    const { code, report, stdout } = await runKit(level, mutation.callback === true);
    const check = report.checks.find((c) => c.name === mutation.caughtBy)!;
    outcomes.push({ mutation: mutation.name, level, caught: code === 1 && check.status === 'fail' });
    expect(check.status, `${mutation.caughtBy} should fail for "${mutation.breaks}":\n${stdout}`).toBe('fail');
    expect(code).toBe(1);
    // The failure shows what was sent and what came back.
    expect(check.failures[0].request).toBeDefined();
    expect(stdout).toContain(`✗ ${mutation.caughtBy} — `);
  });

  it('reports the mutation score: every mutation caught', () => {
    const caught = outcomes.filter((o) => o.caught).length;
    console.log(`mutation score: ${caught}/${cases.length} caught (${((100 * caught) / cases.length).toFixed(0)}%) by the named check; ${mutations.length} mutations at their levels`);
    expect(outcomes).toHaveLength(cases.length);
    expect(caught).toBe(cases.length);
  });
});
