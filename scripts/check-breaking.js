// `npm run check:breaking`: fail when the current bundle breaks the last released contract (D26). The gate is
// TypeScript (src/contract/check-breaking.ts); esbuild compiles it here in a few milliseconds, so it runs on every
// supported Node without a build step. Usage: node scripts/check-breaking.js [--base <file>] [--head <file>]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { projectRoot } from './generated-dir.js';

const outDir = mkdtempSync(join(tmpdir(), 'check-breaking-'));
let exitCode = 2;
try {
  const outfile = join(outDir, 'check-breaking.mjs');
  await build({
    entryPoints: [resolve(projectRoot, 'src/contract/check-breaking.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const { runCheckBreakingCli } = await import(pathToFileURL(outfile).href);
  exitCode = await runCheckBreakingCli(process.argv.slice(2), projectRoot);
} catch (error) {
  console.error(`check:breaking: ${error instanceof Error ? error.message : error}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
process.exitCode = exitCode;
