// The bundled contract, read from generated/openapi.json, and its local `$ref`s resolved. Everything that validates (tests, mock, sandbox,
// conformance kit) reads the schemas from here, so no schema is ever typed twice. The bundle is found by walking up
// from this module to the package root, so the same code works from src/contract (tests) and from the esbuild
// bundles in dist/bin (the installed bins), whose folder depths differ.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  paths: Record<string, Record<string, any>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    examples: Record<string, { summary?: string; description?: string; value: unknown }>;
    [kind: string]: Record<string, any>;
  };
  [key: string]: unknown;
}

const BUNDLE = join('generated', 'openapi.json');

function locateContractBundle(start = dirname(fileURLToPath(import.meta.url))): string {
  for (let folder = start; ; folder = dirname(folder)) {
    const candidate = join(folder, BUNDLE);
    if (existsSync(candidate)) return candidate;
    if (dirname(folder) === folder) {
      throw new Error(
        `Cannot find ${BUNDLE} in ${start} or any folder above it; run from an installed or built checkout-api-contract package.`,
      );
    }
  }
}

/** The contract at `path` (by default the package's own bundle), read afresh. */
export function readContract(path = locateContractBundle()): OpenApiDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

let cached: OpenApiDocument | undefined;

/** The package's own contract, read once per process. */
export function loadContract(): OpenApiDocument {
  cached ??= readContract();
  return cached;
}

/**
 * Follow a local reference (`#/components/...`) in the bundled contract, through chains of references. Keywords
 * written beside a `$ref` (OpenAPI 3.1 allows `description`, `summary` and the like there) are kept over the target's;
 * a node without them resolves to the target itself.
 */
export function resolveRef<T = any>(contract: OpenApiDocument, value: any): T {
  if (value && typeof value.$ref === 'string') {
    const { $ref, ...siblings } = value;
    const path = String($ref)
      .replace(/^#\//, '')
      .split('/')
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
    const target = resolveRef(
      contract,
      path.reduce((node: any, key) => node?.[key], contract),
    );
    return Object.keys(siblings).length === 0 || typeof target !== 'object' || target === null ? target : ({ ...target, ...siblings } as T);
  }
  return value;
}
