// What to expect from the mock: its requests/s and p50/p99 latency next to a bare node:http server answering the
// same record and next to Prism alone, and how long it takes to its first answer.
//
// Load: every contender runs in its own process and answers POST /api/v1/checkouts/ with the contract's
// `upperCaseCodes` record; autocannon sends all of them the same request (the `upperCaseCodes` sample with
// `Prefer: example=upperCaseCodes`, CONNECTIONS connections). Contenders: a bare node:http server (the floor),
// the mock as `npm start` runs it (the checkout-mock bin, Prism's engine in its process, at the mock's default log
// level), and the Prism CLI alone at its own default log level (info) and at the quietest level that still reports
// fatal errors (fatal), to show what logging costs.
// Rounds are interleaved (the order rotates each round); each figure is the median over rounds, and each ratio the
// median of the per-round ratios to the bare server.
//
// Start-up: time from spawning the process to its first answer (the request above answered 201 with the record,
// bench/support/first-answer.js), median of STARTUP_ROUNDS interleaved starts, and the median of the per-round
// ratios mock ÷ Prism; the mock's bundle check is skipped (--no-build) and its bin is built before. On every tested
// Node, side by side: bench/mock-startup.bench.js.
//
// Run alone with `node bench/mock.bench.js`; figures land in bench/results/mock.json.
import { fork, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { buildMock } from '../scripts/build-mock.js';
import { autocannon } from './support/autocannon.js';
import {
  HEADERS,
  mockBin,
  PATH,
  prismCli,
  record,
  requestBody,
  root,
  startMockArgs,
  startPrismArgs,
  timeFirstAnswer,
} from './support/first-answer.js';
import { freePort as findFreePort } from './support/free-port.js';
import { median, round3 } from './support/statistics.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const WARMUP_SECONDS = 2;
const STARTUP_ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 5);
const CONNECTIONS = 8;

const bundleYaml = join(root, 'generated/openapi.yaml');
const recordText = JSON.stringify(record);
const MOCK_LOG_LEVEL = 'fatal'; // the mock's default (DEFAULT_LOG_LEVEL.mock in src/mock/mock-config.ts)
const STARTUP_TIMEOUT_MS = 60_000;

function serve() {
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(recordText) });
      res.end(recordText);
    });
  });
  // Forked by startBare, so process.send is there.
  server.listen(0, '127.0.0.1', () =>
    /** @type {NonNullable<typeof process.send>} */ (process.send)({
      port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
    }),
  );
  process.on('disconnect', () => process.exit(0));
}

/** @typedef {{ baseUrl: string, stop: () => Promise<void> }} Contender A server that runs, and how to stop it. */

/** @returns {Promise<Contender>} */
async function startBare() {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: 'ignore', serialization: 'json' });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill();
    },
  };
}

function startMock() {
  return startListening('the mock', [mockBin, '--no-build'], {});
}

/** @param {string} level Prism's --verboseLevel */
function startPrismAlone(level) {
  return startListening(`Prism (${level})`, [prismCli, 'mock', bundleYaml, '--verboseLevel', level], {}, true);
}

/**
 * Spawns a server and resolves once its port accepts a connection: the same finish line for the mock and Prism.
 * @param {string} name
 * @param {string[]} args node's arguments
 * @param {Record<string, string>} env added to this process's environment
 * @param {boolean} [portFlags] also pass --host and --port as flags, as the Prism CLI takes them
 * @returns {Promise<Contender>}
 */
async function startListening(name, args, env, portFlags = false) {
  const port = await findFreePort();
  const flags = portFlags ? ['--host', '127.0.0.1', '--port', String(port)] : [];
  const child = spawn(process.execPath, [...args, ...flags], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exitCode;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal;
      resolve(exitCode);
    }),
  );
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (!(await canConnect(port))) {
    if (exitCode !== undefined) throw new Error(`${name} exited with ${exitCode} before it listened`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not listen within ${STARTUP_TIMEOUT_MS / 1000} s`);
    }
    await sleep(10);
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function canConnect(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const BARE = 'bare node:http';
const MOCK = `mock (checkout-mock, Prism in-process, log ${MOCK_LOG_LEVEL})`;
const PRISM_INFO = 'Prism alone, log info';
const PRISM_FATAL = 'Prism alone, log fatal';
/** @type {Record<string, () => Promise<Contender>>} */
const contenders = {
  [BARE]: startBare,
  [MOCK]: startMock,
  [PRISM_INFO]: () => startPrismAlone('info'),
  [PRISM_FATAL]: () => startPrismAlone('fatal'),
};

/**
 * @param {string} name
 * @param {string} baseUrl
 */
async function expectSameRecord(name, baseUrl) {
  const response = await fetch(`${baseUrl}${PATH}`, { method: 'POST', headers: HEADERS, body: requestBody });
  const body = await response.json();
  if (response.status !== 201 || !isDeepStrictEqual(body, record)) {
    throw new Error(`${name} answered ${response.status} with another body; the comparison would be unfair.`);
  }
}

/**
 * One round's figures; `problems` counts errors and non-201 answers by kind.
 * @typedef {{ rps: number, p50: number, p99: number, sent: number, problems: Map<string, number> }} LoadFigures
 */

/**
 * @param {string} baseUrl
 * @param {number} seconds
 * @returns {Promise<LoadFigures>}
 */
async function load(baseUrl, seconds) {
  /** @type {Map<string, number>} */
  const problems = new Map();
  /** @type {import('./support/autocannon.js').LoadResult} */
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${baseUrl}${PATH}`, method: 'POST', headers: HEADERS, body: requestBody, connections: CONNECTIONS, duration: seconds },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('reqError', (error) => problems.set(error.code ?? error.message, (problems.get(error.code ?? error.message) ?? 0) + 1));
    instance.on('response', (_client, status) => {
      if (status !== 201) problems.set(`status ${status}`, (problems.get(`status ${status}`) ?? 0) + 1);
    });
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, sent: result.requests.total, problems };
}

/**
 * Errors and non-201 answers under load are reported next to the figures rather than hidden in them.
 * @param {LoadFigures[]} rounds
 */
function describeFailures(rounds) {
  const counts = new Map();
  for (const round of rounds) for (const [what, count] of round.problems) counts.set(what, (counts.get(what) ?? 0) + count);
  const total = rounds.reduce((sum, round) => sum + round.sent, 0);
  return counts.size === 0 ? 'none' : `${[...counts].map(([what, count]) => `${count}× ${what}`).join(', ')} of ${total}`;
}

async function measureLoad() {
  const names = Object.keys(contenders);
  /** @type {Record<string, Contender>} */
  const running = {};
  try {
    for (const name of names) {
      running[name] = await contenders[name]();
      await expectSameRecord(name, running[name].baseUrl);
      await load(running[name].baseUrl, WARMUP_SECONDS);
    }
    const rounds = /** @type {Record<string, LoadFigures[]>} */ (Object.fromEntries(names.map((name) => [name, []])));
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = names.map((_, index) => names[(index + round) % names.length]);
      for (const name of order) rounds[name].push(await load(running[name].baseUrl, ROUND_SECONDS));
    }
    const ratio = (/** @type {string} */ name, /** @type {string} */ reference) =>
      Number(median(rounds[name].map((r, i) => r.rps / rounds[reference][i].rps)).toFixed(3));
    const figures = Object.fromEntries(
      names.map((name) => [
        name,
        {
          requestsPerSecond: Math.round(median(rounds[name].map((r) => r.rps))),
          p50Ms: median(rounds[name].map((r) => r.p50)),
          p99Ms: median(rounds[name].map((r) => r.p99)),
          rpsRatioToBare: ratio(name, BARE),
          failed: describeFailures(rounds[name]),
        },
      ]),
    );
    const ratios = {
      mockToBare: ratio(MOCK, BARE),
      mockToPrismFatal: ratio(MOCK, PRISM_FATAL),
      mockToPrismInfo: ratio(MOCK, PRISM_INFO),
      prismInfoToPrismFatal: ratio(PRISM_INFO, PRISM_FATAL),
    };
    return { figures, ratios };
  } finally {
    for (const name of names) await running[name]?.stop();
  }
}

/** Spawn → first answer, the mock and Prism alone (log fatal) in turn, the order swapped every round. */
async function measureStartup() {
  const starters = { 'mock (checkout-mock)': startMockArgs(), 'Prism alone': startPrismArgs('fatal') };
  const names = Object.keys(starters);
  const times = /** @type {Record<string, number[]>} */ (Object.fromEntries(names.map((name) => [name, []])));
  for (let round = 0; round < STARTUP_ROUNDS; round += 1) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      times[name].push(await timeFirstAnswer(process.execPath, starters[/** @type {keyof typeof starters} */ (name)]));
    }
  }
  const ratio = round3(median(times['mock (checkout-mock)'].map((ms, i) => ms / times['Prism alone'][i])));
  return {
    ratio,
    figures: Object.fromEntries(Object.entries(times).map(([name, values]) => [name, { firstAnswerMedianMs: Math.round(median(values)) }])),
  };
}

async function main() {
  await buildMock({ ifStale: true, quiet: true });
  const { ratio: startupRatio, figures: startup } = await measureStartup();
  const { figures, ratios } = await measureLoad();
  const results = {
    measuredAt: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length },
    method: {
      tool: 'autocannon 9',
      rounds: ROUNDS,
      roundSeconds: ROUND_SECONDS,
      connections: CONNECTIONS,
      startupRounds: STARTUP_ROUNDS,
      startup:
        'spawn → first POST answered 201 with the record; medians of interleaved rounds; ratio: median of per-round mock ÷ Prism alone (log fatal)',
      request:
        'POST /api/v1/checkouts/ with the upperCaseCodes sample and Prefer: example=upperCaseCodes; every contender answers the upperCaseCodes record',
    },
    load: figures,
    ratios: {
      ...ratios,
      firstAnswerMockToPrism: startupRatio,
    },
    startup,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/mock.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.table(figures);
  console.table(startup);
  console.log(`start-up, spawn to first answer: mock ÷ Prism alone ${startupRatio} (median of ${STARTUP_ROUNDS} rounds)`);
  console.log(`requests/s ratios, medians of ${ROUNDS} interleaved rounds:`);
  console.log(
    `  mock ÷ bare node:http ${ratios.mockToBare} · mock ÷ Prism alone (fatal) ${ratios.mockToPrismFatal} · mock ÷ Prism alone (info) ${ratios.mockToPrismInfo}`,
  );
  console.log(`  Prism info ÷ Prism fatal ${ratios.prismInfoToPrismFatal} (what Prism's default per-request logging costs)`);
}

if (process.argv.includes('--serve')) serve();
else await main();
