// fast-check arbitraries of create bodies: valid ones drawn from the contract's request schema (the walk the
// conformance kit generates from too, so no bound is typed here), mutations of those (a field deleted, replaced by
// any JSON value, or an unknown one added), any JSON value, and any text. Which of them are valid is never decided
// here: the suite asks the contract's compiled schema.
import fc from 'fast-check';
import { requestBodyArbitrary, safeUrlArbitrary, withPricesMostlyInCheckoutCurrency } from '../../../src/conformance/schema-arbitrary.js';
import { URL_COMPONENT } from '../../../src/contract/field-errors.js';
import { loadContract } from '../../../src/contract/load-contract.js';

// Any code the schema allows (the sandbox takes every pair, D8); URLs only on hosts that are never called.
export const validishBody = withPricesMostlyInCheckoutCurrency(
  requestBodyArbitrary(loadContract(), { [URL_COMPONENT]: safeUrlArbitrary() }),
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value inside `value`, the root included. */
function pathsOf(value: Json, path: Array<string | number> = []): Array<Array<string | number>> {
  const here = [path];
  if (Array.isArray(value)) return here.concat(...value.map((child, index) => pathsOf(child, [...path, index])));
  if (value && typeof value === 'object')
    return here.concat(...Object.entries(value).map(([key, child]) => pathsOf(child, [...path, key])));
  return here;
}

function mutate(body: Json, pick: number, operation: 'delete' | 'replace' | 'add', replacement: Json, key: string): Json {
  const copy = structuredClone(body);
  const paths = pathsOf(copy);
  const path = paths[pick % paths.length];
  if (path.length === 0) return operation === 'replace' ? replacement : copy;
  const parent = path.slice(0, -1).reduce((node: any, step) => node[step], copy) as any;
  const last = path[path.length - 1];
  const target = parent[last];
  if (operation === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (operation === 'add' && target && typeof target === 'object' && !Array.isArray(target)) {
    target[key] = replacement;
  } else {
    parent[last] = replacement;
  }
  return copy;
}

export const mutatedBody = fc
  .tuple(
    validishBody as fc.Arbitrary<Json>,
    fc.nat(),
    fc.constantFrom('delete', 'replace', 'add') as fc.Arbitrary<'delete' | 'replace' | 'add'>,
    fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
    fc.string({ maxLength: 12 }),
  )
  .map(([body, pick, operation, replacement, key]) => mutate(body, pick, operation, replacement, key));

export const anyJson = fc.jsonValue({ maxDepth: 4 });
export const anyText = fc.oneof(
  fc.string({ maxLength: 200, unit: 'binary' }),
  fc.string({ maxLength: 50 }).map((text) => `{${text}`),
);
