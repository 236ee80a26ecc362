// The contract's table of invalid request bodies the schema walk cannot produce (generate-negative-space.ts steps each
// field once past each rule: missing, null, each other JSON type, one past each bound, one character off its pattern,
// one value off its enum, one unknown field). Each row changes the seed sample `usdtOnTron` in one way the request
// schema must reject, with the Ajv keyword and instance path the rejection names, and says why the walk's own case for
// that rule is not enough: the mistakes a lenient parser makes (a sign, an exponent, a comma, a lone item for a list),
// and names a lenient implementation maps. The contract's tests (test/contract/invalid-bodies.test.ts) prove each row
// against the schema and prove the walk makes none of them; the conformance kit sends each row to an implementation
// and expects a 422 that names the field.

export interface InvalidCase {
  name: string;
  /** Why the row is kept beside the walk: the mistake it catches that the walk's case for the same rule does not. */
  why: string;
  change: (body: any) => unknown;
  /** The Ajv keyword and instance path the rejection must name; `missing` for `required`. */
  keyword: string;
  path: string;
  missing?: string;
}

const item = (body: any) => body.invoice_items[0];
const price = (body: any) => item(body).price_data;
const setUnitAmount = (value: unknown) => (body: any) => {
  price(body).unit_amount = value;
};
const UNIT_AMOUNT = '/invoice_items/0/price_data/unit_amount';

export const invalidBodyCases: InvalidCase[] = [
  {
    name: 'invoice_items an object',
    why: 'one item where the list belongs: an implementation that wraps a lone value accepts it',
    change: (b) => {
      b.invoice_items = item(b);
    },
    keyword: 'type',
    path: '/invoice_items',
  },
  ...(
    [
      ['-1', 'a sign, which a number parser takes'],
      ['+1', 'a plus sign, which a number parser takes'],
      ['1e3', 'an exponent, which a number parser takes'],
      ['12.5.0', 'two points: a parser that stops at the second reads 12.5'],
      [' 12.50', 'a leading space, which a trimming parser drops'],
      ['12.50 ', 'a trailing space, which a trimming parser drops'],
      ['12,50', 'a decimal comma, which a locale-aware parser reads as 12.50'],
      ['0', 'zero, which the pattern refuses though it has the form of an amount (D12)'],
      ['0.00', 'zero with decimals, refused like 0 (D12)'],
      ['012.50', 'a leading zero, which a number parser drops'],
      ['12.', 'a point with no decimals, which a number parser takes'],
      ['.5', 'no integer digit, which a number parser takes'],
      ['1.123456789', 'nine decimals, one past the eight the pattern allows: a parser that rounds takes it'],
      ['1234567890123', 'thirteen integer digits, one past the twelve the pattern allows'],
      ['NaN', 'a word a number parser turns into a number'],
      ['Infinity', 'a word a number parser turns into a number'],
      ['0x1A', 'hexadecimal, which a number parser takes'],
      ['１２', 'full-width digits, which a Unicode-aware parser reads as 12'],
    ] as const
  ).map(([value, why]) => ({
    name: `unit_amount ${JSON.stringify(value)}`,
    why,
    change: setUnitAmount(value),
    keyword: 'pattern',
    path: UNIT_AMOUNT,
  })),
  {
    name: 'product images not an array',
    why: 'one URL where the list belongs: an implementation that wraps a lone value accepts it',
    change: (b) => {
      price(b).product_data.images = 'https://shop.example.com/a.png';
    },
    keyword: 'type',
    path: '/invoice_items/0/price_data/product_data/images',
  },
  {
    name: 'success_url with a user name and password (D14)',
    why: "credentials before the host: a well-formed URL that only the pattern's userinfo rule refuses",
    change: (b) => {
      b.success_url = 'https://user:pass@shop.example.com/ok';
    },
    keyword: 'pattern',
    path: '/success_url',
  },
  {
    name: 'cancel_url not http(s)',
    why: 'a well-formed URL of another scheme, which a URL parser accepts',
    change: (b) => {
      b.cancel_url = 'ftp://shop.example.com/cancel';
    },
    keyword: 'pattern',
    path: '/cancel_url',
  },
  {
    name: 'callback_url a javascript: URL',
    why: 'a script URL, which a URL parser accepts and a browser runs',
    change: (b) => {
      b.callback_url = 'javascript:alert(1)';
    },
    keyword: 'pattern',
    path: '/callback_url',
  },
  {
    name: 'callback_url relative',
    why: 'a relative reference, which a URL parser resolves against a base',
    change: (b) => {
      b.callback_url = '/webhooks/checkout';
    },
    keyword: 'pattern',
    path: '/callback_url',
  },
  {
    name: 'success_url with a space (D14: no whitespace)',
    why: 'whitespace inside the path, which a URL parser percent-encodes (the walk breaks only the first or last character)',
    change: (b) => {
      b.success_url = 'https://shop.example.com/thank you';
    },
    keyword: 'pattern',
    path: '/success_url',
  },
  {
    name: 'currency empty',
    why: 'the empty string, which an implementation may read as absent (the walk sends one character)',
    change: (b) => {
      b.currency = '';
    },
    keyword: 'minLength',
    path: '/currency',
  },
  {
    name: 'payment method type unknown',
    why: 'card, a payment method type the record lists (PaymentMethodType) but the request may not choose',
    change: (b) => {
      b.payment_method_data.type = 'card';
    },
    keyword: 'enum',
    path: '/payment_method_data/type',
  },
  {
    name: 'payment method detail in snake_case',
    why: 'a known field under the other casing, which a lenient implementation maps (the walk only adds names)',
    change: (b) => {
      b.payment_method_data.payment_method_detail = b.payment_method_data.paymentMethodDetail;
      delete b.payment_method_data.paymentMethodDetail;
    },
    keyword: 'required',
    path: '/payment_method_data',
    missing: 'paymentMethodDetail',
  },
  {
    name: 'a camelCase top-level field (callbackUrl)',
    why: "a known field's camelCase name, which a lenient implementation maps (the walk's unknown field means nothing)",
    change: (b) => {
      b.callbackUrl = b.callback_url;
    },
    keyword: 'additionalProperties',
    path: '',
  },
  { name: 'the body an array', why: 'the walk changes fields only, never the body itself', change: (b) => [b], keyword: 'type', path: '' },
];
