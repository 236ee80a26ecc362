// Bundle the conformance kit's CLI into one file, dist/bin/checkout-conformance.js, the package's
// `checkout-conformance` bin. Installed from the tarball, the package has only its runtime dependencies
// (openapi-fetch, standardwebhooks), so everything else the kit uses (ajv, ajv-formats, decimal.js, fast-check, the
// contract compiler) is inlined; runtime dependencies and node builtins stay imports. The bundle reads
// generated/openapi.json from the package at run time (../../generated/ from dist/bin/).
// Usage: node scripts/build-conformance.js [--outfile <path>] [--quiet]
import { chmodSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from './generated-dir.js';

const outfileFlag = process.argv.indexOf('--outfile');
if (outfileFlag !== -1 && !process.argv[outfileFlag + 1]) {
  console.error('build-conformance: --outfile needs a path, such as --outfile /tmp/checkout-conformance.js');
  process.exit(2);
}
const outfile = resolve(outfileFlag === -1 ? resolve(projectRoot, 'dist/bin/checkout-conformance.js') : process.argv[outfileFlag + 1]);
const pkg = JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8'));

try {
  await build({
    entryPoints: [resolve(projectRoot, 'src/conformance/cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies ?? {}),
    // CommonJS code inlined into an ES module still calls require() for builtins; give it one.
    banner: {
      js: [
        '// Built by `npm run build:conformance` from src/conformance/. Do not make direct changes: edit the source and rebuild.',
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
      ].join('\n'),
    },
    logLevel: 'warning',
  });
} catch (error) {
  console.error(`build-conformance: esbuild failed: ${error.message}`);
  process.exit(1);
}
chmodSync(outfile, 0o755);
if (!process.argv.includes('--quiet')) console.log(`build-conformance: wrote ${outfile}`);
