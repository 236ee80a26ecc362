// Generate TypeScript types from the bundled contract: generated/openapi.d.ts holds `paths`, `components` and
// `operations` as openapi-typescript writes them, plus one readable alias per schema
// (`export type Checkout = components['schemas']['Checkout']`). Reads the bundle from the same folder it writes
// to, so it runs after build:bundle and works unchanged when check:generated points GENERATED_DIR elsewhere.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { GENERATED_NOTICE, resolveGeneratedDir } from './generated-dir.js';

const outDir = resolveGeneratedDir();
const bundlePath = join(outDir, 'openapi.json');
if (!existsSync(bundlePath)) {
  console.error(`build:types needs the bundled contract at ${bundlePath}; run \`npm run build:bundle\` first.`);
  process.exit(1);
}

const contract = JSON.parse(readFileSync(bundlePath, 'utf8'));
const ast = await openapiTS(contract, {
  rootTypes: true,
  rootTypesNoSchemaPrefix: true,
  // The reserved card option has no fields yet; `unknown` values let v1 add them without a type error.
  emptyObjectsUnknown: true,
  silent: true,
});
const outputPath = join(outDir, 'openapi.d.ts');
writeFileSync(outputPath, `/**\n * ${GENERATED_NOTICE}\n * Types written by openapi-typescript from generated/openapi.json.\n */\n\n${astToString(ast)}`);
console.log(`wrote TypeScript types to ${outputPath}`);
