// `npm run release:baseline`: on a release, keep a copy of the bundle as openapi/released/openapi-<version>.json, the
// baseline `npm run check:breaking` compares later bundles with. A committed copy works on a fresh clone and in CI,
// with no git history or network. Released copies never change, so an existing one is kept unless --replace is given
// (only for a version that was never published). Usage: node scripts/release-baseline.js [--from <file>] [--replace]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { projectRoot, resolveGeneratedDir } from './generated-dir.js';

const releasedNotice = (/** @type {string} */ version) =>
  `A copy of the released contract ${version} (generated/openapi.json at release), kept as the baseline of ` +
  '`npm run check:breaking`. Do not make direct changes: `npm run release:baseline` writes it when a version is released.';

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`release-baseline: ${message}`);
  process.exit(1);
}

const argv = process.argv.slice(2);
const fromFlag = argv.indexOf('--from');
if (fromFlag !== -1 && !argv[fromFlag + 1]) fail('--from needs a file, such as --from generated/openapi.json');
const from = fromFlag === -1 ? join(resolveGeneratedDir(), 'openapi.json') : resolve(argv[fromFlag + 1]);

const { 'x-generated': _notice, ...document } = JSON.parse(readFileSync(from, 'utf8'));
const packageVersion = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).version;
const version = document.info?.version;
// The versioning rule of docs/contributing.md: the package version is the contract's info.version.
if (version !== packageVersion) fail(`info.version ${version} differs from package.json version ${packageVersion}; bump both first`);

const releasedDir = join(projectRoot, 'openapi/released');
const target = join(releasedDir, `openapi-${version}.json`);
if (existsSync(target) && !argv.includes('--replace')) {
  fail(`${relative(projectRoot, target)} exists; released copies never change (--replace only for an unpublished version)`);
}
mkdirSync(releasedDir, { recursive: true });
writeFileSync(target, `${JSON.stringify({ 'x-generated': releasedNotice(version), ...document }, null, 2)}\n`);
console.log(`release-baseline: wrote ${relative(projectRoot, target)} from ${relative(projectRoot, from)}`);
