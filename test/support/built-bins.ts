// The package's bins as the suites run them. Installed from the tarball, the package holds only dist/,
// generated/openapi.json and its runtime dependencies, so everything else a bin uses must be bundled into it: a bin
// built by its own build step (scripts/build-<part>.js --outfile) into such a folder, outside the repository, proves
// that. The mock is run as `npm start` runs it: the repository's dist/bin/checkout-mock.js, rebuilt when stale.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A bin of the package, named by its source folder: src/<part>/cli.ts becomes dist/bin/checkout-<part>.js. */
export type BinPart = 'sandbox' | 'conformance';

/** A temporary folder laid out as the installed package, whose bins are built on demand. */
export interface InstalledPackage {
  /** Where `part`'s bin is in the folder, built or not yet. */
  binPath(part: BinPart): string;
  /** Builds the bins of `parts` not built yet (a few seconds each); lays out the folder on the first call. */
  build(parts: BinPart[]): void;
  /** Removes the folder. */
  remove(): void;
}

export function createInstalledPackage(): InstalledPackage {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-api-contract-package-'));
  const binPath = (part: BinPart) => join(dir, `dist/bin/checkout-${part}.js`);
  const built = new Set<BinPart>();
  return {
    binPath,
    build(parts) {
      if (built.size === 0) layOutPackage(dir);
      for (const part of parts.filter((wanted) => !built.has(wanted))) {
        execFileSync(process.execPath, [join(projectRoot, `scripts/build-${part}.js`), '--outfile', binPath(part)], { stdio: 'pipe' });
        built.add(part);
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** package.json, generated/openapi.json and node_modules with the runtime dependencies (links into the repository's). */
function layOutPackage(dir: string): void {
  const { name, dependencies = {} } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    name: string;
    dependencies?: Record<string, string>;
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, type: 'module', dependencies }));
  mkdirSync(join(dir, 'generated'));
  copyFileSync(join(projectRoot, 'generated/openapi.json'), join(dir, 'generated/openapi.json'));
  for (const dependency of Object.keys(dependencies)) {
    mkdirSync(join(dir, 'node_modules', dependency, '..'), { recursive: true });
    symlinkSync(join(projectRoot, 'node_modules', dependency), join(dir, 'node_modules', dependency), 'dir');
  }
}

/** The repository's dist/bin/checkout-mock.js, rebuilt first when src/ is not what it was built from, as `npm start` does. */
export function buildMockIfStale(): string {
  execFileSync(process.execPath, [join(projectRoot, 'scripts/build-mock.js'), '--if-stale', '--quiet'], { stdio: 'pipe' });
  return join(projectRoot, 'dist/bin/checkout-mock.js');
}
