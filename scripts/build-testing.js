// Bundle the testing kit's two entries, dist/testing/index.js (`checkout-api-contract/testing`) and
// dist/testing/msw.js (`checkout-api-contract/msw`), over the files tsc emitted there. Installed, the package has only
// its runtime dependencies, so the sandbox core the kit runs (with ajv, ajv-formats and decimal.js) is inlined, and a
// production install that never imports the kit gains no dependency. tsc's declaration files stay as they are. Then
// the JavaScript tsc emitted for modules that only the bundles use is removed: nothing can import it (package.json
// `exports`), and it would import dev dependencies.
// Usage: node scripts/build-testing.js (after `tsc -p tsconfig.build.json`, as `npm run build:dist` runs it)
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from './generated-dir.js';

const dist = resolve(projectRoot, 'dist');
const pkg = JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8'));

try {
  await build({
    entryPoints: [resolve(projectRoot, 'src/testing/index.ts'), resolve(projectRoot, 'src/testing/msw.ts')],
    outdir: resolve(dist, 'testing'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})],
    // CommonJS code inlined into an ES module still calls require() for builtins; give it one.
    banner: {
      js: [
        '// Built by `npm run build:dist` from src/testing/. Do not make direct changes: edit the source and rebuild.',
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
      ].join('\n'),
    },
    logLevel: 'warning',
  });
} catch (error) {
  console.error(`build-testing: esbuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// What tsc emitted for the bundles' own modules: their declarations are kept for the entries' types.
const bundles = new Set(['index.js', 'msw.js'].map((name) => resolve(dist, 'testing', name)));
for (const folder of ['sandbox', 'contract', 'http', 'cli', 'testing']) {
  for (const entry of readdirSync(resolve(dist, folder), { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name.endsWith('.js') && !bundles.has(path)) rmSync(path);
  }
}
