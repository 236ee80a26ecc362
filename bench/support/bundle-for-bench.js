// Bundle TypeScript from src/ (or the tests' support code) into one ES module a benchmark can run or import, with
// esbuild as the bins are bundled. Ajv and ajv-formats are CommonJS; inlined into an ES module they still call
// require() for builtins, so the bundle gets one.
import { build } from 'esbuild';

/**
 * `source` is esbuild's `entryPoints` entry (a path) or its `stdin` object; writes `outfile`.
 * @param {{ source: string | import('esbuild').StdinOptions, outfile: string }} options
 * @returns {Promise<string>} `outfile`
 */
export async function bundleForBench({ source, outfile }) {
  await build({
    ...(typeof source === 'string' ? { entryPoints: [source] } : { stdin: source }),
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}
