// The negative space of the create request, walked systematically from the compiled contract (issue 20, item 5): for
// every field of CreateCheckoutRequest (nested objects and the first element of each array included), one body each
// with the field missing (where required), null, every other JSON type, each bound just past (length, value, item
// count), its pattern broken, a value outside its closed enum, and an unknown field next to it in each object. Each
// changes the seed sample `usdtOnTron` in that one spot; a field the sample does not send is first filled in with the
// schema's own `example` for it, so a field added to the schema is walked without an edit to the sample. The list is
// stable (no randomness), and a body the contract's invalid table already sends is left out.
//
// What a correct implementation must answer is read from the contract's own validator, never re-typed: every field
// it blames (pointersBlamedFor) and, for each, every code the contract gives one of the rules the value breaks
// (codeForKeyword). A value that breaks two rules at once (`u` as a currency is too short and off the pattern) may be
// reported under either code; a URL off its form is `invalid_url` or `pattern`, since the contract's code table names
// URLs under both; an unknown field may be blamed on itself or on the object holding it.
import type { ValidateFunction } from 'ajv';
import type { FieldErrorCode } from '../../generated/openapi.js';
import { findOperation } from '../contract/contract-facts.js';
import { codeForKeyword, escapePointer, findPatternFacts, URL_COMPONENT } from '../contract/field-errors.js';
import { type OpenApiDocument, resolveRef } from '../contract/load-contract.js';
import { pointersBlamedFor } from './generate-bodies.js';

export interface NegativeCase {
  name: string;
  body: unknown;
  /** The field the case breaks (for an unknown field, the field that should not be there). */
  pointer: string;
  /** Each pointer the rejection may name, with the codes it may give there; any one pair will do. */
  expected: Array<{ pointer: string; codes: FieldErrorCode[] }>;
}

export interface NegativeSpace {
  /** The cases to send, deduplicated against the invalid table. */
  cases: NegativeCase[];
  /** How many the walk made before the table's bodies were left out. */
  generated: number;
}

type Schema = Record<string, any>;
type Change = { name: string; apply: (holder: any, key: string) => void };

const UNKNOWN_FIELD = 'conformance_unknown_field';
// Characters tried, in this order, to break a pattern while keeping the value's length.
const PATTERN_BREAKERS = [' ', '!', '.', '@', 'é', '/'];

/** The negative space over `sample`, judged by the contract's compiled request validator. */
export function generateNegativeSpace(
  given: Record<string, unknown>,
  validate: ValidateFunction,
  tableBodies: unknown[] = [],
  contract: OpenApiDocument,
): NegativeSpace {
  const requestSchema = findOperation(contract, 'createCheckout').requestSchema;
  const sample = completeWithExamples(contract, requestSchema, given) as Record<string, unknown>;
  const drafts: Array<{ name: string; body: unknown; pointer: string }> = [];
  const walk = (schemaRef: unknown, pointer: string, path: Array<string | number>, required: boolean) => {
    const schema = resolveRef<Schema>(contract, schemaRef);
    const value = valueAt(sample, path);
    const add = (change: Change) => {
      const body = structuredClone(sample);
      const holder = valueAt(body, path.slice(0, -1)) as any;
      change.apply(holder, String(path[path.length - 1]));
      drafts.push({ name: `${pointer}: ${change.name}`, body, pointer });
    };
    for (const change of changesFor(schema, value, required)) add(change);
    if (schema.type === 'object' && value && typeof value === 'object') {
      const inside = `${pointer}/${UNKNOWN_FIELD}`;
      const body = structuredClone(sample);
      (valueAt(body, path) as Record<string, unknown>)[UNKNOWN_FIELD] = 'x';
      drafts.push({ name: `${inside}: an unknown field`, body, pointer: inside });
      for (const [key, child] of Object.entries<unknown>(schema.properties ?? {})) {
        if (key in value) walk(child, `${pointer}/${escapePointer(key)}`, [...path, key], (schema.required ?? []).includes(key));
      }
    }
    if (schema.type === 'array' && Array.isArray(value) && value.length > 0 && schema.items) {
      walk(schema.items, `${pointer}/0`, [...path, 0], false);
    }
  };
  // The body itself: only its fields are walked (a body that is not an object is the table's business).
  const root = resolveRef<Schema>(contract, requestSchema);
  for (const [key, child] of Object.entries<unknown>(root.properties)) {
    if (key in sample) walk(child, `/${escapePointer(key)}`, [key], root.required.includes(key));
  }
  drafts.push({
    name: `/${UNKNOWN_FIELD}: an unknown field`,
    body: { ...structuredClone(sample), [UNKNOWN_FIELD]: 'x' },
    pointer: `/${UNKNOWN_FIELD}`,
  });

  const seen = new Set(tableBodies.map((body) => JSON.stringify(body)));
  const cases: NegativeCase[] = [];
  for (const draft of drafts) {
    const key = JSON.stringify(draft.body);
    if (seen.has(key)) continue;
    seen.add(key);
    const expected = expectedFieldErrors(validate, contract, requestSchema, draft.body);
    if (expected.length === 0) throw new Error(`The negative case "${draft.name}" is valid; this is a bug in the conformance kit.`);
    const stray = expected.filter(({ pointer }) => !relatesToTarget(pointer, draft.pointer));
    if (stray.length > 0) {
      const blamed = stray.map(({ pointer }) => pointer).join(', ');
      throw new Error(`The negative case "${draft.name}" also breaks ${blamed}; this is a bug in the conformance kit.`);
    }
    cases.push({ ...draft, expected });
  }
  return { cases, generated: drafts.length };
}

/** Every field the contract's validator blames for `body`, with every code the contract gives a rule it breaks there. */
function expectedFieldErrors(
  validate: ValidateFunction,
  contract: OpenApiDocument,
  requestSchema: unknown,
  body: unknown,
): Array<{ pointer: string; codes: FieldErrorCode[] }> {
  const errors = validate(body) ? [] : [...(validate.errors ?? [])];
  const byPointer = new Map<string, Set<FieldErrorCode>>();
  for (const error of errors) {
    const component = error.keyword === 'pattern' ? findPatternFacts(contract, requestSchema, error.instancePath).component : undefined;
    const code = codeForKeyword(error.keyword, { patternComponent: component, isUriFormat: error.params?.format === 'uri' });
    // The code table names a URL's form under both `pattern` and `invalid_url`.
    const codes: FieldErrorCode[] = code === 'invalid_url' || component === URL_COMPONENT ? ['invalid_url', 'pattern'] : [code];
    for (const pointer of pointersBlamedFor(error)) {
      const set = byPointer.get(pointer) ?? new Set();
      for (const each of codes) set.add(each);
      byPointer.set(pointer, set);
    }
  }
  return [...byPointer].map(([pointer, codes]) => ({ pointer, codes: [...codes] }));
}

/** A copy of `value` with every field its schema has and it lacks filled in with that field's own `example`. */
function completeWithExamples(contract: OpenApiDocument, schemaRef: unknown, value: unknown): unknown {
  const schema = resolveRef<Schema | undefined>(contract, schemaRef) ?? {};
  if (Array.isArray(value)) return value.map((item) => completeWithExamples(contract, schema.items, item));
  if (!value || typeof value !== 'object' || schema.type !== 'object') return structuredClone(value);
  const completed: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) completed[key] = completeWithExamples(contract, schema.properties?.[key], child);
  for (const [key, child] of Object.entries<unknown>(schema.properties ?? {})) {
    const example = resolveRef<Schema>(contract, child).example;
    if (!(key in completed) && example !== undefined) completed[key] = structuredClone(example);
  }
  return completed;
}

function relatesToTarget(blamed: string, target: string): boolean {
  return blamed === target || (target.endsWith(`/${UNKNOWN_FIELD}`) && blamed === target.slice(0, -UNKNOWN_FIELD.length - 1));
}

/** The changes that break one field: its absence, null, the other JSON types, its bounds, its pattern and its enum. */
function changesFor(schema: Schema, value: unknown, required: boolean): Change[] {
  const set = (name: string, next: unknown): Change => ({
    name,
    apply: (holder, key) => {
      holder[Array.isArray(holder) ? Number(key) : key] = structuredClone(next);
    },
  });
  const changes: Change[] = [];
  if (required) changes.push({ name: 'missing', apply: (holder, key) => delete holder[key] });
  changes.push(set('null', null));
  for (const [type, other] of otherTypes(schema.type, value)) changes.push(set(`${type} (${show(other)})`, other));
  if (schema.type === 'string' && typeof value === 'string') changes.push(...stringChanges(schema, value, set));
  if (schema.type === 'integer' || schema.type === 'number') {
    if (typeof schema.minimum === 'number') changes.push(set(`below minimum ${schema.minimum}`, schema.minimum - 1));
    if (typeof schema.maximum === 'number') changes.push(set(`above maximum ${schema.maximum}`, schema.maximum + 1));
  }
  if (schema.type === 'array' && Array.isArray(value) && value.length > 0) {
    if (typeof schema.minItems === 'number' && schema.minItems > 0) {
      changes.push(set(`${schema.minItems - 1} items (minItems ${schema.minItems})`, value.slice(0, schema.minItems - 1)));
    }
    if (typeof schema.maxItems === 'number') {
      const items = Array.from({ length: schema.maxItems + 1 }, (_, index) => value[index % value.length]);
      changes.push(set(`${items.length} items (maxItems ${schema.maxItems})`, items));
    }
  }
  if (Array.isArray(schema.enum) && typeof value === 'string') {
    const outside = `${value}_other`;
    if (!schema.enum.includes(outside)) changes.push(set(`outside the enum (${show(outside)})`, outside));
  }
  return changes;
}

function stringChanges(schema: Schema, value: string, set: (name: string, next: unknown) => Change): Change[] {
  const changes: Change[] = [];
  if (typeof schema.minLength === 'number' && schema.minLength > 0) {
    changes.push(set(`${schema.minLength - 1} characters (minLength ${schema.minLength})`, value.slice(0, schema.minLength - 1)));
  }
  if (typeof schema.maxLength === 'number') {
    const longer = value.padEnd(schema.maxLength + 1, value.at(-1) ?? 'x');
    changes.push(set(`${longer.length} characters (maxLength ${schema.maxLength})`, longer));
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const broken = PATTERN_BREAKERS.flatMap((breaker) => [breaker + value.slice(1), value.slice(0, -1) + breaker]).find(
      (candidate) => !pattern.test(candidate),
    );
    if (broken !== undefined) changes.push(set(`off the pattern (${show(broken)})`, broken));
  }
  return changes;
}

/** One value of each JSON type the schema does not allow, derived from the valid value where that reads naturally. */
function otherTypes(type: string, value: unknown): Array<[string, unknown]> {
  const candidates: Array<[string, unknown]> = [
    ['a boolean', true],
    ['a number', type === 'integer' ? 1.5 : typeof value === 'string' && Number.isFinite(Number(value)) ? Number(value) : 1],
    ['a string', typeof value === 'number' ? String(value) : 'x'],
    ['an array', [value]],
    ['an object', {}],
  ];
  const allowed: Record<string, string[]> = {
    string: ['a string'],
    integer: [],
    number: ['a number'],
    boolean: ['a boolean'],
    array: ['an array'],
    object: ['an object'],
  };
  return candidates.filter(([name]) => !(allowed[type] ?? []).includes(name));
}

function valueAt(root: unknown, path: Array<string | number>): unknown {
  return path.reduce<any>((node, key) => node?.[key], root);
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 24 ? `${text.slice(0, 21)}…` : text;
}
