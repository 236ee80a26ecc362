// The bins as the installed package has them: the kit and the sandbox bundled by their build scripts into
// <tmp>/dist/bin/, next to a copy of generated/openapi.json, with a node_modules that holds only the package's
// runtime dependencies. Outside the repository, nothing else can be resolved, so a run proves the bundle needs
// nothing more.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const packageDir = mkdtempSync(join(tmpdir(), 'checkout-conformance-package-'));
export const conformanceBin = resolve(packageDir, 'dist/bin/checkout-conformance.js');
export const sandboxBin = resolve(packageDir, 'dist/bin/checkout-sandbox.js');

let built = false;

/** Build both bins once per test file. */
export function buildPackageBins(): void {
  if (built) return;
  mkdirSync(resolve(packageDir, 'generated'), { recursive: true });
  copyFileSync(resolve(projectRoot, 'generated/openapi.json'), resolve(packageDir, 'generated/openapi.json'));
  const { dependencies } = JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of Object.keys(dependencies)) {
    mkdirSync(resolve(packageDir, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(resolve(projectRoot, 'node_modules', name), resolve(packageDir, 'node_modules', name), 'dir');
  }
  execFileSync(process.execPath, [resolve(projectRoot, 'scripts/build-conformance.js'), '--outfile', conformanceBin], { stdio: 'pipe' });
  execFileSync(process.execPath, [resolve(projectRoot, 'scripts/build-sandbox.js'), '--outfile', sandboxBin], { stdio: 'pipe' });
  built = true;
}

export function removePackage(): void {
  rmSync(packageDir, { recursive: true, force: true });
}
