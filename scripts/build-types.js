// Generate TypeScript types from the bundled contract: generated/openapi.d.ts holds `paths`, `components` and
// `operations` as openapi-typescript writes them, plus one readable alias per schema
// (`export type Checkout = components['schemas']['Checkout']`). Reads the bundle from the same folder it writes
// to, so it runs after build:bundle and works unchanged when check:generated points GENERATED_DIR elsewhere.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString, STRING, tsIntersection, tsLiteral, tsUnion } from 'openapi-typescript';
import ts from 'typescript';
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
  transform: typeOpenEnum,
});
/**
 * An open enum (`x-extensible-enum`, D26) as `'crypto' | 'card' | (string & {})`: any string is accepted, so a
 * value added within v1 is no type error, while editors still offer the known values. openapi-typescript would
 * write `('crypto' | 'card') | string`, which TypeScript collapses to plain `string`.
 * @param {import('openapi-typescript').SchemaObject} schema
 */
function typeOpenEnum(schema) {
  const known = schema['x-extensible-enum'];
  if (!Array.isArray(known)) return undefined;
  const anyString = tsIntersection([STRING, ts.factory.createTypeLiteralNode([])]);
  return tsUnion([...known.map((value) => tsLiteral(value)), anyString]);
}

const outputPath = join(outDir, 'openapi.d.ts');
writeFileSync(
  outputPath,
  `/**\n * ${GENERATED_NOTICE}\n * Types written by openapi-typescript from generated/openapi.json.\n */\n\n${astToString(ast)}`,
);
console.log(`wrote TypeScript types to ${outputPath}`);
