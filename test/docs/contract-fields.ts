// What the reference must show, read from the bundled contract (never typed here by hand).
import { contract, createOperation, resolveRef } from '../contract/contract-fixtures.js';

export { contract, createOperation, resolveRef };

export interface SchemaField {
  /** Where the field sits, as Redoc names it in its deep links: `invoice_items[]/price_data/unit_amount`. */
  path: string;
  /** The property name as the reader sees it: `unit_amount`. */
  name: string;
}

/** Every property of a schema, nested ones included, through `$ref`, arrays, allOf, anyOf and oneOf. */
export function listSchemaFields(schema: any): SchemaField[] {
  const fields = new Map<string, SchemaField>();
  const visit = (node: any, prefix: string) => {
    const resolved = resolveRef(node);
    if (!resolved || typeof resolved !== 'object') return;
    for (const branch of [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) visit(branch, prefix);
    if (resolved.items) visit(resolved.items, `${prefix}[]`);
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      const path = prefix ? `${prefix}/${name}` : name;
      fields.set(path, { path, name });
      visit(property, path);
    }
  };
  visit(schema, '');
  return [...fields.values()];
}

export function mediaSchema(bodyOrResponse: any): any {
  return resolveRef(bodyOrResponse).content['application/json'].schema;
}

/** Named examples of a request body or response: summary and value, in contract order. */
export function namedExamples(bodyOrResponse: any): { name: string; summary: string; value: unknown }[] {
  const examples = resolveRef(bodyOrResponse).content['application/json'].examples ?? {};
  return Object.entries(examples).map(([name, example]) => {
    const { summary, value } = resolveRef(example);
    return { name, summary, value };
  });
}

export function completedCallbackOperation(): any {
  const callbacks = Object.values(createOperation.callbacks).map(resolveRef);
  return (Object.values(callbacks[0]) as any[])[0].post;
}

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

export function codeSamples(): CodeSample[] {
  return createOperation['x-codeSamples'] ?? [];
}
