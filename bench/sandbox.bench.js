// The sandbox's create call under load, side by side with a bare node:http server that answers a fixed record and
// with the Prism mock, all driven by autocannon with the same request (the contract's usdtOnTron example),
// connections and round length. Rounds are interleaved (the order rotates each round); the ratios reported are
// medians over rounds of one server's req/s ÷ another's measured in the same round. Goals: ≥ 0.5 of bare node and
// ≥ 10× Prism. Then memory: the sandbox's resident set after 100k and after 200k creates, which stays flat because
// the store is bounded (CHECKOUT_MAX_SESSIONS, 10 000 by default).
//
// A fourth server, the validation floor (bench/support/validation-floor.ts), is built from the sandbox's own modules
// and does everything the sandbox does before it builds a record (key, media type, size limit, body, JSON, the
// contract's schema and rules), then answers the fixed record. floor ÷ bare is the most the sandbox can reach on this
// machine while it validates with those modules; sandbox ÷ floor is what building the record costs on top.
//
// Each server runs in its own process; the sandbox is the bundled bin (dist/bin/checkout-sandbox.js, rebuilt here),
// the floor is bundled into dist/bench/.
// Run alone with `node bench/sandbox.bench.js`; figures land in bench/results/sandbox.json. BENCH_ROUNDS,
// BENCH_ROUND_SECONDS and BENCH_CREATES shorten or lengthen it.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { findPackageRoot } from '../scripts/package-root.js';
import { autocannon } from './support/autocannon.js';
import { bundleForBench } from './support/bundle-for-bench.js';
import { freePort } from './support/free-port.js';
import { median, round3 } from './support/statistics.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const CREATES = Number(process.env.BENCH_CREATES ?? 100_000);
const CONNECTIONS = 10;
const GOAL_VS_BARE = 0.5;
const GOAL_VS_PRISM = 10;
const GOAL_MEMORY_GROWTH = 1.25;
const BENCH_KEY = 'bench-key-not-a-secret';

const root = findPackageRoot();
const prismCli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
const contract = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
const requestBody = JSON.stringify(contract.components.examples.CreateCheckoutUsdtOnTron.value);
const fixedRecord = JSON.stringify(contract.components.examples.CheckoutUsdtOnTron.value);
const PATH = '/api/v1/checkouts/';
const HEADERS = { authorization: `Api-Key ${BENCH_KEY}`, 'content-type': 'application/json' };

const BARE_SERVER = `
import { createServer } from 'node:http';
const record = process.env.BENCH_RECORD;
const server = createServer((req, res) => {
  req.resume().on('end', () => {
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(record) });
    res.end(record);
  });
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`;

/** @typedef {{ name: string, baseUrl: string, pid: number, stop: () => Promise<void> }} Server A contender, running. */

/**
 * @param {string} name
 * @param {(port: number) => string[]} argsFor node's arguments for the port it is to listen on
 * @param {Record<string, string>} env added to this process's environment
 * @returns {Promise<Server>}
 */
async function startServer(name, argsFor, env) {
  const port = await freePort();
  const child = spawn(process.execPath, argsFor(port), {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${name} did not answer within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    name,
    baseUrl,
    pid: /** @type {number} */ (child.pid),
    stop: async () => {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
      } catch {
        /* gone */
      }
      await exited;
    },
  };
}

/** @param {Server} server */
async function expectCreated(server) {
  const response = await fetch(`${server.baseUrl}${PATH}`, { method: 'POST', headers: HEADERS, body: requestBody });
  const body = await response.json();
  if (response.status !== 201 || body.status !== 'open' || body.amountTotal !== '25.00') {
    throw new Error(`${server.name} answered ${response.status} ${JSON.stringify(body).slice(0, 200)}; the comparison would be unfair.`);
  }
}

/** @typedef {{ rps: number, p50: number, p99: number, total: number }} LoadFigures One load's figures. */

/**
 * @param {Server} server
 * @param {{ duration: number } | { amount: number }} options how long (s) or how many requests
 * @returns {Promise<LoadFigures>}
 */
async function load(server, options) {
  const result = await autocannon({
    url: `${server.baseUrl}${PATH}`,
    method: 'POST',
    headers: HEADERS,
    body: requestBody,
    connections: CONNECTIONS,
    ...options,
  });
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) {
    throw new Error(`${server.name}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers under load.`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

/** @param {number} pid */
function residentMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return Math.round((kilobytes / 1024) * 10) / 10;
}

function buildValidationFloor() {
  return bundleForBench({ source: join(root, 'bench/support/validation-floor.ts'), outfile: join(root, 'dist/bench/validation-floor.js') });
}

async function main() {
  execFileSync(process.execPath, [join(root, 'scripts/build-sandbox.js')], { stdio: 'ignore' });
  const floorScript = await buildValidationFloor();
  /** @type {Record<string, Server>} */
  const servers = {};
  try {
    servers.sandbox = await startServer('sandbox', () => [join(root, 'dist/bin/checkout-sandbox.js')], { CHECKOUT_API_KEYS: BENCH_KEY });
    servers.floor = await startServer('validation floor', () => [floorScript], {
      BENCH_RECORD: fixedRecord,
      BENCH_KEY,
      BENCH_CONTRACT: join(root, 'generated/openapi.json'),
    });
    servers.bare = await startServer('bare node:http', () => ['--input-type=module', '-e', BARE_SERVER], { BENCH_RECORD: fixedRecord });
    servers.prism = await startServer(
      'Prism mock',
      (port) => [
        prismCli,
        'mock',
        join(root, 'generated/openapi.yaml'),
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
        '--verboseLevel',
        'silent',
      ],
      {},
    );
  } catch (error) {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
    throw error;
  }
  try {
    for (const server of Object.values(servers)) await expectCreated(server);
    for (const server of Object.values(servers)) await load(server, { duration: 1 });

    const names = Object.keys(servers);
    /** @type {Record<string, LoadFigures>[]} */
    const perRound = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = names.map((_, index) => names[(index + round) % names.length]);
      /** @type {Record<string, LoadFigures>} */
      const figures = {};
      for (const name of order) figures[name] = await load(servers[name], { duration: ROUND_SECONDS });
      perRound.push(figures);
      console.log(`round ${round + 1}/${ROUNDS}: ${names.map((name) => `${name} ${Math.round(figures[name].rps)} req/s`).join(', ')}`);
    }

    const rssBefore = residentMegabytes(servers.sandbox.pid);
    await load(servers.sandbox, { amount: CREATES });
    const rssAfterFirst = residentMegabytes(servers.sandbox.pid);
    await load(servers.sandbox, { amount: CREATES });
    const rssAfterSecond = residentMegabytes(servers.sandbox.pid);

    const summary = Object.fromEntries(
      names.map((name) => [
        name,
        {
          medianRequestsPerSecond: Math.round(median(perRound.map((figures) => figures[name].rps))),
          medianP50Ms: median(perRound.map((figures) => figures[name].p50)),
          medianP99Ms: median(perRound.map((figures) => figures[name].p99)),
        },
      ]),
    );
    const ratio = (/** @type {string} */ top, /** @type {string} */ bottom) =>
      round3(median(perRound.map((figures) => figures[top].rps / figures[bottom].rps)));
    const vsBare = ratio('sandbox', 'bare');
    const vsPrism = ratio('sandbox', 'prism');
    const floorVsBare = ratio('floor', 'bare');
    const sandboxVsFloor = ratio('sandbox', 'floor');
    const growth = round3(rssAfterSecond / rssAfterFirst);

    const results = {
      measuredAt: new Date().toISOString(),
      machine: { node: process.version, cpus: cpus().length },
      method: {
        tool: 'autocannon (in the bench process); each server in its own process on loopback',
        request: 'POST /api/v1/checkouts/ with the contract usdtOnTron example',
        rounds: ROUNDS,
        roundSeconds: ROUND_SECONDS,
        connections: CONNECTIONS,
        contenders: {
          sandbox: 'dist/bin/checkout-sandbox.js (validates, computes, stores, answers a fresh record)',
          floor:
            "bench/support/validation-floor.ts: the sandbox's checks (key, media type, size, JSON, schema, rules), then the fixed record",
          bare: 'node:http reading the body and answering a fixed record',
          prism: 'prism mock generated/openapi.yaml --verboseLevel silent',
        },
      },
      speed: {
        ...Object.fromEntries(Object.entries(summary).map(([name, figures]) => [servers[name].name, figures])),
        perRound: perRound.map((figures) => Object.fromEntries(names.map((name) => [name, Math.round(figures[name].rps)]))),
      },
      memory: {
        maxSessions: 10_000,
        residentMbAfterSpeedRounds: rssBefore,
        [`residentMbAfter${CREATES}Creates`]: rssAfterFirst,
        [`residentMbAfter${2 * CREATES}Creates`]: rssAfterSecond,
      },
      floor: {
        floorToBare: floorVsBare,
        sandboxToFloor: sandboxVsFloor,
        note: 'floorToBare bounds sandboxToBare: the sandbox does all the floor does and then builds, serializes and stores a record',
      },
      goals: {
        sandboxToBare: { goal: `>= ${GOAL_VS_BARE}`, measured: vsBare, met: vsBare >= GOAL_VS_BARE },
        sandboxToPrism: { goal: `>= ${GOAL_VS_PRISM}`, measured: vsPrism, met: vsPrism >= GOAL_VS_PRISM },
        memoryGrowthSecondToFirst: { goal: `<= ${GOAL_MEMORY_GROWTH}`, measured: growth, met: growth <= GOAL_MEMORY_GROWTH },
      },
    };
    writeFileSync(join(root, 'bench/results/sandbox.json'), `${JSON.stringify(results, null, 2)}\n`);

    console.log('');
    console.log('| Server | req/s (median) | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|');
    for (const name of names) {
      const figures = summary[name];
      console.log(`| ${servers[name].name} | ${figures.medianRequestsPerSecond} | ${figures.medianP50Ms} | ${figures.medianP99Ms} |`);
    }
    console.log('');
    console.log(`sandbox ÷ bare node:http: ${vsBare} (goal ≥ ${GOAL_VS_BARE}) ${vsBare >= GOAL_VS_BARE ? 'met' : 'MISSED'}`);
    console.log(`validation floor ÷ bare:  ${floorVsBare} (the sandbox's checks alone; sandbox ÷ floor ${sandboxVsFloor})`);
    console.log(`sandbox ÷ Prism mock:     ${vsPrism} (goal ≥ ${GOAL_VS_PRISM}) ${vsPrism >= GOAL_VS_PRISM ? 'met' : 'MISSED'}`);
    console.log(
      `sandbox RSS: ${rssBefore} MB after the speed rounds, ${rssAfterFirst} MB after ${CREATES} creates, ${rssAfterSecond} MB after ${2 * CREATES} (growth ${growth}, goal ≤ ${GOAL_MEMORY_GROWTH}) ${growth <= GOAL_MEMORY_GROWTH ? 'met' : 'MISSED'}`,
    );
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
}

await main();
