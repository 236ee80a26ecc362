// The first `npm start` after a fresh clone against the next one and against the Prism CLI (issue 30: a clone sets
// file times arbitrarily, and a start that judged the bundle by times rebuilt it, 11 s, though nothing had changed).
//
// The clone is of HEAD (`git clone`, so only what is committed), with the repository's node_modules linked in and its
// mock bin built as `npm ci` builds it (prepare). Each round first gives every file of the clone a random time (1990
// to 2100, as a clone or an unpack may), then times `npm start` from spawn to its first answer
// (bench/support/first-answer.js: the upperCaseCodes record, 201), then `npm start` again with the times as the first
// start left them (the next start), then the Prism CLI alone on the same bundle (log level fatal, its quietest).
// Rounds interleave, the order rotating; ratios are the medians of the per-round ratios.
//
// BENCH_FRESH_CLONE_ROUNDS (default 5). Figures land in bench/results/mock-fresh-clone.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, startPrismArgs, timeFirstAnswer } from './support/first-answer.js';
import { median, round3 } from './support/statistics.js';

const ROUNDS = Number(process.env.BENCH_FRESH_CLONE_ROUNDS ?? 5);
const FIRST = 'npm start, first after the clone (random file times)';
const NEXT = 'npm start, next';
const PRISM = 'Prism CLI (log fatal)';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Every file and folder under `dir` but node_modules, given a random time.
 * @param {string} dir
 */
function randomiseTimes(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.git') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) randomiseTimes(path);
    const seconds = 631_152_000 + Math.floor(Math.random() * 3_500_000_000);
    utimesSync(path, seconds, seconds);
  }
}

/** @returns {string} the clone's folder */
function cloneHead() {
  const clone = mkdtempSync(join(tmpdir(), 'checkout-fresh-clone-'));
  execFileSync('git', ['clone', '--quiet', '--no-local', root, clone], { stdio: 'inherit' });
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
  execFileSync(process.execPath, ['scripts/build-mock.js', '--quiet'], { cwd: clone, stdio: 'inherit' });
  return clone;
}

async function main() {
  const clone = cloneHead();
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim();
    /** @type {Record<string, number[]>} */
    const times = { [FIRST]: [], [NEXT]: [], [PRISM]: [] };
    const npmStart = () => ['start', '--silent'];
    for (let round = 0; round < ROUNDS; round += 1) {
      // The first and the next start go in that order (the next is the one after the first); Prism before or after.
      const prismFirst = round % 2 === 1;
      if (prismFirst) times[PRISM].push(await timeFirstAnswer(process.execPath, startPrismArgs('fatal')));
      randomiseTimes(clone);
      const outputs = ['generated/openapi.json', 'dist/bin/checkout-mock.js'].map((file) => join(clone, file));
      const timesBefore = outputs.map((file) => statSync(file).mtimeMs);
      times[FIRST].push(await timeFirstAnswer(npm, npmStart, { cwd: clone }));
      // A rebuild would have written them anew: the first start must have served what the clone holds.
      if (outputs.some((file, i) => statSync(file).mtimeMs !== timesBefore[i])) throw new Error('the first start rebuilt');
      times[NEXT].push(await timeFirstAnswer(npm, npmStart, { cwd: clone }));
      if (!prismFirst) times[PRISM].push(await timeFirstAnswer(process.execPath, startPrismArgs('fatal')));
      console.log(`round ${round + 1} of ${ROUNDS} done`);
    }
    /** @param {string} name */
    const ratioTo = (name, other = PRISM) => round3(median(times[name].map((ms, i) => ms / times[other][i])));
    const results = {
      measuredAt: new Date().toISOString(),
      commit: head,
      machine: { cpus: cpus().length, node: process.version },
      method: {
        rounds: ROUNDS,
        clone: 'git clone of HEAD, node_modules linked from the repository, dist/bin/checkout-mock.js built as prepare builds it',
        firstAnswer:
          'spawn of `npm start` (or of the Prism CLI: prism mock generated/openapi.yaml --verboseLevel fatal) → first POST /api/v1/checkouts/ (upperCaseCodes sample, Prefer: code=201, example=upperCaseCodes) answered 201 with the upperCaseCodes record',
        first: 'every file of the clone given a random time (1990–2100) just before',
        ratios: 'median over rounds of the per-round ratio',
      },
      firstAnswerMedianMs: Object.fromEntries(Object.entries(times).map(([name, values]) => [name, Math.round(median(values))])),
      firstToNext: ratioTo(FIRST, NEXT),
      firstToPrism: ratioTo(FIRST),
      nextToPrism: ratioTo(NEXT),
    };
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/mock-fresh-clone.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.table({ ...results.firstAnswerMedianMs, 'first ÷ next': results.firstToNext, 'first ÷ Prism': results.firstToPrism });
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

await main();
