// Follow a local reference (`#/components/...`) in the bundled contract, through chains of references.
import type { OpenApiDocument } from './load-contract.js';

export function resolveRef<T = any>(contract: OpenApiDocument, value: any): T {
  if (value && typeof value.$ref === 'string') {
    const path = String(value.$ref)
      .replace(/^#\//, '')
      .split('/')
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
    return resolveRef(
      contract,
      path.reduce((node: any, key) => node?.[key], contract),
    );
  }
  return value;
}
