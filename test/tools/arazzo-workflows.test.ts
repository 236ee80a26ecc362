// The Arazzo workflows in openapi/workflows/ are linted by Redocly and run with `redocly respect` against the sandbox
// (in-process) and the mock (a real `checkout-mock` process). The API key goes in as an input Respect masks; canary keys
// prove it never reaches Respect's output or its JSON report, nor, through `npm run respect` as docs/conformance.md
// writes it, what npm prints.
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killEverything, type MockProcess, startMockProcess } from '../mock/mock-process.js';
import { startTestSandbox, type TestSandbox } from '../sandbox/support/sandbox-harness.js';
import { CANARY_KEY, UNKNOWN_CANARY_KEY } from '../support/canary.js';
import { settlesWithin } from '../support/wait-for.js';

const execFileAsync = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const redocly = join(root, 'node_modules/.bin/redocly');
const WORKFLOWS = 'openapi/workflows/checkout.arazzo.yaml';
const ALL_WORKFLOWS = [
  'createWithEachExample',
  'rejectMissingKey',
  'rejectWrongMediaType',
  'rejectMalformedJson',
  'rejectInvalidBody',
  'replayIdempotentRetry',
];
const scratch = mkdtempSync(join(tmpdir(), 'arazzo-'));

// The parts of Respect's --json-output report these tests read.
interface ReportedCheck {
  name: string;
  passed: boolean;
  condition?: string;
}
interface ReportedStep {
  workflowId: string;
  stepId: string;
  checks: ReportedCheck[];
}
interface ReportedWorkflow {
  workflowId: string;
  status: string;
  executedSteps: ReportedStep[];
}

function reportedWorkflows(report: string): ReportedWorkflow[] {
  return (Object.values(JSON.parse(report).files)[0] as { executedWorkflows: ReportedWorkflow[] }).executedWorkflows;
}

interface RespectRun {
  code: number;
  output: string;
  report: string;
  verdicts: Record<string, string>;
}

/** Run Respect on the workflows against `baseUrl`; `args` add inputs and `--skip`s. Never throws on a failed flow. */
async function runRespect(baseUrl: string, args: string[]): Promise<RespectRun> {
  const reportFile = join(scratch, `${randomUUID()}.json`);
  const command = ['respect', WORKFLOWS, '--server', `checkout=${baseUrl}`, '--json-output', reportFile, ...args];
  const options = { cwd: root, encoding: 'utf8' as const, env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } };
  const { code, stdout, stderr } = await execFileAsync(redocly, command, options)
    .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }))
    .catch((error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }));
  const report = readFileSync(reportFile, 'utf8');
  const verdicts = Object.fromEntries(reportedWorkflows(report).map(({ workflowId, status }) => [workflowId, status]));
  return { code, output: stdout + stderr, report, verdicts };
}

/** Every failed check in a Respect JSON report, as `workflow/step: condition`. */
function failedChecks(report: string): string[] {
  return reportedWorkflows(report).flatMap(({ executedSteps }) =>
    executedSteps.flatMap(({ workflowId, stepId, checks }) =>
      checks.filter((check) => !check.passed).map((check) => `${workflowId}/${stepId}: ${check.condition ?? check.name}`),
    ),
  );
}

function verdictsOf(passed: string[], failed: string[] = []): Record<string, string> {
  return Object.fromEntries([...passed.map((id) => [id, 'success']), ...failed.map((id) => [id, 'error'])]);
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A command run to its end with its stdout and stderr interleaved as a terminal would show them. */
function runToEnd(command: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, NO_COLOR: '1', ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

/** `npm run respect -- <args>`, as a user types it. */
function runNpmRespect(args: string[], env: Record<string, string>) {
  return runToEnd('npm', ['run', 'respect', '--', ...args], env);
}

/**
 * The `npm run respect` command of docs/conformance.md, exactly as written there (its `\` continuations joined), run by
 * a shell against `baseUrl` instead of the example's.
 */
function runDocumentedRespectCommand(baseUrl: string, env: Record<string, string>) {
  const guide = readFileSync(join(root, 'docs/conformance.md'), 'utf8');
  const command = /^npm run respect (?:.*\\\n)*.*$/m.exec(guide)?.[0].replace(/\\\n\s*/g, ' ');
  if (!command?.includes('http://127.0.0.1:4011'))
    throw new Error('docs/conformance.md no longer shows `npm run respect` against 127.0.0.1:4011');
  return runToEnd('sh', ['-c', command.replace('http://127.0.0.1:4011', baseUrl)], env);
}

/** Redocly's lint problems for an Arazzo file, as `rule: message`; redocly exits 1 when it finds an error. */
async function lintWorkflows(file: string): Promise<string[]> {
  const options = { cwd: root, encoding: 'utf8' as const, env: { ...process.env, REDOCLY_TELEMETRY: 'off' } };
  const { stdout } = await execFileAsync(redocly, ['lint', file, '--format', 'json'], options).catch(
    (error: { code?: number; stdout?: string }) => ({ stdout: error.code === 1 && error.stdout ? error.stdout : '{}' }),
  );
  return JSON.parse(stdout).problems.map((problem: { ruleId: string; message: string }) => `${problem.ruleId}: ${problem.message}`);
}

describe('the Arazzo workflows', () => {
  it('lint clean with Redocly', async () => {
    expect(await lintWorkflows(WORKFLOWS)).toEqual([]);
  });

  it('lint with an error when two workflows share an id (negative control)', async () => {
    // A copy elsewhere, so its relative $refs are made absolute.
    const copy = readFileSync(join(root, WORKFLOWS), 'utf8')
      .replace('../../generated/', join(root, 'generated/'))
      .replaceAll('../components/', join(root, 'openapi/components/'))
      .replace('workflowId: rejectMalformedJson', 'workflowId: rejectWrongMediaType');
    const file = join(scratch, 'duplicate-id.arazzo.yaml');
    writeFileSync(file, copy);
    expect(await lintWorkflows(file)).toEqual(['workflowId-unique: Every workflow must have a unique `workflowId`.']);
  });
});

describe('redocly respect against the in-process sandbox', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('passes every workflow, the idempotent replay included, and never prints the key', async () => {
    const run = await runRespect(sandbox.baseUrl, ['--input', `apiKey=${CANARY_KEY}`, '--input', `idempotencyKey=${randomUUID()}`]);
    expect(run.verdicts, run.output).toEqual(verdictsOf(ALL_WORKFLOWS));
    expect(run.code).toBe(0);
    expect(run.output).not.toContain(CANARY_KEY);
    expect(run.report).not.toContain(CANARY_KEY);
  });

  it('the documented `npm run respect` command passes every workflow, and neither npm nor Respect prints the key (R20)', async () => {
    const run = await runDocumentedRespectCommand(sandbox.baseUrl, { CHECKOUT_API_KEY: CANARY_KEY });
    expect(run.output).not.toContain(CANARY_KEY);
    // npm printed the script line it ran, the arguments included: the key is not among them.
    expect(run.output).toMatch(/> node scripts\/respect\.js --server checkout=http:\/\/127\.0\.0\.1:\d+ --input idempotencyKey=/);
    expect(run.output).toMatch(/createWithEachExample/);
    expect(run.code, run.output).toBe(0);
  });

  it('the wrapper refuses a key on the command line, and a missing CHECKOUT_API_KEY, with exit 2 (negative control)', async () => {
    const onCommandLine = await runNpmRespect(['--server', `checkout=${sandbox.baseUrl}`, '--input', `apiKey=${CANARY_KEY}`], {
      CHECKOUT_API_KEY: CANARY_KEY,
    });
    expect(onCommandLine.code).toBe(2);
    expect(onCommandLine.output).toContain('give the key in CHECKOUT_API_KEY, not as --input apiKey=…');
    const missing = await runNpmRespect(['--server', `checkout=${sandbox.baseUrl}`], { CHECKOUT_API_KEY: '' });
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('the environment variable CHECKOUT_API_KEY is not set');
  });

  it('fails every flow that needs an accepted key when given an unknown one (negative control)', async () => {
    const unknownKey = UNKNOWN_CANARY_KEY;
    const run = await runRespect(sandbox.baseUrl, ['--input', `apiKey=${unknownKey}`, '--input', `idempotencyKey=${randomUUID()}`]);
    expect(run.verdicts).toEqual(
      verdictsOf(
        ['rejectMissingKey'],
        ALL_WORKFLOWS.filter((id) => id !== 'rejectMissingKey'),
      ),
    );
    expect(run.code).toBe(1);
    expect(run.output + run.report).not.toContain(unknownKey);
  });
});

describe('redocly respect against the mock', () => {
  let mock: MockProcess | undefined;
  beforeAll(async () => {
    mock = await startMockProcess(['--no-build']);
  });
  afterAll(async () => {
    // A stop that hangs is ended by force after 10 s; the mock's own shutdown has its tests elsewhere.
    const ended = mock?.stop();
    if (ended) await settlesWithin(ended, { what: "the mock's stop", deadlineMs: 10_000 });
    killEverything(mock);
  });

  // The mock is stateless: it answers the example's id every time and never sends Idempotent-Replayed, so the
  // replay flow is skipped here (its `id` check would pass for the wrong reason).
  it('passes every workflow but the idempotent replay, and never prints the key', async () => {
    const run = await runRespect(mock!.baseUrl, ['--input', `apiKey=${CANARY_KEY}`, '--skip', 'replayIdempotentRetry']);
    expect(run.verdicts, run.output).toEqual(verdictsOf(ALL_WORKFLOWS.filter((id) => id !== 'replayIdempotentRetry')));
    expect(run.code).toBe(0);
    expect(run.output + run.report + mock!.output()).not.toContain(CANARY_KEY);
  });

  it('fails the idempotent replay, on its Idempotent-Replayed check only (negative control)', async () => {
    const run = await runRespect(mock!.baseUrl, ['--input', `apiKey=${CANARY_KEY}`, '--input', `idempotencyKey=${randomUUID()}`]);
    expect(run.verdicts).toEqual(verdictsOf(ALL_WORKFLOWS.slice(0, -1), ['replayIdempotentRetry']));
    expect(run.code).toBe(1);
    expect(failedChecks(run.report)).toEqual([`replayIdempotentRetry/retryWithSameKey: $response.header.Idempotent-Replayed == 'true'`]);
  });
});
