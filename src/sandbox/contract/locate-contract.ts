// The bundled contract, found by walking up from this module to the package root that holds
// generated/openapi.json. The same code then works from src/sandbox/contract (tests) and from the esbuild bundle in
// dist/bin (the installed `checkout-sandbox` bin), whose folder depths differ.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenApiDocument } from '../../contract/load-contract.js';

const BUNDLE = join('generated', 'openapi.json');

export function locateContractBundle(start = dirname(fileURLToPath(import.meta.url))): string {
  for (let folder = start; ; folder = dirname(folder)) {
    const candidate = join(folder, BUNDLE);
    if (existsSync(candidate)) return candidate;
    if (dirname(folder) === folder) {
      throw new Error(
        `Cannot find ${BUNDLE} in ${start} or any folder above it; run the sandbox from an installed or built checkout-api-contract package.`,
      );
    }
  }
}

export function readContract(path = locateContractBundle()): OpenApiDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}
