// Bundle the mock CLI, Prism's engine included, into dist/bin/checkout-mock.js, the package's `checkout-mock` bin.
// Usage: node scripts/build-mock.js [--outfile <path>] [--quiet] [--if-stale]
// --if-stale skips the build when the bin is newer than every file under src/, the lockfile and the build steps:
// `npm start` (`build-mock.js --if-stale --quiet && node dist/bin/checkout-mock.js`) then starts at once instead of
// spending two seconds bundling Prism again.
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRoot } from './generated-dir.js';

const OUTFILE = resolve(projectRoot, 'dist/bin/checkout-mock.js');

/** Builds the bin into dist/bin/ (unless `ifStale` and it is fresh), written aside and renamed. */
export async function buildMock({ ifStale = false, quiet = false } = {}) {
  if (ifStale && isFresh(OUTFILE)) return;
  // Renamed into place: test workers that start the mock at the same time never read a half-written bin.
  const aside = `${OUTFILE}.${process.pid}.tmp`;
  await bundleMock(['--quiet', '--outfile', aside]);
  renameSync(aside, OUTFILE);
  if (!quiet) console.log(`build-mock: wrote ${OUTFILE}`);
}

/** @param {string[]} argv flags of bundleBin (--outfile, --quiet) */
async function bundleMock(argv) {
  // Imported here, not above: a fresh bin is started without loading esbuild at all.
  const { bundleBin } = await import('./bundle-bin.js');
  await bundleBin({
    part: 'mock',
    binName: 'checkout-mock',
    argv,
    esbuildOptions: {
      // Prism's dependencies include UMD builds (jsonc-parser) whose lazy require() of their own files esbuild cannot
      // follow; their ES module builds bundle cleanly.
      mainFields: ['module', 'main'],
      // Prism require()s json-schema-faker and src/mock imports it to set an option: without this alias the bundle
      // holds its CommonJS and its ES module build, two generators, and the option would reach the wrong one.
      alias: { 'json-schema-faker': join(projectRoot, 'node_modules/json-schema-faker/dist/main.cjs') },
    },
  });
}

/** @param {string} file */
function isFresh(file) {
  if (!existsSync(file)) return false;
  const built = statSync(file).mtimeMs;
  const inputs = ['package-lock.json', 'scripts/bundle-bin.js', 'scripts/build-mock.js'].map((path) => join(projectRoot, path));
  return findNewestMtime(join(projectRoot, 'src')) < built && inputs.every((input) => statSync(input).mtimeMs < built);
}

/**
 * @param {string} dir
 * @returns {number}
 */
function findNewestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? findNewestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  if (argv.includes('--outfile')) await bundleMock(argv);
  else await buildMock({ ifStale: argv.includes('--if-stale'), quiet: argv.includes('--quiet') });
}
