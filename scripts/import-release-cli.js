// The release tooling (src/release, not shipped) is TypeScript: esbuild compiles its entry here in a few milliseconds
// into a temporary folder, so `npm run check:breaking` and `npm run release:baseline` run on every supported Node
// without a build step. The compiled file is self-contained, so the folder is gone before a command starts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { projectRoot } from './generated-dir.js';

/** src/release/cli.ts, compiled and imported: `startCheckBreaking` and `startReleaseBaseline`. */
export async function importReleaseCli() {
  const outDir = mkdtempSync(join(tmpdir(), 'release-cli-'));
  try {
    const outfile = join(outDir, 'release-cli.mjs');
    await build({
      entryPoints: [resolve(projectRoot, 'src/release/cli.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
