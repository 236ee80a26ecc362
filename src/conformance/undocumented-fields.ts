// Fields a response carries that the contract does not document. Response objects allow extra properties (D28), so
// these are warnings, not failures: they tell an implementer where the contract and the service drifted apart.
import { type OpenApiDocument, resolveRef } from '../contract/load-contract.js';

type Schema = Record<string, any>;

export function findUndocumentedFields(contract: OpenApiDocument, schemaName: string, value: unknown): string[] {
  const found: string[] = [];
  walk(contract, { $ref: `#/components/schemas/${schemaName}` }, value, '', found);
  return found;
}

function resolve(contract: OpenApiDocument, schema: Schema): Schema {
  return resolveRef<Schema | undefined>(contract, schema) ?? {};
}

function walk(contract: OpenApiDocument, schemaOrRef: Schema, value: unknown, pointer: string, found: string[]): void {
  const schema = resolve(contract, schemaOrRef);
  if (value === null || typeof value !== 'object') return;
  // Of anyOf branches, follow those that describe this kind of value (the contract's are "a shape or null").
  for (const branch of (schema.anyOf ?? []) as Schema[]) {
    const resolved = resolve(contract, branch);
    if (resolved.type !== 'null' && Array.isArray(value) === (resolved.type === 'array')) walk(contract, resolved, value, pointer, found);
  }
  // allOf parts describe one object together: a field documented by any part is documented.
  const parts = [schema, ...((schema.allOf ?? []) as Schema[]).map((part) => resolve(contract, part))];
  if (Array.isArray(value)) {
    const items = parts.find((part) => part.items)?.items;
    if (items) {
      for (const [index, item] of value.entries()) walk(contract, items, item, `${pointer}/${index}`, found);
    }
    return;
  }
  const described = parts.filter((part) => part.properties);
  if (described.length === 0) return;
  const properties: Record<string, Schema> = Object.assign({}, ...described.reverse().map((part) => part.properties));
  const open = parts.some((part) => part.additionalProperties);
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key in properties) walk(contract, properties[key], child, `${pointer}/${key}`, found);
    else if (!open) found.push(`${pointer}/${key}`);
  }
}
