// Bundle the mock CLI into dist/bin/checkout-mock.js, the package's `checkout-mock` bin, and its run, Prism's engine
// included, into dist/bin/checkout-mock-*.js chunks beside it: the entry holds only the command line and imports the
// run when one begins, so `checkout-mock --help` and a usage error answer without evaluating Prism (src/mock/cli.ts).
// Usage: node scripts/build-mock.js [--outfile <path>] [--quiet] [--if-stale]
// --if-stale skips the build when the content of src/, the lockfile and the build steps is what the bin was built from
// (the digest recorded beside it, scripts/content-digest.js; file times say nothing after a clone): `npm start`
// (`build-mock.js --if-stale --quiet && node dist/bin/checkout-mock.js`) then starts at once instead of spending two
// seconds bundling Prism again.
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { digestInputs, readRecordedDigest, recordDigest } from './content-digest.js';
import { projectRoot } from './generated-dir.js';

const OUTFILE = resolve(projectRoot, 'dist/bin/checkout-mock.js');
// Beside the entry, in dist/bin/ (the bundled code finds the package root from its own place, scripts/package-root.js);
// named by their content's hash, so that a rebuild never rewrites a chunk that a bin already running may still import.
const CHUNK_PREFIX = 'checkout-mock-';
const CHUNK_NAMES = `${CHUNK_PREFIX}[name]-[hash]`;
// What the bin is built from, and where the digest of that content is recorded (beside the bin, in dist/bin/).
const MOCK_INPUTS = [
  'src',
  'package-lock.json',
  'scripts/bundle-bin.js',
  'scripts/build-mock.js',
  'scripts/content-digest.js',
  'scripts/package-root.js',
];
const DIGEST_FILE = resolve(projectRoot, 'dist/bin/checkout-mock.inputs.sha256');

/** Builds the bin into dist/bin/ (unless `ifStale` and it is fresh), written aside and moved into place. */
export async function buildMock({ ifStale = false, quiet = false } = {}) {
  const inputsDigest = digestInputs(projectRoot, MOCK_INPUTS);
  if (ifStale && existsSync(OUTFILE) && readRecordedDigest(DIGEST_FILE) === inputsDigest) return;
  // Built in a folder of its own and moved: test workers that start the mock at the same time never read a
  // half-written file. The chunks move first and the entry last (one rename), so an entry always finds its chunks.
  const aside = join(dirname(OUTFILE), `.checkout-mock.${process.pid}.tmp`);
  rmSync(aside, { recursive: true, force: true });
  try {
    const written = await bundleMock(['--quiet', '--outfile', join(aside, basename(OUTFILE))]);
    const chunks = written.filter((file) => file !== basename(OUTFILE));
    for (const chunk of chunks) renameSync(join(aside, chunk), join(dirname(OUTFILE), chunk));
    renameSync(join(aside, basename(OUTFILE)), OUTFILE);
    removeChunksNotIn(chunks);
    recordDigest(DIGEST_FILE, inputsDigest);
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  if (!quiet) console.log(`build-mock: wrote ${OUTFILE}`);
}

/**
 * Chunks of earlier builds: the entry just written no longer imports them.
 * @param {string[]} kept names in dist/bin/
 */
function removeChunksNotIn(kept) {
  const dir = dirname(OUTFILE);
  for (const name of readdirSync(dir)) {
    if (name.startsWith(CHUNK_PREFIX) && name.endsWith('.js') && !kept.includes(name)) rmSync(join(dir, name), { force: true });
  }
}

/**
 * @param {string[]} argv flags of bundleBin (--outfile, --quiet)
 * @returns {Promise<string[]>} the files written, relative to the entry's folder
 */
async function bundleMock(argv) {
  // Imported here, not above: a fresh bin is started without loading esbuild at all.
  const { bundleBin } = await import('./bundle-bin.js');
  const metafile = await bundleBin({
    part: 'mock',
    binName: 'checkout-mock',
    argv,
    chunkNames: CHUNK_NAMES,
    esbuildOptions: {
      // Prism's dependencies include UMD builds (jsonc-parser) whose lazy require() of their own files esbuild cannot
      // follow; their ES module builds bundle cleanly.
      mainFields: ['module', 'main'],
      // Prism require()s json-schema-faker and src/mock imports it to set an option: without this alias the bundle
      // holds its CommonJS and its ES module build, two generators, and the option would reach the wrong one.
      alias: { 'json-schema-faker': join(projectRoot, 'node_modules/json-schema-faker/dist/main.cjs') },
      plugins: [trimPrism],
    },
  });
  const outfile = resolve(argv[argv.indexOf('--outfile') + 1] ?? OUTFILE);
  return Object.keys(metafile.outputs).map((file) => relative(dirname(outfile), resolve(projectRoot, file)));
}

/**
 * Two parts of Prism's dependencies the mock never runs, left out of the bundle: they were two thirds of it, and
 * evaluating them was most of the mock's start-up (bench/results/mock-startup.json).
 * - faker with every locale (4 MB): Prism's generator (`--dynamic`) uses faker's default instance, whose locale is
 *   English; faker's English-only entry is that same instance, without the 60 other locales.
 * - Postman collections (postman-collection, with a second faker): Prism reads one when handed one; the mock hands it
 *   the contract's OpenAPI bundle only, so the reader answers with an error instead.
 * @type {import('esbuild').Plugin}
 */
const trimPrism = {
  name: 'trim-prism',
  setup(build) {
    build.onResolve({ filter: /^@faker-js\/faker$/ }, (args) => ({
      path: '@faker-js/faker (English)',
      namespace: 'trim-prism',
      pluginData: { resolveDir: args.resolveDir },
    }));
    build.onLoad({ filter: /^@faker-js\/faker \(English\)$/, namespace: 'trim-prism' }, (args) => ({
      // The full entry's exports as Prism reads them (`require('@faker-js/faker').default`), from the English entry.
      contents: "const faker = require('@faker-js/faker/locale/en');\nmodule.exports = { faker, default: faker };\n",
      resolveDir: args.pluginData.resolveDir,
      loader: 'js',
    }));
    build.onResolve({ filter: /^@stoplight\/http-spec\/postman\/operation$/ }, () => ({
      path: 'postman reader',
      namespace: 'trim-prism',
    }));
    build.onLoad({ filter: /^postman reader$/, namespace: 'trim-prism' }, () => ({
      contents:
        "exports.transformPostmanCollectionOperations = () => {\n  throw new Error('checkout-mock serves OpenAPI documents; it reads no Postman collection.');\n};\n",
      loader: 'js',
    }));
  },
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  if (argv.includes('--outfile')) await bundleMock(argv);
  else await buildMock({ ifStale: argv.includes('--if-stale'), quiet: argv.includes('--quiet') });
}
