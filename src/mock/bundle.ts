// The bundle Prism serves, and its freshness: `npm start` rebuilds it (npm run build:bundle) only when a file of
// the source contract is newer than it, so a fresh clone starts fast and an edited contract is never served stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Two levels up from src/mock/ and from dist/bin/ alike: the package root.
export const projectRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Where the contract's source and its two bundled forms are. */
export interface BundleLocation {
  sourceDir: string;
  yaml: string;
  json: string;
}

/** generated/, or GENERATED_DIR as scripts/generated-dir.js reads it (check-generated builds elsewhere). */
export function resolveGeneratedDir(): string {
  return resolve(projectRoot, process.env.GENERATED_DIR ?? 'generated');
}

export function locateBundle(): BundleLocation {
  const generatedDir = resolveGeneratedDir();
  return {
    sourceDir: join(projectRoot, 'openapi'),
    yaml: join(generatedDir, 'openapi.yaml'),
    json: join(generatedDir, 'openapi.json'),
  };
}

/** True when a bundle file is missing or older than the newest file under `sourceDir`. */
export function isBundleStale({ sourceDir, bundleFiles }: { sourceDir: string; bundleFiles: string[] }): boolean {
  if (bundleFiles.some((file) => !existsSync(file))) return true;
  const oldestBundle = Math.min(...bundleFiles.map((file) => statSync(file).mtimeMs));
  return findNewestMtime(sourceDir) > oldestBundle;
}

export function ensureFreshBundle(log: (line: string) => void): BundleLocation {
  const bundle = locateBundle();
  // An installed package has no openapi/ folder: its bundle is the one it was published with.
  if (!existsSync(bundle.sourceDir)) return bundle;
  if (!isBundleStale({ sourceDir: bundle.sourceDir, bundleFiles: [bundle.yaml, bundle.json] })) return bundle;
  log('The bundle is older than openapi/; rebuilding it with npm run build:bundle…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build:bundle'], {
    cwd: projectRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
  });
  if (result.status !== 0) {
    throw new Error('npm run build:bundle failed (see above); fix the contract in openapi/ and start again.');
  }
  return bundle;
}

function findNewestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? findNewestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
