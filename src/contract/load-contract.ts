// The bundled contract, read from generated/openapi.json. Everything that validates (tests, sandbox, conformance
// kit) reads the schemas from here, so no schema is ever typed twice.
import { readFileSync } from 'node:fs';

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

const bundleUrl = new URL('../../generated/openapi.json', import.meta.url);

let cached: OpenApiDocument | undefined;

export function loadContract(): OpenApiDocument {
  cached ??= JSON.parse(readFileSync(bundleUrl, 'utf8')) as OpenApiDocument;
  return cached;
}
