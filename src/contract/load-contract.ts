// The bundled contract, read from generated/openapi.json, and its local `$ref`s resolved. Everything that validates (tests, mock, sandbox,
// conformance kit) reads the schemas from here, so no schema is ever typed twice. The bundle is in the package's root
// (scripts/package-root.js), found the same way from src/contract (tests) and from the esbuild bundles in dist/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPackageRoot } from '../../scripts/package-root.js';

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

/** The package's own bundle: generated/openapi.json in its root. */
function locateContractBundle(): string {
  return join(findPackageRoot(), 'generated', 'openapi.json');
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
