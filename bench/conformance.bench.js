// Conformance kit benchmark (`node bench/conformance.bench.js`, or `npm run bench conformance`).
// 1. Response validation: Checkout records validated per second with the contract's validator compiled once (what
//    the kit does) vs compiled for every record, in interleaved rounds; plus whole-record checks per second (schema,
//    seed rules, undocumented fields), the kit's per-response work.
// 2. A full run against the sandbox (level full, callback included), as users run it: the bundled bin as a process,
//    wall time including start-up, median of interleaved rounds; goal under 10 s.
// 3. The mutation suite: every broken implementation through the proxy, the score and how long it takes.
// Figures land in bench/results/conformance.json.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findPackageRoot } from '../scripts/package-root.js';
import { bundleForBench } from './support/bundle-for-bench.js';
import { freePort } from './support/free-port.js';
import { median } from './support/statistics.js';

const root = findPackageRoot();
const ROUNDS = 5;
const VALIDATION_WINDOW_MS = 300;
const BUDGET_MS = 10_000;
// The suites' canary key (test/support/canary.ts), repeated because the benches run as plain JavaScript on Node 20.
const CANARY_KEY = 'canary-key-9f1c4e2a7b3d8c6f';
const OTHER_CANARY_KEY = 'canary-key-0d83b6f5e1a7c294';
// The mutation suite's sandbox and kit flags, as test/conformance/support/sandbox-process.ts sets them: a short retry
// schedule the kit is told (so callback-retry-schedule runs) and a second key (so idempotency-per-key runs).
const FAST_RETRY_DELAYS_MS = '100,200,400';
const FAST_RETRY_WAIT = '1500ms';
const CALLBACK_SECRET = `whsec_${Buffer.from('conformance-bench-secret-32bytes').toString('base64')}`;

/**
 * The modules buildPackage bundles into dist/bench/kit.js.
 * @typedef {{
 *   createContractValidators: typeof import('../src/contract/compile-schemas.js').createContractValidators,
 *   checkCheckoutRules: typeof import('../src/contract/checkout-rules.js').checkCheckoutRules,
 *   readEchoedFields: typeof import('../src/contract/echoed-fields.js').readEchoedFields,
 *   loadContract: typeof import('../src/contract/load-contract.js').loadContract,
 *   findUndocumentedFields: typeof import('../src/conformance/undocumented-fields.js').findUndocumentedFields,
 *   runCli: typeof import('../src/conformance/run-cli.js').runCli,
 *   startBrokenProxy: typeof import('../test/conformance/support/broken-proxy.js').startBrokenProxy,
 *   buildMutations: typeof import('../test/conformance/support/mutations.js').buildMutations,
 * }} Kit
 */

/** The package layout in a temp folder: dist/bin/* bundles, generated/openapi.json, runtime deps only. */
async function buildPackage() {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-bench-'));
  mkdirSync(join(dir, 'generated'), { recursive: true });
  copyFileSync(join(root, 'generated/openapi.json'), join(dir, 'generated/openapi.json'));
  const { name, type, dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // The bins find their package by its package.json's name (scripts/package-root.js).
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name, type, private: true })}\n`);
  for (const name of Object.keys(dependencies)) {
    mkdirSync(resolve(dir, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  }
  for (const [script, out] of [
    ['build-conformance.js', 'checkout-conformance.js'],
    ['build-sandbox.js', 'checkout-sandbox.js'],
  ]) {
    const result = spawnSync(process.execPath, [join(root, 'scripts', script), '--outfile', join(dir, 'dist/bin', out)], {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr}`);
  }
  // The kit's modules and the self-test's broken implementations, for in-process measurements.
  await bundleForBench({
    source: {
      contents: [
        "export { createContractValidators } from './src/contract/compile-schemas.ts';",
        "export { checkCheckoutRules } from './src/contract/checkout-rules.ts';",
        "export { readEchoedFields } from './src/contract/echoed-fields.ts';",
        "export { loadContract } from './src/contract/load-contract.ts';",
        "export { findUndocumentedFields } from './src/conformance/undocumented-fields.ts';",
        "export { runCli } from './src/conformance/run-cli.ts';",
        "export { startBrokenProxy } from './test/conformance/support/broken-proxy.ts';",
        "export { buildMutations } from './test/conformance/support/mutations.ts';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    outfile: join(dir, 'dist/bench/kit.js'),
  });
  return dir;
}

/**
 * @param {string} dir the package folder buildPackage made
 * @param {Record<string, string>} settings sandbox variables added to the defaults
 */
async function startSandbox(dir, settings = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(dir, 'dist/bin/checkout-sandbox.js')], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      CHECKOUT_API_KEYS: CANARY_KEY,
      CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET,
      ...settings,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    try {
      await fetch(url);
      break;
    } catch {
      if (tries > 200) throw new Error('the sandbox did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: () => {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
      } catch {
        /* gone */
      }
    },
  };
}

/**
 * @param {string} dir the package folder buildPackage made
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, ms: number, stdout: string }>}
 */
function runBin(dir, args) {
  return new Promise((resolveRun) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(dir, 'dist/bin/checkout-conformance.js'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CHECKOUT_API_KEY: CANARY_KEY, CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET },
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('close', (code) => resolveRun({ code, ms: performance.now() - started, stdout }));
  });
}

/**
 * How many times fn runs in the window, per second.
 * @param {(count: number) => void} fn
 */
function ratePerSecond(fn) {
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < VALIDATION_WINDOW_MS) {
    fn(count);
    count += 1;
  }
  return (count * 1000) / (performance.now() - started);
}

/** @param {Kit} kit */
async function measureValidation(kit) {
  const contract = kit.loadContract();
  // The 201 response is the shared CheckoutCreated (D1: 200 and 201 answer the same record).
  const created = contract.components.responses[contract.paths['/api/v1/checkouts/'].post.responses['201'].$ref.split('/').pop()];
  const exampleRef = created.content['application/json'].examples.upperCaseCodes.$ref;
  const record = /** @type {Record<string, any>} */ (contract.components.examples[exampleRef.split('/').pop()].value);
  const requestRef = contract.paths['/api/v1/checkouts/'].post.requestBody.content['application/json'].examples.upperCaseCodes.$ref;
  const request = /** @type {Record<string, any>} */ (contract.components.examples[requestRef.split('/').pop()].value);
  const once = kit.createContractValidators(contract).validatorFor('Checkout');
  const echoed = kit.readEchoedFields(contract);
  /** @type {Record<'compiledOnce' | 'compiledEachTime' | 'wholeRecordChecks', number[]>} */
  const rounds = { compiledOnce: [], compiledEachTime: [], wholeRecordChecks: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    rounds.compiledOnce.push(
      ratePerSecond(() => {
        if (!once(record)) throw new Error('the example is invalid');
      }),
    );
    rounds.compiledEachTime.push(
      ratePerSecond(() => {
        if (!kit.createContractValidators(contract).validatorFor('Checkout')(record)) throw new Error('the example is invalid');
      }),
    );
    rounds.wholeRecordChecks.push(
      ratePerSecond(() => {
        once(record);
        kit.checkCheckoutRules(request, record, echoed);
        kit.findUndocumentedFields(contract, 'Checkout', record);
      }),
    );
  }
  return Object.fromEntries(Object.entries(rounds).map(([name, values]) => [name, Math.round(median(values))]));
}

/**
 * @param {string} dir the package folder buildPackage made
 * @param {string} sandboxUrl
 */
async function measureFullRuns(dir, sandboxUrl) {
  const wall = [];
  const reported = [];
  let requests = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const run = await runBin(dir, ['--base-url', sandboxUrl, '--callback-host', '127.0.0.1']);
    if (run.code !== 0) throw new Error(`the full run against the sandbox exited ${run.code}:\n${run.stdout}`);
    wall.push(run.ms);
    const match = /** @type {RegExpExecArray} */ (/; (\d+) requests in ([0-9.]+) s\./.exec(run.stdout));
    requests = Number(match[1]);
    reported.push(Number(match[2]) * 1000);
  }
  return { wallMs: Math.round(median(wall)), runMs: Math.round(median(reported)), requests };
}

/**
 * @param {Kit} kit
 * @param {string} sandboxUrl
 * @param {string} dir the package folder buildPackage made
 */
async function measureMutations(kit, sandboxUrl, dir) {
  const proxy = await kit.startBrokenProxy(sandboxUrl);
  const mutations = kit.buildMutations(CANARY_KEY, CALLBACK_SECRET);
  const started = performance.now();
  let cases = 0;
  let caught = 0;
  const missed = [];
  try {
    for (const mutation of mutations) {
      for (const level of mutation.levels) {
        proxy.use(mutation.breakage);
        const report = join(dir, 'mutation-report.json');
        const args = ['--base-url', proxy.url, '--level', level, '--report', report, '--generated', '4'];
        // Callbacks run by default on loopback; a mutation that does not need them turns them off (issue 20).
        if (mutation.callback) {
          args.push('--callback-host', '127.0.0.1', '--timeout', '2000', '--retry-wait', mutation.retryWait ?? FAST_RETRY_WAIT);
          args.push('--retry-schedule', FAST_RETRY_DELAYS_MS);
        } else args.push('--callback-host', 'none');
        const code = await kit.runCli(
          args,
          { CHECKOUT_API_KEY: CANARY_KEY, CHECKOUT_API_KEY_2: OTHER_CANARY_KEY, CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET },
          { stdout: () => {}, stderr: () => {}, interactive: false },
        );
        const check = JSON.parse(readFileSync(report, 'utf8')).checks.find(
          (/** @type {{ name: string, status: string }} */ c) => c.name === mutation.caughtBy,
        );
        cases += 1;
        if (code === 1 && check.status === 'fail') caught += 1;
        else missed.push(`${mutation.name} at ${level}`);
      }
    }
  } finally {
    await proxy.close();
  }
  return { mutations: mutations.length, cases, caught, score: caught / cases, missed, totalMs: Math.round(performance.now() - started) };
}

const dir = await buildPackage();
const sandbox = await startSandbox(dir);
try {
  const kit = await import(pathToFileURL(join(dir, 'dist/bench/kit.js')).href);
  const validation = await measureValidation(kit);
  const fullRun = await measureFullRuns(dir, sandbox.url);
  const mutationSandbox = await startSandbox(dir, {
    CHECKOUT_API_KEYS: `${CANARY_KEY},${OTHER_CANARY_KEY}`,
    CHECKOUT_CALLBACK_RETRY_DELAYS_MS: FAST_RETRY_DELAYS_MS,
    CHECKOUT_CALLBACK_RETRY_JITTER: '0.1',
  });
  let mutation;
  try {
    mutation = await measureMutations(kit, mutationSandbox.url, dir);
  } finally {
    await mutationSandbox.stop();
  }
  const results = {
    machine: { node: process.version, rounds: ROUNDS },
    validationsPerSecond: validation,
    ratios: {
      compiledOnceVsCompiledEachTime: Number((validation.compiledOnce / validation.compiledEachTime).toFixed(1)),
      fullRunBudgetVsWallTime: Number((BUDGET_MS / fullRun.wallMs).toFixed(1)),
    },
    fullRunAgainstSandbox: { ...fullRun, budgetMs: BUDGET_MS, underBudget: fullRun.wallMs < BUDGET_MS },
    mutationSuite: mutation,
  };
  const rows = [
    ['Checkout validations/s, validator compiled once', validation.compiledOnce.toLocaleString('en')],
    ['Checkout validations/s, compiled for each record', validation.compiledEachTime.toLocaleString('en')],
    ['  ratio compiled once ÷ each time', `${results.ratios.compiledOnceVsCompiledEachTime}×`],
    ['whole-record checks/s (schema + rules + extra fields)', validation.wholeRecordChecks.toLocaleString('en')],
    [
      `full run vs sandbox, bin wall time (median of ${ROUNDS})`,
      `${fullRun.wallMs} ms (${fullRun.requests} requests; run itself ${fullRun.runMs} ms)`,
    ],
    ['  ratio 10 s budget ÷ wall time', `${results.ratios.fullRunBudgetVsWallTime}×`],
    [
      'mutation score',
      `${mutation.caught}/${mutation.cases} (${Math.round(mutation.score * 100)}%) in ${(mutation.totalMs / 1000).toFixed(1)} s`,
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  if (mutation.missed.length > 0) console.log(`missed: ${mutation.missed.join(', ')}`);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/conformance.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('wrote bench/results/conformance.json');
} finally {
  sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
