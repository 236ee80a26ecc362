// Bundle the sandbox CLI into one file, dist/bin/checkout-sandbox.js, the package's `checkout-sandbox` bin. Installed
// from the tarball, the package has only its runtime dependencies (openapi-fetch, standardwebhooks), so everything
// else the sandbox uses (ajv, ajv-formats, decimal.js, the contract compiler) is inlined; the runtime dependencies
// and node builtins stay imports. The bundle reads generated/openapi.json from the package at run time.
// Usage: node scripts/build-sandbox.js [--outfile <path>]
import { chmodSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from './generated-dir.js';

const outfileFlag = process.argv.indexOf('--outfile');
const outfile = resolve(outfileFlag === -1 ? resolve(projectRoot, 'dist/bin/checkout-sandbox.js') : process.argv[outfileFlag + 1] ?? '');
if (outfileFlag !== -1 && !process.argv[outfileFlag + 1]) {
  console.error('build-sandbox: --outfile needs a path, such as --outfile /tmp/checkout-sandbox.js');
  process.exit(2);
}

const pkg = JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8'));

try {
  await build({
    entryPoints: [resolve(projectRoot, 'src/sandbox/cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies ?? {}),
    // CommonJS code inlined into an ES module still calls require() for builtins; give it one.
    banner: {
      js: [
        '#!/usr/bin/env node',
        '// Built by `npm run build:sandbox` from src/sandbox/. Do not make direct changes: edit the source and rebuild.',
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
      ].join('\n'),
    },
    logLevel: 'warning',
  });
} catch (error) {
  console.error(`build-sandbox: esbuild failed: ${error.message}`);
  process.exit(1);
}
chmodSync(outfile, 0o755);
console.log(`build-sandbox: wrote ${outfile}`);
