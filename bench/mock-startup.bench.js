// The mock's start-up on every Node that .ci/run tests, side by side with the Prism CLI on the same Node: from spawning
// the process to its first answer (bench/support/first-answer.js), and from spawning `checkout-mock --help` to its
// exit. Goal (issue 22): the mock's first answer in at most 0.6 × Prism's.
//
// Rounds are interleaved: each round starts every contender once on every Node, the order rotating, and each ratio is
// the median of the per-round ratios mock ÷ Prism on that Node, so a busy moment of the shared machine weighs on both.
// The Nodes other than the machine's come from the npm registry's `node` package, installed as .ci/run installs them,
// into node_modules/.cache/bench-node/ (once). Prism runs at log level fatal, its quietest: the stricter comparison.
//
// BENCH_NODE_VERSIONS (default: .ci/run's NODE_VERSIONS) picks the Nodes, BENCH_STARTUP_ROUNDS (default 7) the
// rounds; BENCH_MOCK_BEFORE=<path to another build of dist/bin/checkout-mock.js> adds that build as a contender, to
// measure a change before and after in the same run. Figures land in bench/results/mock-startup.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { buildMock } from '../scripts/build-mock.js';
import { mockBin, root, startMockArgs, startPrismArgs, timeFirstAnswer } from './support/first-answer.js';
import { median, round3 } from './support/statistics.js';

const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 7);
const BEFORE = process.env.BENCH_MOCK_BEFORE;
const MOCK = 'mock';
const PRISM = 'Prism CLI (log fatal)';
const MOCK_BEFORE = 'mock before';

/** @returns {string[]} the Node versions to measure on */
function readNodeVersions() {
  if (process.env.BENCH_NODE_VERSIONS) return process.env.BENCH_NODE_VERSIONS.split(/[\s,]+/).filter(Boolean);
  const line = readFileSync(join(root, '.ci/run'), 'utf8').match(/^NODE_VERSIONS=\(([^)]*)\)/m);
  if (!line) throw new Error('.ci/run has no NODE_VERSIONS line; set BENCH_NODE_VERSIONS');
  return line[1].split(/\s+/).filter(Boolean);
}

/**
 * The machine's node for its own major version, otherwise that release from the npm registry (as .ci/run gets it).
 * @param {string} version
 * @returns {string} the binary's path
 */
function findNode(version) {
  const major = version.split('.')[0];
  if (process.versions.node.split('.')[0] === major) return process.execPath;
  const dir = join(root, 'node_modules/.cache/bench-node', `node-${major}`);
  const bin = join(dir, 'node_modules/.bin/node');
  const installed = existsSync(bin) && execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim() === `v${version}`;
  if (!installed) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      `${JSON.stringify({ private: true, dependencies: { node: version }, allowScripts: { [`node@${version}`]: true } })}\n`,
    );
    console.log(`installing Node ${version} from the npm registry into ${dir}…`);
    execFileSync('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', dir], { stdio: 'inherit' });
  }
  return bin;
}

/**
 * Spawn → exit of `--help`, in milliseconds.
 * @param {string} node
 * @param {string} bin
 */
function timeHelp(node, bin) {
  const began = performance.now();
  const result = spawnSync(node, [bin, '--help'], { cwd: root, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${bin} --help exited with ${result.status ?? result.signal}`);
  return performance.now() - began;
}

async function main() {
  await buildMock({ ifStale: true, quiet: true });
  const nodes = readNodeVersions().map((version) => ({ version, node: findNode(version) }));
  /** @type {Record<string, import('./support/first-answer.js').Starter>} */
  const starters = {
    [MOCK]: startMockArgs(),
    [PRISM]: startPrismArgs('fatal'),
    ...(BEFORE ? { [MOCK_BEFORE]: startMockArgs(BEFORE) } : {}),
  };
  const names = Object.keys(starters);
  const helpBins = { [MOCK]: mockBin, ...(BEFORE ? { [MOCK_BEFORE]: BEFORE } : {}) };
  /** @type {Record<string, { firstAnswer: Record<string, number[]>, help: Record<string, number[]> }>} */
  const times = Object.fromEntries(
    nodes.map(({ version }) => [
      version,
      {
        firstAnswer: Object.fromEntries(names.map((name) => [name, []])),
        help: Object.fromEntries(Object.keys(helpBins).map((name) => [name, []])),
      },
    ]),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { version, node } of rotate(nodes, round)) {
      for (const name of rotate(names, round)) {
        times[version].firstAnswer[name].push(await timeFirstAnswer(node, starters[name]));
      }
      for (const [name, bin] of rotate(Object.entries(helpBins), round)) times[version].help[name].push(timeHelp(node, bin));
    }
    console.log(`round ${round + 1} of ${ROUNDS} done`);
  }
  /**
   * @param {string} version
   * @param {string} name
   */
  const ratioToPrism = (version, name) => {
    const { firstAnswer } = times[version];
    return round3(median(firstAnswer[name].map((ms, i) => ms / firstAnswer[PRISM][i])));
  };
  /** @param {Record<string, number[]>} samples */
  const medians = (samples) => Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, Math.round(median(values))]));
  const byNode = Object.fromEntries(
    nodes.map(({ version }) => [
      `v${version}`,
      {
        firstAnswerMedianMs: medians(times[version].firstAnswer),
        helpMedianMs: medians(times[version].help),
        firstAnswerMockToPrism: ratioToPrism(version, MOCK),
        ...(BEFORE ? { firstAnswerMockBeforeToPrism: ratioToPrism(version, MOCK_BEFORE) } : {}),
      },
    ]),
  );
  const results = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, benchRunsOn: process.version },
    method: {
      rounds: ROUNDS,
      firstAnswer:
        'spawn → first POST /api/v1/checkouts/ (upperCaseCodes sample, Prefer: code=201, example=upperCaseCodes) answered 201 with the upperCaseCodes record; the mock with --no-build, the Prism CLI (prism mock generated/openapi.yaml) at --verboseLevel fatal',
      help: 'spawn → exit of checkout-mock --help',
      ratios: 'median over interleaved rounds of the per-round ratio mock ÷ Prism CLI on the same Node; goal ≤ 0.6',
      ...(BEFORE ? { mockBefore: process.env.BENCH_MOCK_BEFORE_LABEL ?? 'another build of the bin (BENCH_MOCK_BEFORE)' } : {}),
    },
    nodes: byNode,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/mock-startup.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.table(
    Object.fromEntries(
      Object.entries(byNode).map(([version, figures]) => [
        version,
        { ...figures.firstAnswerMedianMs, 'mock ÷ Prism': figures.firstAnswerMockToPrism, 'help ms': figures.helpMedianMs[MOCK] },
      ]),
    ),
  );
}

/**
 * The items, starting at `round` (mod their count): each round begins with another one.
 * @template T
 * @param {T[]} items
 * @param {number} round
 * @returns {T[]}
 */
function rotate(items, round) {
  return items.map((_, index) => items[(index + round) % items.length]);
}

await main();
