// The bundle Prism serves, and its freshness: `npm start` rebuilds it (npm run build:bundle) only when the content of
// the source contract differs from what the bundle was built from (the digest build-bundle.js records beside it), so
// a fresh clone, whatever file times it was given, starts fast and an edited contract is never served stale.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BUNDLE_DIGEST_FILE, BUNDLE_INPUTS, digestInputs, readRecordedDigest } from '../../scripts/content-digest.js';
import { findPackageRoot } from '../../scripts/package-root.js';

/** Where the contract's source and its two bundled forms are, and the digest of the inputs they were built from. */
export interface BundleLocation {
  sourceDir: string;
  yaml: string;
  json: string;
  digest: string;
}

/** generated/, or GENERATED_DIR as scripts/generated-dir.js reads it (check-generated builds elsewhere). */
export function resolveGeneratedDir(): string {
  return resolve(findPackageRoot(), process.env.GENERATED_DIR ?? 'generated');
}

export function locateBundle(): BundleLocation {
  const generatedDir = resolveGeneratedDir();
  return {
    sourceDir: join(findPackageRoot(), 'openapi'),
    yaml: join(generatedDir, 'openapi.yaml'),
    json: join(generatedDir, 'openapi.json'),
    digest: join(generatedDir, BUNDLE_DIGEST_FILE),
  };
}

/**
 * True when a bundle file is missing, or the content of the bundle's inputs under `root` (openapi/, redocly.yaml, the
 * build step) is not what the recorded digest says the bundle was built from. File times play no part.
 */
export function isBundleStale({ root, bundle }: { root: string; bundle: Pick<BundleLocation, 'yaml' | 'json' | 'digest'> }): boolean {
  if (!existsSync(bundle.yaml) || !existsSync(bundle.json)) return true;
  return readRecordedDigest(bundle.digest) !== digestInputs(root, BUNDLE_INPUTS);
}

export function ensureFreshBundle(log: (line: string) => void): BundleLocation {
  const bundle = locateBundle();
  // An installed package has no openapi/ folder: its bundle is the one it was published with.
  if (!existsSync(bundle.sourceDir)) return bundle;
  const root = findPackageRoot();
  if (!isBundleStale({ root, bundle })) return bundle;
  log('The bundle was not built from openapi/ as it is now; rebuilding it with npm run build:bundle…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build:bundle'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
  });
  if (result.status !== 0) {
    throw new Error('npm run build:bundle failed (see above); fix the contract in openapi/ and start again.');
  }
  return bundle;
}
