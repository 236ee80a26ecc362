// The testing kit (checkout-api-contract/testing), measured from dist/ as a consumer runs it; build it first with
// `npm run build:dist`. Four parts:
//
// 1. Speed: the same create (the contract's usdtOnTron request) through the same client code path, once with
//    `fetch: mock.fetch` (createFetchSandbox, no socket) and once over loopback to startSandbox() with the global
//    fetch; both servers run in this process, as they do in a consumer's test. The raw pair (`mock.fetch(new
//    Request(…))` against a bare `fetch()` to the loopback server) separates the client's cost. Rounds are interleaved
//    (the order rotates each round), each round times CREATES sequential creates per contender; the ratios reported
//    are medians over rounds of loopback ÷ in-process per-create time measured in the same round. Goal ≥ 20×.
//    Three references in the same rounds take the in-process create apart (see REFERENCE_RECORD).
// 2. Heap: in a fresh `--expose-gc` process, heapUsed after gc before and after 1,000 creates through mock.fetch (each
//    response read), as MB per 1,000 creates, with and without a distinct Idempotency-Key on each. Goal < 10 MB.
//    A second 1,000 follows, for the steady state once first-use costs are paid.
// 3. Start-up: in fresh processes, the time from calling startSandbox() until its promise resolves (the server is
//    listening then), for the first call including the import of the kit and for a second call. Goal: median of the
//    first call with its import < 300 ms. createFetchSandbox() is timed after them, for the cost of a fetch sandbox per test.
// 4. Entry size: dist/index.js bundled by esbuild as a consumer's bundler would (esm, node, minified), with the
//    runtime dependencies external and inlined, against the same build of the last commit (a git worktree of HEAD);
//    the bundle must hold no module of dist/testing, dist/sandbox or msw (checked on esbuild's metafile inputs).
//
// Other work may rebuild dist/ while this runs, so the bench first copies dist/ and the contract into a package folder
// of its own (node_modules linked) and measures that copy.
// Run alone with `node bench/testing.bench.js`; figures land in bench/results/testing.json. BENCH_ROUNDS,
// BENCH_CREATES and BENCH_STARTUP_RUNS shorten or lengthen it.
import { execFileSync, fork } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { findPackageRoot } from '../scripts/package-root.js';
import { median, percentile, round3 } from './support/statistics.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const CREATES = Number(process.env.BENCH_CREATES ?? 200);
const STARTUP_RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 15);
const HEAP_CREATES = 1000;
// loopback ÷ in-process per create at least; heap MB per 1,000 creates below; first startSandbox() with import below.
const GOALS = { speedup: 20, heapMb: 10, startupMs: 300 };
const FORBIDDEN_IN_ENTRY = { 'dist/testing': /(^|\/)dist\/testing\//, 'dist/sandbox': /(^|\/)dist\/sandbox\//, msw: /node_modules\/msw\// };

const root = findPackageRoot();
// The copy of the package the bench measures (see the top); children get its path from their parent.
const packageDir = process.env.BENCH_PACKAGE_DIR ?? join(mkdtempSync(join(tmpdir(), 'testing-bench-')), 'package');
const testingUrl = pathToFileURL(join(packageDir, 'dist/testing/index.js')).href;
const contract = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
const requestBody = contract.components.examples.CreateCheckoutUsdtOnTron.value;
const requestText = JSON.stringify(requestBody);
const PATH = '/api/v1/checkouts/';

const round1 = (/** @type {number} */ value) => Math.round(value * 10) / 10;

/**
 * @param {string} apiKey
 * @param {string} [idempotencyKey]
 */
function createRequestInit(apiKey, idempotencyKey) {
  /** @type {Record<string, string>} */
  const headers = { authorization: `Api-Key ${apiKey}`, 'content-type': 'application/json' };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  return { method: 'POST', headers, body: requestText };
}

/**
 * @param {Response} response
 * @param {string} name
 */
async function expectCreated(response, name) {
  const body = await response.json();
  if (response.status !== 201 || body.status !== 'open') {
    throw new Error(`${name} answered ${response.status} ${JSON.stringify(body).slice(0, 200)}; the comparison would be unfair.`);
  }
}

// 1. Speed -------------------------------------------------------------------------------------------------------

// The references take the in-process create apart: what mock.fetch pays for the web Request (built, body read as a
// stream) and for the web Response (built, parsed), and what the global fetch costs against a bare node:http server
// in this process that answers the contract's record. What is left of the in-process create is the core and its glue.
const REFERENCE_RECORD = JSON.stringify(contract.components.examples.CheckoutUsdtOnTron.value);

/**
 * @param {import('../src/testing/index.js').FetchSandbox} mock
 * @param {import('../src/testing/index.js').TestSandbox} sandbox
 * @param {string} bareUrl
 * @param {typeof import('../src/client/create-checkout-client.js').createCheckoutClient} createCheckoutClient
 * @returns {Record<string, () => Promise<void>>} one create each, by contender name
 */
function createContenders(mock, sandbox, bareUrl, createCheckoutClient) {
  const mockClient = createCheckoutClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, fetch: mock.fetch });
  const loopbackClient = createCheckoutClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
  /**
   * @param {import('../src/client/create-checkout-client.js').CheckoutClient} client
   * @param {string} name
   */
  const clientCreate = (client, name) => async () => {
    const { data, response } = await client.createCheckout(requestBody);
    if (response.status !== 201 || data?.status !== 'open') throw new Error(`${name} answered ${response.status}`);
  };
  return {
    'client, in-process': clientCreate(mockClient, 'client, in-process'),
    'client, loopback': clientCreate(loopbackClient, 'client, loopback'),
    'raw, in-process': async () =>
      expectCreated(await mock.fetch(new Request(`${mock.baseUrl}${PATH}`, createRequestInit(mock.apiKey))), 'raw, in-process'),
    'raw, loopback': async () =>
      expectCreated(await fetch(`${sandbox.baseUrl}${PATH}`, createRequestInit(sandbox.apiKey)), 'raw, loopback'),
    'reference: Request built, body read': async () => {
      const reader = /** @type {ReadableStream<Uint8Array>} */ (
        new Request(`${mock.baseUrl}${PATH}`, createRequestInit(mock.apiKey)).body
      ).getReader();
      while (!(await reader.read()).done);
    },
    'reference: Response built, parsed': async () => {
      await new Response(REFERENCE_RECORD, {
        status: 201,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      }).json();
    },
    'reference: fetch to bare node:http': async () => expectCreated(await fetch(bareUrl, createRequestInit(mock.apiKey)), 'bare node:http'),
  };
}

/**
 * A node:http server in this process that answers every request with the contract's record.
 * @returns {Promise<{ url: string, close: () => Promise<unknown> }>}
 */
function startBareServer() {
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(REFERENCE_RECORD) });
      res.end(REFERENCE_RECORD);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}${PATH}`,
        close: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}

/**
 * Microseconds per create over `count` sequential creates.
 * @param {() => Promise<void>} send
 * @param {number} count
 */
async function timeCreates(send, count) {
  const started = performance.now();
  for (let index = 0; index < count; index += 1) await send();
  return ((performance.now() - started) * 1000) / count;
}

async function measureSpeed() {
  const { createCheckoutClient } = await import(pathToFileURL(join(packageDir, 'dist/index.js')).href);
  const { createFetchSandbox, startSandbox } = await import(testingUrl);
  const mock = createFetchSandbox();
  const sandbox = await startSandbox();
  const bare = await startBareServer();
  try {
    const contenders = createContenders(mock, sandbox, bare.url, createCheckoutClient);
    const names = Object.keys(contenders);
    for (const name of names) await timeCreates(contenders[name], CREATES);
    /** @type {Record<string, number>[]} microseconds per create, by contender, in each round */
    const perRound = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = names.map((_, index) => names[(index + round) % names.length]);
      /** @type {Record<string, number>} */
      const figures = {};
      for (const name of order) figures[name] = await timeCreates(contenders[name], CREATES);
      perRound.push(figures);
    }
    const ratio = (/** @type {string} */ top, /** @type {string} */ bottom) =>
      round3(median(perRound.map((figures) => figures[top] / figures[bottom])));
    const rest = (/** @type {Record<string, number>} */ figures) =>
      figures['raw, in-process'] - figures['reference: Request built, body read'] - figures['reference: Response built, parsed'];
    return {
      medianMicrosPerCreate: Object.fromEntries(names.map((name) => [name, round1(median(perRound.map((figures) => figures[name])))])),
      clientLoopbackToInProcess: ratio('client, loopback', 'client, in-process'),
      rawLoopbackToInProcess: ratio('raw, loopback', 'raw, in-process'),
      clientToRawInProcess: ratio('client, in-process', 'raw, in-process'),
      clientToRawLoopback: ratio('client, loopback', 'raw, loopback'),
      breakdown: {
        inProcessRestMicros: round1(median(perRound.map(rest))),
        note: 'raw in-process minus the two references: the core (validation, record, store) and the glue between them',
        bareFetchToRawInProcess: ratio('reference: fetch to bare node:http', 'raw, in-process'),
        rawLoopbackToInProcessRest: round3(median(perRound.map((figures) => figures['raw, loopback'] / rest(figures)))),
        noteRatios:
          'bareFetchToRawInProcess: the loopback ratio if the sandbox server cost nothing; rawLoopbackToInProcessRest: if mock.fetch paid nothing for Request and Response',
      },
      perRound: perRound.map((figures) => Object.fromEntries(names.map((name) => [name, round1(figures[name])]))),
    };
  } finally {
    await Promise.all([mock.close(), sandbox.close(), bare.close()]);
  }
}

// 2. Heap and 3. start-up: each in a fresh process (this file, run with --heap or --startup) ----------------------

const megabytes = (/** @type {number} */ bytes) => round3(bytes / 1024 / 1024);

/** @param {string} keys `distinct` for a new Idempotency-Key on each create, else none */
async function heapChild(keys) {
  const { createFetchSandbox } = await import(testingUrl);
  const mock = createFetchSandbox();
  const settledHeap = () => {
    const gc = /** @type {() => void} */ (globalThis.gc); // defined: runChild starts this child with --expose-gc
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const createMany = async (/** @type {number} */ from) => {
    for (let index = from; index < from + HEAP_CREATES; index += 1) {
      const init = createRequestInit(mock.apiKey, keys === 'distinct' ? `bench-key-${index}` : undefined);
      await expectCreated(await mock.fetch(new Request(`${mock.baseUrl}${PATH}`, init)), 'mock.fetch');
    }
  };
  const before = settledHeap();
  await createMany(0);
  const afterFirst = settledHeap();
  await createMany(HEAP_CREATES);
  const afterSecond = settledHeap();
  await mock.close();
  return {
    heapMbBefore: megabytes(before),
    mbPerThousandCreates: megabytes(afterFirst - before),
    mbPerThousandCreatesSecondBatch: megabytes(afterSecond - afterFirst),
  };
}

async function startupChild() {
  const started = performance.now();
  const { createFetchSandbox, startSandbox } = await import(testingUrl);
  const imported = performance.now();
  const first = await startSandbox();
  const firstListening = performance.now();
  await first.close();
  const secondStarted = performance.now();
  const second = await startSandbox();
  const secondListening = performance.now();
  await second.close();
  const mockStarted = performance.now();
  const mock = createFetchSandbox();
  const mockCreated = performance.now();
  await mock.close();
  return {
    importMs: imported - started,
    firstCallMs: firstListening - imported,
    firstCallWithImportMs: firstListening - started,
    secondCallMs: secondListening - secondStarted,
    createFetchSandboxMs: mockCreated - mockStarted,
  };
}

/**
 * Runs this file again with `args` and resolves with what that child reports.
 * @param {string[]} args
 * @param {string[]} [execArgv]
 * @returns {Promise<any>}
 */
function runChild(args, execArgv = []) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), args, {
      execArgv,
      stdio: 'inherit',
      env: { ...process.env, BENCH_PACKAGE_DIR: packageDir },
    });
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the ${args.join(' ')} child exited with ${code} before it reported`)));
  });
}

/** @typedef {Awaited<ReturnType<typeof startupChild>>} StartupFigures */

async function measureStartup() {
  /** @type {StartupFigures[]} */
  const runs = [];
  for (let run = 0; run < STARTUP_RUNS; run += 1) runs.push(await runChild(['--startup']));
  const summarize = (/** @type {keyof StartupFigures} */ field) => {
    const times = runs.map((figures) => figures[field]);
    return { medianMs: round1(median(times)), p90Ms: round1(percentile(times, 0.9)) };
  };
  return {
    runs: STARTUP_RUNS,
    firstCallWithImport: summarize('firstCallWithImportMs'),
    importOnly: summarize('importMs'),
    firstCallAfterImport: summarize('firstCallMs'),
    secondCall: summarize('secondCallMs'),
    createFetchSandboxAfterThem: summarize('createFetchSandboxMs'),
  };
}

// 4. Entry size ---------------------------------------------------------------------------------------------------

const dependencies = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies ?? {});

/**
 * @param {string} entry
 * @param {boolean} externalDependencies
 */
async function bundleEntry(entry, externalDependencies) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    write: false,
    metafile: true,
    external: externalDependencies ? dependencies.flatMap((name) => [name, `${name}/*`]) : [],
    logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  const inputs = Object.keys(result.metafile.inputs);
  const forbidden = Object.entries(FORBIDDEN_IN_ENTRY)
    .filter(([, pattern]) => inputs.some((input) => pattern.test(input)))
    .map(([name]) => name);
  return { bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length, modules: inputs.length, forbidden };
}

/** @typedef {Awaited<ReturnType<typeof measureEntry>>} EntryFigures */

/** @param {string} distDir */
async function measureEntry(distDir) {
  const entry = join(distDir, 'index.js');
  return { dependenciesExternal: await bundleEntry(entry, true), dependenciesInlined: await bundleEntry(entry, false) };
}

/** The same entry built from the last commit, in a throw-away worktree that shares this tree's node_modules. */
async function measureBaseEntry() {
  const git = (/** @type {string[]} */ args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const commit = git(['rev-parse', 'HEAD']);
  const tree = join(mkdtempSync(join(tmpdir(), 'entry-base-')), 'tree');
  git(['worktree', 'add', '--quiet', '--detach', tree, commit]);
  const modules = join(tree, 'node_modules');
  try {
    symlinkSync(join(root, 'node_modules'), modules);
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: tree, stdio: 'pipe' });
    return { commit, ...(await measureEntry(join(tree, 'dist'))) };
  } finally {
    if (existsSync(modules)) unlinkSync(modules);
    git(['worktree', 'remove', '--force', tree]);
    rmSync(join(tree, '..'), { recursive: true, force: true });
  }
}

/**
 * @param {EntryFigures} before
 * @param {EntryFigures} after
 */
function compareEntries(before, after) {
  const compare = (/** @type {keyof EntryFigures} */ key) => ({
    beforeBytes: before[key].bytes,
    afterBytes: after[key].bytes,
    ratio: round3(after[key].bytes / before[key].bytes),
    beforeGzipBytes: before[key].gzipBytes,
    afterGzipBytes: after[key].gzipBytes,
  });
  return { dependenciesExternal: compare('dependenciesExternal'), dependenciesInlined: compare('dependenciesInlined') };
}

// Report ----------------------------------------------------------------------------------------------------------

const verdict = (/** @type {boolean} */ met) => (met ? 'met' : 'MISSED');

/**
 * @param {{
 *   speed: Awaited<ReturnType<typeof measureSpeed>>,
 *   heap: Record<string, Awaited<ReturnType<typeof heapChild>>>,
 *   startup: Awaited<ReturnType<typeof measureStartup>>,
 *   entry: EntryFigures,
 *   entryBase: EntryFigures,
 *   entryComparison: ReturnType<typeof compareEntries>,
 * }} figures
 */
function printReport({ speed, heap, startup, entry, entryBase, entryComparison }) {
  console.log('');
  console.log('| Create through | µs per create (median) |');
  console.log('|---|---:|');
  for (const [name, micros] of Object.entries(speed.medianMicrosPerCreate)) console.log(`| ${name} | ${micros} |`);
  console.log('');
  console.log(
    `client: loopback ÷ in-process ${speed.clientLoopbackToInProcess} (goal ≥ ${GOALS.speedup}) ${verdict(speed.clientLoopbackToInProcess >= GOALS.speedup)}`,
  );
  console.log(
    `raw:    loopback ÷ in-process ${speed.rawLoopbackToInProcess}; client ÷ raw: in-process ${speed.clientToRawInProcess}, loopback ${speed.clientToRawLoopback}`,
  );
  const { breakdown } = speed;
  console.log(
    `in-process without the Request and Response: ${breakdown.inProcessRestMicros} µs (raw loopback ÷ that ${breakdown.rawLoopbackToInProcessRest}); fetch to bare node:http ÷ raw in-process ${breakdown.bareFetchToRawInProcess}`,
  );
  for (const [keys, figures] of Object.entries(heap)) {
    console.log(
      `heap, ${keys}: ${figures.mbPerThousandCreates} MB per 1,000 creates (second 1,000: ${figures.mbPerThousandCreatesSecondBatch} MB; goal < ${GOALS.heapMb}) ${verdict(figures.mbPerThousandCreates < GOALS.heapMb)}`,
    );
  }
  const { firstCallWithImport, importOnly, firstCallAfterImport, secondCall, createFetchSandboxAfterThem } = startup;
  console.log(
    `startSandbox, ${startup.runs} fresh processes: first call with import ${firstCallWithImport.medianMs} ms median, ${firstCallWithImport.p90Ms} ms p90 (goal median < ${GOALS.startupMs}) ${verdict(firstCallWithImport.medianMs < GOALS.startupMs)}`,
  );
  console.log(
    `  import ${importOnly.medianMs} ms (p90 ${importOnly.p90Ms}), first call after it ${firstCallAfterImport.medianMs} ms (p90 ${firstCallAfterImport.p90Ms}), second call ${secondCall.medianMs} ms (p90 ${secondCall.p90Ms}), createFetchSandbox() then ${createFetchSandboxAfterThem.medianMs} ms`,
  );
  for (const [key, figures] of Object.entries(entryComparison)) {
    console.log(
      `dist/index.js bundled, ${key}: ${figures.beforeBytes} → ${figures.afterBytes} B minified (×${figures.ratio}), ${figures.beforeGzipBytes} → ${figures.afterGzipBytes} B gzip`,
    );
  }
  const forbidden = [...entry.dependenciesExternal.forbidden, ...entry.dependenciesInlined.forbidden];
  console.log(
    `default entry free of ${Object.keys(FORBIDDEN_IN_ENTRY).join(', ')}: ${forbidden.length === 0 ? 'yes' : `NO, it holds ${[...new Set(forbidden)].join(', ')}`} (last commit: ${entryBase.dependenciesInlined.forbidden.length === 0 ? 'yes' : 'no'})`,
  );
}

/** Copy dist/ and the contract beside a link to node_modules, as an installed package has them. */
function copyPackage() {
  const distEntry = join(root, 'dist/index.js');
  if (!existsSync(distEntry) || !existsSync(join(root, 'dist/testing/index.js'))) {
    throw new Error('dist/index.js or dist/testing/index.js is missing: run `npm run build:dist` first.');
  }
  const built = { at: statSync(distEntry).mtime.toISOString(), testingEntryBytes: statSync(join(root, 'dist/testing/index.js')).size };
  cpSync(join(root, 'dist'), join(packageDir, 'dist'), { recursive: true });
  cpSync(join(root, 'generated/openapi.json'), join(packageDir, 'generated/openapi.json'));
  cpSync(join(root, 'package.json'), join(packageDir, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(packageDir, 'node_modules'));
  return built;
}

async function main() {
  const distBuilt = copyPackage();
  try {
    await measureAndReport(distBuilt);
  } finally {
    unlinkSync(join(packageDir, 'node_modules'));
    rmSync(join(packageDir, '..'), { recursive: true, force: true });
  }
}

/** @param {ReturnType<typeof copyPackage>} distBuilt */
async function measureAndReport(distBuilt) {
  const entry = await measureEntry(join(packageDir, 'dist'));
  const entryBase = await measureBaseEntry();
  const speed = await measureSpeed();
  const heap = {
    sameRequest: await runChild(['--heap', 'none'], ['--expose-gc']),
    distinctIdempotencyKeys: await runChild(['--heap', 'distinct'], ['--expose-gc']),
  };
  const startup = await measureStartup();
  const entryComparison = compareEntries(entryBase, entry);
  const forbidden = [...new Set([...entry.dependenciesExternal.forbidden, ...entry.dependenciesInlined.forbidden])];

  const results = {
    measuredAt: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length },
    dist: distBuilt,
    method: {
      speed: {
        rounds: ROUNDS,
        createsPerRoundAndContender: CREATES,
        request: 'POST /api/v1/checkouts/ with the contract usdtOnTron example, sequential, each answer parsed',
        contenders: {
          'client, in-process': 'createCheckoutClient({ fetch: mock.fetch }) over createFetchSandbox()',
          'client, loopback': 'createCheckoutClient() with the global fetch to startSandbox() in this process',
          'raw, in-process': 'mock.fetch(new Request(…))',
          'raw, loopback': 'fetch() to startSandbox() in this process',
          'reference: Request built, body read': 'new Request(…) as mock.fetch gets it, its body read through a stream reader',
          'reference: Response built, parsed': "new Response(the contract's record) and .json(), as the client reads the mock's answer",
          'reference: fetch to bare node:http': "fetch() to a node:http server in this process answering the contract's record",
        },
      },
      heap: `fresh --expose-gc process; heapUsed after two gc() before and after ${HEAP_CREATES} creates through mock.fetch`,
      startup: 'fresh process per run; performance.now() around import(dist/testing/index.js) and each startSandbox() call',
      entry: 'esbuild bundle of dist/index.js: esm, platform node, minified; last commit built in a git worktree of HEAD',
    },
    speed,
    heap,
    startup,
    entry: { after: entry, before: entryBase, comparison: entryComparison },
    goals: {
      clientLoopbackToInProcess: {
        goal: `>= ${GOALS.speedup}`,
        measured: speed.clientLoopbackToInProcess,
        met: speed.clientLoopbackToInProcess >= GOALS.speedup,
      },
      heapMbPerThousandCreates: {
        goal: `< ${GOALS.heapMb}`,
        measured: heap.sameRequest.mbPerThousandCreates,
        met: heap.sameRequest.mbPerThousandCreates < GOALS.heapMb,
      },
      heapMbPerThousandCreatesDistinctKeys: {
        goal: `< ${GOALS.heapMb}`,
        measured: heap.distinctIdempotencyKeys.mbPerThousandCreates,
        met: heap.distinctIdempotencyKeys.mbPerThousandCreates < GOALS.heapMb,
      },
      startupFirstCallWithImportMedianMs: {
        goal: `< ${GOALS.startupMs}`,
        measured: startup.firstCallWithImport.medianMs,
        met: startup.firstCallWithImport.medianMs < GOALS.startupMs,
      },
      defaultEntryWithoutTestingKit: {
        goal: `no module of ${Object.keys(FORBIDDEN_IN_ENTRY).join(', ')}`,
        found: forbidden,
        met: forbidden.length === 0,
      },
    },
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/testing.json'), `${JSON.stringify(results, null, 2)}\n`);
  printReport({ speed, heap, startup, entry, entryBase, entryComparison });
  if (forbidden.length > 0) throw new Error(`the default entry bundles ${forbidden.join(', ')}: the testing kit must stay out of it.`);
}

// The children are forked by runChild, so process.send is there.
const reportToParent = (/** @type {object} */ result) =>
  /** @type {NonNullable<typeof process.send>} */ (process.send)(result, () => process.exit(0));
if (process.argv[2] === '--heap') reportToParent(await heapChild(process.argv[3]));
else if (process.argv[2] === '--startup') reportToParent(await startupChild());
else await main();
