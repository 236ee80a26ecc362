// Bundle one CLI of the package into a single file under dist/bin/. Installed from the tarball, the package has only
// its runtime dependencies (openapi-fetch, standardwebhooks), so everything else a CLI uses (ajv, ajv-formats,
// decimal.js, fast-check, the contract compiler) is inlined; the runtime dependencies and node builtins stay
// imports. A bundle reads generated/openapi.json from the package at run time (../../generated/ from dist/bin/).
// Flags of the calling script: [--outfile <path>] [--quiet]
import { chmodSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from './generated-dir.js';

/**
 * Build `src/<part>/cli.ts` into dist/bin/<binName>.js (or --outfile); exits 2 on bad flags, 1 when esbuild fails.
 * `esbuildOptions` adds to the shared options, for a part whose dependencies need it. With `chunkNames` (esbuild's
 * template, such as `checkout-mock-[name]-[hash]`), what the entry imports with `import()` goes into files of its own
 * next to the entry (esbuild's code splitting), loaded only when that import runs.
 * @param {{ part: string, binName: string, argv?: string[], chunkNames?: string, esbuildOptions?: import('esbuild').BuildOptions }} options
 * @returns {Promise<import('esbuild').Metafile>} what the build wrote, and what imports what
 */
export async function bundleBin({ part, binName, argv = process.argv.slice(2), chunkNames, esbuildOptions = {} }) {
  const script = `build-${part}`;
  const outfileFlag = argv.indexOf('--outfile');
  if (outfileFlag !== -1 && !argv[outfileFlag + 1]) {
    console.error(`${script}: --outfile needs a path, such as --outfile /tmp/${binName}.js`);
    process.exit(2);
  }
  const outfile = resolve(outfileFlag === -1 ? resolve(projectRoot, `dist/bin/${binName}.js`) : argv[outfileFlag + 1]);
  const pkg = JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8'));
  const entry = resolve(projectRoot, `src/${part}/cli.ts`);
  const output = chunkNames
    ? { entryPoints: { [basename(outfile, '.js')]: entry }, outdir: dirname(outfile), splitting: true, chunkNames }
    : { entryPoints: [entry], outfile };
  let metafile;
  try {
    ({ metafile } = await build({
      ...output,
      metafile: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: Object.keys(pkg.dependencies ?? {}),
      // CommonJS code inlined into an ES module still calls require() for builtins; give it one.
      banner: {
        js: [
          '#!/usr/bin/env node',
          `// Built by \`npm run build:${part}\` from src/${part}/. Do not make direct changes: edit the source and rebuild.`,
          "import { createRequire as __createRequire } from 'node:module';",
          'const require = __createRequire(import.meta.url);',
        ].join('\n'),
      },
      // Whitespace and syntax only: the bins ship in the package that every user of the client installs, and this
      // takes about 30% off their size, while names stay as written, for stack traces.
      minifyWhitespace: true,
      minifySyntax: true,
      logLevel: 'warning',
      ...esbuildOptions,
    }));
  } catch (error) {
    console.error(`${script}: esbuild failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  chmodSync(outfile, 0o755);
  if (!argv.includes('--quiet')) console.log(`${script}: wrote ${outfile}`);
  // Always there: the build was asked for it (`metafile: true`).
  return /** @type {import('esbuild').Metafile} */ (metafile);
}
