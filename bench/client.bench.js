// The typed client's cost over a bare fetch, and its size.
//
// Speed: one local node:http server (its own process, so it does not compete with the clients' event loop) answers
// the contract's 201 example. Three contenders send the contract's request example and parse the JSON answer:
// raw `fetch`, a plain openapi-fetch client with the same API-key middleware, and this package's client. Rounds are
// interleaved (the order rotates each round) and each contender keeps CONCURRENCY requests in flight for ROUND_MS;
// the ratio reported is the median over rounds of client req/s ÷ raw fetch req/s measured in the same round.
//
// Size: the client entry (createCheckoutClient and everything it imports, openapi-fetch included) bundled by
// esbuild, minified, then gzipped (level 9); the whole package entry is measured the same way, for information.
//
// Run alone with `node bench/client.bench.js`; figures land in bench/results/client.json.
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import createClient from 'openapi-fetch';
import { findPackageRoot } from '../scripts/package-root.js';
import { median } from './support/statistics.js';

// Many short interleaved rounds rather than a few long ones: on a shared machine, load from other processes then
// hits the contenders of one round alike, and the paired per-round ratios stay tight.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 31);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 400);
const WARMUP_MS = 1000;
const CONCURRENCY = 8;
const SPEED_GOAL = 0.95;
const SIZE_GOAL_BYTES = 8 * 1024;
const BENCH_KEY = 'bench-key-not-a-secret';

const root = findPackageRoot();
const contract = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
const requestBody = contract.components.examples.CreateCheckoutUsdtOnTron.value;
const responseBody = JSON.stringify(contract.components.examples.CheckoutUsdtOnTron.value);

function serve() {
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(responseBody) });
      res.end(responseBody);
    });
  });
  server.keepAliveTimeout = 60_000;
  // Forked by startServerProcess, so process.send is there.
  server.listen(0, '127.0.0.1', () =>
    /** @type {NonNullable<typeof process.send>} */ (process.send)({
      port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
    }),
  );
  process.on('disconnect', () => process.exit(0));
}

async function startServerProcess() {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: 'inherit' });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/**
 * @param {string} outDir
 * @param {{ minify: boolean, entry?: string }} options
 */
async function bundleClient(outDir, { minify, entry = 'src/client/create-checkout-client.ts' }) {
  const outfile = join(outDir, `${entry.replace(/\W+/g, '-')}${minify ? '.min' : ''}.js`);
  await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify,
    legalComments: 'none',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/** @typedef {Record<string, () => Promise<void>>} Contenders One request each, by contender name. */

/**
 * @param {string} baseUrl
 * @param {typeof import('../src/client/create-checkout-client.js').createCheckoutClient} createCheckoutClient
 * @returns {Contenders}
 */
function createContenders(baseUrl, createCheckoutClient) {
  const url = `${baseUrl}/api/v1/checkouts/`;
  const plain = /** @type {import('openapi-fetch').Client<import('../generated/openapi.js').paths>} */ (createClient({ baseUrl }));
  plain.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Api-Key ${BENCH_KEY}`);
    },
  });
  const client = createCheckoutClient({ baseUrl, apiKey: BENCH_KEY });
  const expectCreated = (/** @type {number} */ status) => {
    if (status !== 201) throw new Error(`the bench server answered ${status}`);
  };
  return {
    'raw fetch': async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Api-Key ${BENCH_KEY}` },
        body: JSON.stringify(requestBody),
      });
      expectCreated(response.status);
      await response.json();
    },
    'plain openapi-fetch': async () => {
      const { response } = await plain.POST('/api/v1/checkouts/', { body: requestBody });
      expectCreated(response.status);
    },
    'this client': async () => {
      const { response } = await client.createCheckout(requestBody);
      expectCreated(response.status);
    },
  };
}

/** @typedef {{ rate: number, cpuMicros: number }} RoundFigures */

/**
 * Requests per second, and this process's CPU time per request (the client's own cost; the server runs apart).
 * @param {() => Promise<void>} send
 * @param {number} durationMs
 * @returns {Promise<RoundFigures>}
 */
async function countRequests(send, durationMs) {
  let completed = 0;
  const end = performance.now() + durationMs;
  const worker = async () => {
    while (performance.now() < end) {
      await send();
      completed += 1;
    }
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const cpu = process.cpuUsage(cpuBefore);
  return { rate: completed / ((performance.now() - started) / 1000), cpuMicros: (cpu.user + cpu.system) / completed };
}

/** @param {Contenders} contenders */
async function measureSpeed(contenders) {
  const names = Object.keys(contenders);
  for (const name of names) await countRequests(contenders[name], WARMUP_MS);
  const perRound = /** @type {Record<string, RoundFigures[]>} */ (Object.fromEntries(names.map((name) => [name, []])));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = names.map((_, index) => names[(index + round) % names.length]);
    for (const name of order) perRound[name].push(await countRequests(contenders[name], ROUND_MS));
  }
  const raw = perRound['raw fetch'];
  const summarize = (/** @type {string} */ name) => {
    const rounds = perRound[name];
    return {
      medianRequestsPerSecond: Math.round(median(rounds.map((r) => r.rate))),
      ratioToRawFetch: Number(median(rounds.map((r, round) => r.rate / raw[round].rate)).toFixed(3)),
      cpuMicrosPerRequest: Number(median(rounds.map((r) => r.cpuMicros)).toFixed(1)),
    };
  };
  return Object.fromEntries(names.map((name) => [name, summarize(name)]));
}

/**
 * @param {string} outDir
 * @param {string} [entry] the client entry unless given
 */
async function measureSize(outDir, entry) {
  const minified = readFileSync(await bundleClient(outDir, { minify: true, entry }));
  return { minifiedBytes: minified.length, gzipBytes: gzipSync(minified, { level: 9 }).length };
}

async function main() {
  const outDir = mkdtempSync(join(tmpdir(), 'client-bench-'));
  const server = await startServerProcess();
  try {
    const { createCheckoutClient } = await import(pathToFileURL(await bundleClient(outDir, { minify: false })).href);
    const size = await measureSize(outDir);
    // For information: the whole package entry, with the callback verifier and standardwebhooks.
    const entrySize = await measureSize(outDir, 'src/index.ts');
    const speed = await measureSpeed(createContenders(server.baseUrl, createCheckoutClient));
    const ratio = speed['this client'].ratioToRawFetch;
    const results = {
      measuredAt: new Date().toISOString(),
      machine: { node: process.version, cpus: cpus().length },
      method: { rounds: ROUNDS, roundMs: ROUND_MS, concurrency: CONCURRENCY, server: 'node:http in a separate process, loopback' },
      speed,
      size,
      packageEntrySize: entrySize,
      goals: {
        ratioToRawFetch: { goal: `>= ${SPEED_GOAL}`, measured: ratio, met: ratio >= SPEED_GOAL },
        gzipBytes: { goal: `<= ${SIZE_GOAL_BYTES}`, measured: size.gzipBytes, met: size.gzipBytes <= SIZE_GOAL_BYTES },
      },
    };
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/client.json'), `${JSON.stringify(results, null, 2)}\n`);

    console.table(Object.fromEntries(Object.entries(speed).map(([name, figures]) => [name, figures])));
    console.log(
      `client ÷ raw fetch (median of ${ROUNDS} interleaved rounds): ${ratio} (goal ≥ ${SPEED_GOAL}) ${ratio >= SPEED_GOAL ? 'met' : 'MISSED'}`,
    );
    console.log(
      `client bundle: ${size.minifiedBytes} B minified, ${size.gzipBytes} B gzip (goal ≤ ${SIZE_GOAL_BYTES} B) ${results.goals.gzipBytes.met ? 'met' : 'MISSED'}`,
    );
    console.log(`whole package entry (client + callback verifier): ${entrySize.minifiedBytes} B minified, ${entrySize.gzipBytes} B gzip`);
  } finally {
    server.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) serve();
else await main();
