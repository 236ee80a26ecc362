// The consumer-facing tools at their current majors (msw 3, vitest 5, TypeScript 6 and 7, orval 8, hey-api), pinned by
// test/package/current-tools/package-lock.json. They live apart from the project's own toolchain, which stays on the
// versions that run on every tested Node line: side by side in one tree, npm refuses vitest 5 next to vitest 4
// (ERESOLVE on their optional browser peers), and two majors of a tool would fight over one node_modules/.bin name.
// `npm ci` installs them once per lockfile into node_modules/.cache (from npm's cache after the first time); the
// throwaway consumers then borrow them the way they borrow the pinned ones.
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { npmEnv, projectRoot, run } from './packed-package.js';

const toolsProject = join(projectRoot, 'test/package/current-tools');

/** The folder holding node_modules of the current tools, installed on first use. */
export async function installCurrentTools(): Promise<string> {
  const manifest = readFileSync(join(toolsProject, 'package.json'));
  const lock = readFileSync(join(toolsProject, 'package-lock.json'));
  const version = createHash('sha256').update(manifest).update(lock).digest('hex').slice(0, 16);
  const target = join(projectRoot, 'node_modules/.cache/checkout-current-tools', version);
  if (existsSync(join(target, 'node_modules/.package-lock.json'))) return target;
  // Test files run in parallel: each installs into a folder of its own and renames it into place; a loser of that
  // race drops its copy and takes the winner's.
  const staging = `${target}.${randomUUID()}`;
  mkdirSync(staging, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(toolsProject, file), join(staging, file));
  // Engine warnings are expected on the Node lines a tool does not support; those tools are not run there.
  const args = ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
  await run('npm', args, { cwd: staging, env: npmEnv() });
  try {
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(target, 'node_modules/.package-lock.json'))) throw error;
  }
  return target;
}

const lockedPackages: Record<string, { version: string; engines?: { node?: string } }> = JSON.parse(
  readFileSync(join(toolsProject, 'package-lock.json'), 'utf8'),
).packages;

/** The version the lockfile pins for `name` (an npm alias such as `typescript7` included). */
export function lockedVersion(name: string): string {
  return lockedPackages[`node_modules/${name}`].version;
}

/**
 * The Node versions `name` supports, by its own `engines.node` as the lockfile records it (known before anything is
 * installed, so a test can be skipped by it): msw 3 and vitest 5 need 22.12, orval 8 and hey-api 0.99 need 22.18.
 */
export function lockedNodeRange(name: string): string {
  return lockedPackages[`node_modules/${name}`].engines?.node ?? '*';
}

/** Whether this Node runs every one of `names`; otherwise, why not, for the test's name. */
export function checkNodeRuns(...names: string[]): { runs: boolean; reason: string } {
  const unsupported = names.filter((name) => !semver.satisfies(process.versions.node, lockedNodeRange(name)));
  const reason = unsupported.map((name) => `${name} ${lockedVersion(name)} needs Node ${lockedNodeRange(name)}`).join(', ');
  return { runs: unsupported.length === 0, reason: `skipped on Node ${process.versions.node}: ${reason}` };
}
