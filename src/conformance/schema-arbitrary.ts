// fast-check arbitraries read from the contract's schemas: every bound (lengths, item counts, minimum and maximum,
// required fields, enums, patterns) is the schema's own, so the conformance kit's generated bodies and the suites'
// property tests draw from one walk and no bound is typed twice. A caller may replace what a named component
// generates (`choices`): which codes an account accepts (D8, D9) and which hosts are safe to name are choices of the
// caller, not rules of the contract; the schema's pattern and bounds still filter what a choice makes.
import fc from 'fast-check';
import { COMPONENT_SCHEMA_REF } from '../contract/field-errors.js';
import { type OpenApiDocument, resolveRef } from '../contract/load-contract.js';

type Schema = Record<string, any>;

/** What a caller generates instead of the walk, per component name (`HttpUrl`, `CurrencyCode`...). */
export type ComponentChoices = Partial<Record<string, fc.Arbitrary<unknown>>>;

/** An arbitrary of the values `schema` accepts, bounded as the contract bounds them. */
export function arbitraryForSchema(contract: OpenApiDocument, schema: Schema, choices: ComponentChoices = {}): fc.Arbitrary<unknown> {
  const component = typeof schema.$ref === 'string' ? COMPONENT_SCHEMA_REF.exec(schema.$ref)?.[1] : undefined;
  const resolved = resolveRef<Schema>(contract, schema);
  const chosen = component === undefined ? undefined : choices[component];
  if (chosen) return chosen.filter((value) => fitsStringRules(resolved, value));
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  if (Array.isArray(resolved.enum)) return fc.constantFrom(...resolved.enum);
  switch (resolved.type) {
    case 'object': {
      const properties = Object.entries<Schema>(resolved.properties ?? {}).map(
        ([key, child]) => [key, arbitraryForSchema(contract, child, choices)] as const,
      );
      return fc.record(Object.fromEntries(properties), { requiredKeys: resolved.required ?? [] });
    }
    case 'array':
      return fc.array(arbitraryForSchema(contract, resolved.items ?? {}, choices), {
        minLength: resolved.minItems ?? 0,
        maxLength: resolved.maxItems,
      });
    case 'integer':
      return fc.integer({ min: resolved.minimum ?? Number.MIN_SAFE_INTEGER, max: resolved.maximum ?? Number.MAX_SAFE_INTEGER });
    case 'string':
      return stringFor(resolved);
    default:
      throw new Error(`No generator for the schema ${JSON.stringify(resolved).slice(0, 80)}; teach schema-arbitrary.ts its type.`);
  }
}

/** The request body of createCheckout, as its schema bounds it. */
export function requestBodyArbitrary(contract: OpenApiDocument, choices: ComponentChoices = {}): fc.Arbitrary<Record<string, unknown>> {
  return arbitraryForSchema(contract, { $ref: '#/components/schemas/CreateCheckoutRequest' }, choices) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

// Code points, as JSON Schema counts a string's length (fast-check's `binary` unit is one code point).
function stringFor(schema: Schema): fc.Arbitrary<string> {
  if (typeof schema.pattern === 'string') {
    return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((value) => fitsStringRules(schema, value));
  }
  return fc.string({ unit: 'binary', minLength: schema.minLength ?? 0, maxLength: schema.maxLength });
}

function fitsStringRules(schema: Schema, value: unknown): boolean {
  if (typeof value !== 'string') return true;
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) return false;
  return typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(value);
}

// Hosts that are never called: the reserved documentation names and ranges, and loopback (D14 accepts each form).
const SAFE_HOSTS = ['shop.example.com', 'example.org:8443', '127.0.0.1', '[2001:db8::1]:8443'];

/**
 * URLs on hosts that are never called, with a generated path and query; the component's pattern and maxLength (the
 * schema of `HttpUrl`) decide which are kept, so a URL rule lives only in the contract.
 */
export function safeUrlArbitrary(): fc.Arbitrary<string> {
  const segment = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'), minLength: 1, maxLength: 16 });
  return fc
    .tuple(
      fc.constantFrom('https', 'http', 'HTTPS'),
      fc.constantFrom(...SAFE_HOSTS),
      fc.array(segment, { maxLength: 3 }),
      fc.option(segment, { nil: undefined }),
    )
    .map(([scheme, host, segments, query]) => `${scheme}://${host}/${segments.join('/')}${query ? `?order=${query}` : ''}`);
}

/** A copy of `code` with each letter's case chosen at random: codes are compared in any case (D8, D9). */
export function casingsOf(code: string): fc.Arbitrary<string> {
  return fc
    .array(fc.boolean(), { minLength: code.length, maxLength: code.length })
    .map((upper) => [...code].map((char, index) => (upper[index] ? char.toUpperCase() : char.toLowerCase())).join(''));
}

/**
 * Most prices in the checkout's own currency (in any case), where each line's amount is checkable exactly (D13); the
 * rest keep the price currency the walk drew, converted at the implementation's rate.
 */
export function withPricesMostlyInCheckoutCurrency(body: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return body.chain((drawn) => {
    const items = drawn.invoice_items as Array<{ price_data: { currency: string } }>;
    const currency = String(drawn.currency);
    const prices = items.map(({ price_data }) =>
      fc.oneof({ weight: 3, arbitrary: casingsOf(currency) }, { weight: 1, arbitrary: fc.constant(price_data.currency) }),
    );
    return fc.tuple(...prices).map((currencies) => ({
      ...drawn,
      invoice_items: items.map((item, index) => ({ ...item, price_data: { ...item.price_data, currency: currencies[index] } })),
    }));
  });
}

/** The request's outer bounds, read from the schema, for the bodies that sit exactly on them. */
export interface RequestBounds {
  /** The largest `unit_amount`: the schema's maxLength in nines, split where its pattern allows the most digits. */
  largestUnitAmount: string;
  /** The largest `quantity` (InvoiceItem's maximum). */
  maxQuantity: number;
  /** The most `invoice_items` (their maxItems). */
  maxItems: number;
  /** The longest URL (HttpUrl's maxLength). */
  maxUrlLength: number;
}

export function readRequestBounds(contract: OpenApiDocument): RequestBounds {
  const schemas = contract.components.schemas as Record<string, Schema>;
  const request = schemas.CreateCheckoutRequest;
  const unitAmount = schemas.UnitAmount;
  const pattern = new RegExp(unitAmount.pattern, 'u');
  const width = unitAmount.maxLength as number;
  // The widest integer part first: the largest value of that many characters.
  const largestUnitAmount = Array.from({ length: width - 1 }, (_, index) => width - 2 - index)
    .map((whole) => `${'9'.repeat(whole)}.${'9'.repeat(width - 1 - whole)}`)
    .find((candidate) => pattern.test(candidate));
  if (!largestUnitAmount) throw new Error(`No amount of ${width} characters matches UnitAmount's pattern; teach readRequestBounds.`);
  return {
    largestUnitAmount,
    maxQuantity: schemas.InvoiceItem.properties.quantity.maximum,
    maxItems: request.properties.invoice_items.maxItems,
    maxUrlLength: schemas.HttpUrl.maxLength,
  };
}
