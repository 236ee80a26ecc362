// The bundle Prism serves, and its freshness: `npm start` rebuilds it (npm run build:bundle) only when a file of
// the source contract is newer than it, so a fresh clone starts fast and an edited contract is never served stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot, resolveGeneratedDir } from '../generated-dir.js';

export function locateBundle() {
  const generatedDir = resolveGeneratedDir();
  return {
    sourceDir: join(projectRoot, 'openapi'),
    yaml: join(generatedDir, 'openapi.yaml'),
    json: join(generatedDir, 'openapi.json'),
  };
}

/** True when a bundle file is missing or older than the newest file under `sourceDir`. */
export function isBundleStale({ sourceDir, bundleFiles }) {
  if (bundleFiles.some((file) => !existsSync(file))) return true;
  const oldestBundle = Math.min(...bundleFiles.map((file) => statSync(file).mtimeMs));
  return newestMtime(sourceDir) > oldestBundle;
}

export function ensureFreshBundle(log) {
  const bundle = locateBundle();
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

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    newest = Math.max(newest, mtime);
  }
  return newest;
}
