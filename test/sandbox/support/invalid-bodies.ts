// Invalid create bodies, each made from the `usdtOnTron` example by one change, with the JSON Pointer the 422 must
// name. Shared by the sandbox's own error suite and the Prism-proxy conformance suite.
import { namedRequests } from './contract-checks.js';

export interface InvalidBody {
  name: string;
  body: unknown;
  pointer: string;
}

function changed(name: string, pointer: string, change: (body: any) => unknown): InvalidBody {
  const body = structuredClone(namedRequests.usdtOnTron);
  const replaced = change(body);
  return { name, pointer, body: replaced === undefined ? body : replaced };
}

const item = (body: any) => body.invoice_items[0];
const price = (body: any) => item(body).price_data;

export const INVALID_BODIES: InvalidBody[] = [
  changed('currency missing', '/currency', (b) => {
    delete b.currency;
  }),
  changed('invoice_items missing', '/invoice_items', (b) => {
    delete b.invoice_items;
  }),
  changed('invoice_items empty', '/invoice_items', (b) => {
    b.invoice_items = [];
  }),
  changed('invoice_items over 100', '/invoice_items', (b) => {
    b.invoice_items = Array(101).fill(item(b));
  }),
  changed('invoice_items an object', '/invoice_items', (b) => {
    b.invoice_items = item(b);
  }),
  changed('price_data missing', '/invoice_items/0/price_data', (b) => {
    delete item(b).price_data;
  }),
  changed('quantity missing', '/invoice_items/0/quantity', (b) => {
    delete item(b).quantity;
  }),
  changed('quantity 0', '/invoice_items/0/quantity', (b) => {
    item(b).quantity = 0;
  }),
  changed('quantity fractional', '/invoice_items/0/quantity', (b) => {
    item(b).quantity = 1.5;
  }),
  changed('quantity a string', '/invoice_items/0/quantity', (b) => {
    item(b).quantity = '2';
  }),
  changed('quantity over 10000', '/invoice_items/0/quantity', (b) => {
    item(b).quantity = 10001;
  }),
  changed('unit_amount a JSON number', '/invoice_items/0/price_data/unit_amount', (b) => {
    price(b).unit_amount = 12.5;
  }),
  ...['0', '-1', '1e3', '012.50', '1.123456789', '1234567890123', ' 12.50'].map((value) =>
    changed(`unit_amount ${JSON.stringify(value)}`, '/invoice_items/0/price_data/unit_amount', (b) => {
      price(b).unit_amount = value;
    }),
  ),
  changed('price currency missing', '/invoice_items/0/price_data/currency', (b) => {
    delete price(b).currency;
  }),
  changed('product name missing', '/invoice_items/0/price_data/product_data/name', (b) => {
    delete price(b).product_data.name;
  }),
  changed('product name empty', '/invoice_items/0/price_data/product_data/name', (b) => {
    price(b).product_data.name = '';
  }),
  changed('product image not a URL', '/invoice_items/0/price_data/product_data/images/0', (b) => {
    price(b).product_data.images = ['not a url'];
  }),
  changed('unknown product field', '/invoice_items/0/price_data/product_data/colour', (b) => {
    price(b).product_data.colour = 'red';
  }),
  changed('success_url not a URL', '/success_url', (b) => {
    b.success_url = 'not-a-url';
  }),
  changed('cancel_url not http(s)', '/cancel_url', (b) => {
    b.cancel_url = 'ftp://shop.example.com/cancel';
  }),
  changed('callback_url a javascript: URL', '/callback_url', (b) => {
    b.callback_url = 'javascript:alert(1)';
  }),
  changed('callback_url with a user and password (D14)', '/callback_url', (b) => {
    b.callback_url = 'https://user:canary-pass@shop.example.com/hook';
  }),
  changed('success_url with a user name (D14)', '/success_url', (b) => {
    b.success_url = 'https://someone@shop.example.com/ok';
  }),
  changed('currency a number', '/currency', (b) => {
    b.currency = 840;
  }),
  changed('currency with a space', '/currency', (b) => {
    b.currency = 'us dollar';
  }),
  changed('client_reference_id empty', '/client_reference_id', (b) => {
    b.client_reference_id = '';
  }),
  changed('client_reference_id null', '/client_reference_id', (b) => {
    b.client_reference_id = null;
  }),
  changed('payment method type unknown', '/payment_method_data/type', (b) => {
    b.payment_method_data.type = 'card';
  }),
  changed('payment method network missing', '/payment_method_data/paymentMethodDetail/network', (b) => {
    delete b.payment_method_data.paymentMethodDetail.network;
  }),
  changed('a camelCase field (callbackUrl)', '/callbackUrl', (b) => {
    b.callbackUrl = b.callback_url;
  }),
  changed('a field named __proto__', '/__proto__', () =>
    JSON.parse(JSON.stringify(namedRequests.usdtOnTron).replace('{', '{"__proto__":{"x":1},')),
  ),
  changed('a field name holding / and ~', '/a~1b~0c', (b) => {
    b['a/b~c'] = 1;
  }),
  changed('the body an array', '', (b) => [b]),
  changed('the body a string', '', () => 'checkout'),
  changed('the body null', '', () => null),
];
