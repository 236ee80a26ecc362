import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contract, resolveRef } from './contract-fixtures.js';
import { decidedAdditions, decidedWidenings, seedOpenPoints, seedRequestFields, seedResponseFields } from './seed-fields.js';

interface SchemaField {
  type: string[];
  required: boolean;
}

function typesOf(schema: any): string[] {
  const resolved = resolveRef(schema);
  const branches: any[] = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])];
  if (branches.length > 0) return [...new Set(branches.flatMap(typesOf))];
  if (resolved.allOf) return [...new Set((resolved.allOf as any[]).flatMap(typesOf))];
  return [resolved.type].flat().filter(Boolean);
}

/** Every property path of a schema, through $ref, anyOf and arrays, with its JSON types and requiredness. */
function collectFields(schema: any, prefix = '', fields: Record<string, SchemaField> = {}): Record<string, SchemaField> {
  const resolved = resolveRef(schema);
  for (const branch of [...(resolved.anyOf ?? []), ...(resolved.allOf ?? [])]) collectFields(branch, prefix, fields);
  if (resolved.items) collectFields(resolved.items, `${prefix}[]`, fields);
  for (const [name, property] of Object.entries<any>(resolved.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    fields[path] = { type: typesOf(property), required: (resolved.required ?? []).includes(name) };
    collectFields(property, path, fields);
  }
  return fields;
}

const decisionIds = new Set(
  readFileSync('docs/decisions.md', 'utf8')
    .match(/^\| (D\d+) \|/gm)
    ?.map((row) => row.slice(2, -2)),
);

function compare(seed: Record<string, { type: string[]; required?: boolean }>, schemaFields: Record<string, SchemaField>) {
  const problems: string[] = [];
  for (const [path, field] of Object.entries(seed)) {
    const actual = schemaFields[path];
    if (!actual) {
      problems.push(`seed field ${path} is missing from the contract`);
      continue;
    }
    for (const type of field.type) {
      const accepted = actual.type.includes(type) || (type === 'integer' && actual.type.includes('number'));
      if (!accepted) problems.push(`${path}: the seed says ${type}, the contract says ${actual.type.join(' | ')}`);
    }
    const widened = actual.type.filter((type) => !field.type.includes(type));
    if (widened.length > 0 && !decidedWidenings[path])
      problems.push(`${path}: the contract adds ${widened.join(', ')} without a recorded decision`);
    if (field.required !== undefined && field.required !== actual.required)
      problems.push(`${path}: required is ${actual.required}, the seed says ${field.required}`);
  }
  for (const path of Object.keys(schemaFields)) {
    if (!(path in seed) && !decidedAdditions[path])
      problems.push(`${path} is in the contract but not in the seed, and no decision records why`);
  }
  return problems;
}

describe("the seed's field tables, checked against the contract", () => {
  const schemas = contract.components.schemas;

  it('every request field of the seed is in CreateCheckoutRequest with its type, and nothing else is', () => {
    expect(compare(seedRequestFields, collectFields(schemas.CreateCheckoutRequest))).toEqual([]);
  });

  it('every response field of the seed is in Checkout with its type, and every addition has a decision', () => {
    expect(compare(seedResponseFields, collectFields(schemas.Checkout))).toEqual([]);
  });

  it('every response field of the seed is required in the record (optional only where a decision says so)', () => {
    const fields = collectFields(schemas.Checkout);
    const optional = Object.keys(seedResponseFields).filter(
      (path) => !path.includes('.') && !path.includes('[]') && !fields[path].required,
    );
    expect(optional).toEqual([]);
    expect(fields['invoiceItems[].priceData'].required).toBe(false); // absent from the seed's sample element (D19)
  });

  it('every recorded decision exists in docs/decisions.md', () => {
    for (const id of [...Object.values(decidedAdditions), ...Object.values(decidedWidenings)]) expect(decisionIds.has(id), id).toBe(true);
    expect(decisionIds.size).toBeGreaterThanOrEqual(20);
  });

  it('every open point of the seed has a recorded decision', () => {
    for (const [point, ids] of Object.entries(seedOpenPoints)) {
      expect(ids.length, point).toBeGreaterThan(0);
      for (const id of ids) expect(decisionIds.has(id), `${point} -> ${id}`).toBe(true);
    }
  });

  it('the comparison notices a missing seed field and an undecided addition', () => {
    const fields = collectFields(schemas.Checkout);
    const { url: _removed, ...withoutUrl } = fields;
    expect(compare(seedResponseFields, withoutUrl)).toContain('seed field url is missing from the contract');
    expect(compare(seedResponseFields, { ...fields, extraField: { type: ['string'], required: false } })).toContain(
      'extraField is in the contract but not in the seed, and no decision records why',
    );
  });
});
