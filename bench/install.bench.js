// What a newcomer's first command costs, and what `npm install checkout-api-contract` downloads
// (`node bench/install.bench.js`, or `npm run bench -- install`).
// 1. `npm ci` in a fresh copy of the committed tree (`git archive HEAD`, as a clone has it: no node_modules, no dist),
//    timed from spawn to exit, `prepare` build included; npm's cache is whatever this machine has (warm after the
//    first install), so the figure is install and build, not download.
// 2. `npm pack --dry-run --json` in that copy once `prepare` has built dist/: the tarball's size, its unpacked size
//    and its file count, as npm reports them.
// Figures land in bench/results/install.json; the guides' figures are read from it (test/docs/stated-figures.test.ts)
// and test/package/consumer.test.ts holds the pack figures to the tarball it packs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPackageRoot } from '../scripts/package-root.js';

const root = findPackageRoot();
const work = mkdtempSync(join(tmpdir(), 'install-bench-'));

/** npm's environment without the settings of an outer `npm run bench`. */
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_'))),
  REDOCLY_TELEMETRY: 'off',
  NO_UPDATE_NOTIFIER: '1',
  SCARF_ANALYTICS: 'false',
};

try {
  const copy = join(work, 'checkout-api-contract');
  mkdirSync(copy);
  execFileSync('sh', ['-c', `git -C '${root}' archive HEAD | tar -x -C '${copy}'`]);

  const started = performance.now();
  const ci = spawnSync('npm', ['ci'], { cwd: copy, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ciMs = Math.round(performance.now() - started);
  if (ci.status !== 0) throw new Error(`npm ci exited ${ci.status}:\n${ci.stdout}\n${ci.stderr}`);
  const added = /added (\d+) packages/.exec(`${ci.stdout}${ci.stderr}`);
  if (!added) throw new Error(`npm ci did not say how many packages it added:\n${ci.stdout}`);

  const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: copy, env, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack exited ${pack.status}:\n${pack.stderr}`);
  const [packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')));

  const npmVersion = execFileSync('npm', ['--version'], { env, encoding: 'utf8' }).trim();
  const results = {
    measuredAt: new Date().toISOString(),
    machine: { node: process.version, npm: npmVersion, cpus: cpus().length },
    method: {
      npmCi: 'npm ci in a fresh git archive of HEAD, spawn to exit, prepare build included, npm cache as the machine has it',
      pack: 'npm pack --dry-run --json --ignore-scripts in that copy, after npm ci built dist/',
    },
    npmCi: { ms: ciMs, packages: Number(added[1]) },
    pack: { sizeBytes: packed.size, unpackedBytes: packed.unpackedSize, files: packed.entryCount },
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/install.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`npm ci: ${(ciMs / 1000).toFixed(1)} s, ${results.npmCi.packages} packages`);
  console.log(`npm pack: ${packed.size} B packed, ${packed.unpackedSize} B unpacked, ${packed.entryCount} files`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
