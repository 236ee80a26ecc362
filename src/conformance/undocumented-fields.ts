// Fields a response carries that the contract does not document. Response objects allow extra properties (D28), so
// these are warnings, not failures: they tell an implementer where the contract and the service drifted apart.
import { type OpenApiDocument, resolveRef } from '../contract/load-contract.js';

type Schema = Record<string, any>;

/** One value still to look at, with the schema that describes it; or an undocumented field to report, in its turn. */
type Visit = { schema: Schema; value: unknown; pointer: string } | { undocumented: string };

/**
 * The pointers of the undocumented fields, in document order. A work list rather than recursion: the walk follows the
 * schema (and parseJsonBody bounds how deep an answer is read), but no value the service sends can exhaust the stack.
 */
export function findUndocumentedFields(contract: OpenApiDocument, schemaName: string, value: unknown): string[] {
  const found: string[] = [];
  const pending: Visit[] = [{ schema: { $ref: `#/components/schemas/${schemaName}` }, value, pointer: '' }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    if ('undocumented' in visit) found.push(visit.undocumented);
    else {
      // Pushed in reverse (one by one: an array of a million items is no argument list), so that the first child is
      // looked at first: the same order as a recursive walk.
      const next = visitOne(contract, visit);
      for (let index = next.length - 1; index >= 0; index -= 1) pending.push(next[index]);
    }
  }
  return found;
}

function resolve(contract: OpenApiDocument, schema: Schema): Schema {
  return resolveRef<Schema | undefined>(contract, schema) ?? {};
}

/** The children of one value to visit next, and its undocumented fields, in document order. */
function visitOne(contract: OpenApiDocument, { schema: schemaOrRef, value, pointer }: Extract<Visit, { schema: Schema }>): Visit[] {
  const schema = resolve(contract, schemaOrRef);
  if (value === null || typeof value !== 'object') return [];
  const next: Visit[] = [];
  // Of anyOf branches, follow those that describe this kind of value (the contract's are "a shape or null").
  for (const branch of (schema.anyOf ?? []) as Schema[]) {
    const resolved = resolve(contract, branch);
    if (resolved.type !== 'null' && Array.isArray(value) === (resolved.type === 'array')) next.push({ schema: resolved, value, pointer });
  }
  // allOf parts describe one object together: a field documented by any part is documented.
  const parts = [schema, ...((schema.allOf ?? []) as Schema[]).map((part) => resolve(contract, part))];
  if (Array.isArray(value)) {
    const items = parts.find((part) => part.items)?.items;
    if (items) for (const [index, item] of value.entries()) next.push({ schema: items, value: item, pointer: `${pointer}/${index}` });
    return next;
  }
  const described = parts.filter((part) => part.properties);
  if (described.length === 0) return next;
  const properties: Record<string, Schema> = Object.assign({}, ...described.reverse().map((part) => part.properties));
  const open = parts.some((part) => part.additionalProperties);
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key in properties) next.push({ schema: properties[key], value: child, pointer: `${pointer}/${key}` });
    else if (!open) next.push({ undocumented: `${pointer}/${key}` });
  }
  return next;
}
