// The contract's table of invalid request bodies: each changes the seed sample `usdtOnTron` in one way that the
// request schema must reject, with the Ajv keyword and instance path the rejection names. The contract's tests
// (test/contract/invalid-bodies.test.ts) prove each row against the schema; the conformance kit sends each row to an
// implementation and expects a 422 that names the field.

export interface InvalidCase {
  name: string;
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

export const invalidBodyCases: InvalidCase[] = [
  {
    name: 'currency missing',
    change: (b) => {
      delete b.currency;
    },
    keyword: 'required',
    path: '',
    missing: 'currency',
  },
  {
    name: 'invoice_items missing',
    change: (b) => {
      delete b.invoice_items;
    },
    keyword: 'required',
    path: '',
    missing: 'invoice_items',
  },
  {
    name: 'invoice_items empty',
    change: (b) => {
      b.invoice_items = [];
    },
    keyword: 'minItems',
    path: '/invoice_items',
  },
  {
    name: 'invoice_items over 100',
    change: (b) => {
      b.invoice_items = Array(101).fill(item(b));
    },
    keyword: 'maxItems',
    path: '/invoice_items',
  },
  {
    name: 'invoice_items an object',
    change: (b) => {
      b.invoice_items = item(b);
    },
    keyword: 'type',
    path: '/invoice_items',
  },
  {
    name: 'price_data missing',
    change: (b) => {
      delete item(b).price_data;
    },
    keyword: 'required',
    path: '/invoice_items/0',
    missing: 'price_data',
  },
  {
    name: 'quantity missing',
    change: (b) => {
      delete item(b).quantity;
    },
    keyword: 'required',
    path: '/invoice_items/0',
    missing: 'quantity',
  },
  {
    name: 'quantity 0',
    change: (b) => {
      item(b).quantity = 0;
    },
    keyword: 'minimum',
    path: '/invoice_items/0/quantity',
  },
  {
    name: 'quantity negative',
    change: (b) => {
      item(b).quantity = -3;
    },
    keyword: 'minimum',
    path: '/invoice_items/0/quantity',
  },
  {
    name: 'quantity fractional',
    change: (b) => {
      item(b).quantity = 1.5;
    },
    keyword: 'type',
    path: '/invoice_items/0/quantity',
  },
  {
    name: 'quantity a string',
    change: (b) => {
      item(b).quantity = '2';
    },
    keyword: 'type',
    path: '/invoice_items/0/quantity',
  },
  {
    name: 'quantity over 10000',
    change: (b) => {
      item(b).quantity = 10001;
    },
    keyword: 'maximum',
    path: '/invoice_items/0/quantity',
  },
  {
    name: 'unit_amount missing',
    change: (b) => {
      delete price(b).unit_amount;
    },
    keyword: 'required',
    path: '/invoice_items/0/price_data',
    missing: 'unit_amount',
  },
  { name: 'unit_amount a JSON number', change: setUnitAmount(12.5), keyword: 'type', path: '/invoice_items/0/price_data/unit_amount' },
  { name: 'unit_amount null', change: setUnitAmount(null), keyword: 'type', path: '/invoice_items/0/price_data/unit_amount' },
  ...[
    '',
    '-1',
    '+1',
    '1e3',
    '12.5.0',
    ' 12.50',
    '12.50 ',
    '12,50',
    '0',
    '0.00',
    '012.50',
    '12.',
    '.5',
    '1.123456789',
    '1234567890123',
    'NaN',
    'Infinity',
    '0x1A',
    '１２',
  ].map((value) => ({
    name: `unit_amount ${JSON.stringify(value)}`,
    change: setUnitAmount(value),
    keyword: 'pattern',
    path: '/invoice_items/0/price_data/unit_amount',
  })),
  {
    name: 'price currency missing',
    change: (b) => {
      delete price(b).currency;
    },
    keyword: 'required',
    path: '/invoice_items/0/price_data',
    missing: 'currency',
  },
  {
    name: 'price_data null',
    change: (b) => {
      item(b).price_data = null;
    },
    keyword: 'type',
    path: '/invoice_items/0/price_data',
  },
  {
    name: 'product_data missing',
    change: (b) => {
      delete price(b).product_data;
    },
    keyword: 'required',
    path: '/invoice_items/0/price_data',
    missing: 'product_data',
  },
  {
    name: 'product name missing',
    change: (b) => {
      delete price(b).product_data.name;
    },
    keyword: 'required',
    path: '/invoice_items/0/price_data/product_data',
    missing: 'name',
  },
  {
    name: 'product name empty',
    change: (b) => {
      price(b).product_data.name = '';
    },
    keyword: 'minLength',
    path: '/invoice_items/0/price_data/product_data/name',
  },
  {
    name: 'product images not an array',
    change: (b) => {
      price(b).product_data.images = 'https://shop.example.com/a.png';
    },
    keyword: 'type',
    path: '/invoice_items/0/price_data/product_data/images',
  },
  {
    name: 'product image not a URL',
    change: (b) => {
      price(b).product_data.images = ['not a url'];
    },
    keyword: 'pattern',
    path: '/invoice_items/0/price_data/product_data/images/0',
  },
  {
    name: 'success_url not a URL',
    change: (b) => {
      b.success_url = 'not-a-url';
    },
    keyword: 'pattern',
    path: '/success_url',
  },
  {
    name: 'success_url with a user name and password (D14)',
    change: (b) => {
      b.success_url = 'https://user:pass@shop.example.com/ok';
    },
    keyword: 'pattern',
    path: '/success_url',
  },
  {
    name: 'cancel_url not http(s)',
    change: (b) => {
      b.cancel_url = 'ftp://shop.example.com/cancel';
    },
    keyword: 'pattern',
    path: '/cancel_url',
  },
  {
    name: 'callback_url a javascript: URL',
    change: (b) => {
      b.callback_url = 'javascript:alert(1)';
    },
    keyword: 'pattern',
    path: '/callback_url',
  },
  {
    name: 'callback_url relative',
    change: (b) => {
      b.callback_url = '/webhooks/checkout';
    },
    keyword: 'pattern',
    path: '/callback_url',
  },
  {
    name: 'success_url with a space (D14: no whitespace)',
    change: (b) => {
      b.success_url = 'https://shop.example.com/thank you';
    },
    keyword: 'pattern',
    path: '/success_url',
  },
  {
    name: 'callback_url of 2049 characters (D14)',
    change: (b) => {
      b.callback_url = `https://shop.example.com/${'a'.repeat(2049 - 'https://shop.example.com/'.length)}`;
    },
    keyword: 'maxLength',
    path: '/callback_url',
  },
  {
    name: 'currency a number',
    change: (b) => {
      b.currency = 840;
    },
    keyword: 'type',
    path: '/currency',
  },
  {
    name: 'currency empty',
    change: (b) => {
      b.currency = '';
    },
    keyword: 'minLength',
    path: '/currency',
  },
  {
    name: 'currency with a space',
    change: (b) => {
      b.currency = 'us dollar';
    },
    keyword: 'pattern',
    path: '/currency',
  },
  {
    name: 'client_reference_id empty',
    change: (b) => {
      b.client_reference_id = '';
    },
    keyword: 'minLength',
    path: '/client_reference_id',
  },
  {
    name: 'client_reference_id a number',
    change: (b) => {
      b.client_reference_id = 1001;
    },
    keyword: 'type',
    path: '/client_reference_id',
  },
  {
    name: 'payment_method_data a string',
    change: (b) => {
      b.payment_method_data = 'crypto';
    },
    keyword: 'type',
    path: '/payment_method_data',
  },
  {
    name: 'payment method type unknown',
    change: (b) => {
      b.payment_method_data.type = 'card';
    },
    keyword: 'enum',
    path: '/payment_method_data/type',
  },
  {
    name: 'payment method network missing',
    change: (b) => {
      delete b.payment_method_data.paymentMethodDetail.network;
    },
    keyword: 'required',
    path: '/payment_method_data/paymentMethodDetail',
    missing: 'network',
  },
  {
    name: 'payment method detail in snake_case',
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
    change: (b) => {
      b.callbackUrl = b.callback_url;
    },
    keyword: 'additionalProperties',
    path: '',
  },
  { name: 'the body an array', change: (b) => [b], keyword: 'type', path: '' },
];
