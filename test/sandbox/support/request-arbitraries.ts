// fast-check arbitraries of create bodies: valid ones built to the contract's documented bounds, mutations of those
// (a field deleted, replaced by any JSON value, or an unknown one added), any JSON value, and any text. Which of
// them are valid is never decided here: the suite asks the contract's compiled schema.
import fc from 'fast-check';

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'.split('');
const code = (min: number, max: number, extra: string[] = []) =>
  fc.array(fc.constantFrom(...alphanumeric, ...extra), { minLength: min, maxLength: max }).map((chars) => chars.join(''));

const currencyCode = fc.oneof(fc.constantFrom('usdt', 'USDT', 'usdc', 'USD', 'eur', 'Btc'), code(2, 10));
const networkCode = fc.oneof(fc.constantFrom('tron', 'ethereum', 'Polygon'), code(2, 32, ['-', '_']));

const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((list) => list.join(''));
const integerPart = fc.oneof(
  fc.constant('0'),
  fc.tuple(fc.integer({ min: 1, max: 9 }), digits(0, 11)).map(([first, rest]) => `${first}${rest}`),
);
const unitAmount = fc
  .tuple(integerPart, fc.option(digits(1, 8), { nil: undefined }))
  .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`))
  .filter((amount) => !/^0+(\.0+)?$/.test(amount));

const httpUrl = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true }).filter((url) => url.length <= 2048);

/** A copy of `currency` with each letter's case chosen at random, or (rarely) another currency. */
const priceCurrency = (currency: string) =>
  fc.oneof(
    {
      weight: 9,
      arbitrary: fc
        .array(fc.boolean(), { minLength: currency.length, maxLength: currency.length })
        .map((upper) => [...currency].map((char, index) => (upper[index] ? char.toUpperCase() : char.toLowerCase())).join('')),
    },
    { weight: 1, arbitrary: currencyCode },
  );

const invoiceItem = (currency: string) =>
  fc.record({
    price_data: fc.record({
      product_data: fc.record(
        {
          name: fc.string({ minLength: 1, maxLength: 250, unit: 'grapheme' }),
          description: fc.string({ maxLength: 1000 }),
          images: fc.array(httpUrl, { maxLength: 8 }),
        },
        { requiredKeys: ['name'] },
      ),
      currency: priceCurrency(currency),
      unit_amount: unitAmount,
    }),
    quantity: fc.integer({ min: 1, max: 10_000 }),
  });

export const validishBody = currencyCode.chain((currency) =>
  fc.record(
    {
      client_reference_id: fc.string({ minLength: 1, maxLength: 200 }),
      currency: fc.constant(currency),
      invoice_items: fc.array(invoiceItem(currency), { minLength: 1, maxLength: 6 }),
      success_url: httpUrl,
      cancel_url: httpUrl,
      callback_url: httpUrl,
      payment_method_data: fc.record({
        type: fc.constant('cryptopaymentmethoddetail'),
        paymentMethodDetail: fc.record({ currency: currencyCode, network: networkCode }),
      }),
    },
    { requiredKeys: ['currency', 'invoice_items'] },
  ),
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
