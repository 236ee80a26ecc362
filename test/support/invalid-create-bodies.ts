// Invalid create bodies, each the `usdtOnTron` example changed in one way, with the JSON Pointer the 422 must name.
// The rows are the schema walk's (src/conformance/generate-negative-space.ts: every field past every rule), the
// contract's own table of what the walk cannot make (src/conformance/invalid-bodies.ts, which the kit sends and the
// contract's tests prove against the schema), plus the cases below that only the test suites send.
import { generateNegativeSpace } from '../../src/conformance/generate-negative-space.js';
import { type InvalidCase, invalidBodyCases } from '../../src/conformance/invalid-bodies.js';
import { createContractValidators } from '../../src/contract/compile-schemas.js';
import { blamedPointer } from '../../src/contract/field-errors.js';
import { loadContract } from '../../src/contract/load-contract.js';
import { readValidCreateBody } from './bad-inputs.js';

export interface InvalidBody {
  name: string;
  body: unknown;
  pointer: string;
}

/** The field a row of the contract's table is about, blamed as both servers blame it (src/contract/field-errors.ts). */
function readOffendingPointer({ keyword, path, missing }: InvalidCase, body: unknown, sample: unknown): string {
  const at = (value: any) =>
    path
      .split('/')
      .slice(1)
      .reduce((node, key) => node?.[key], value);
  const [changed, original] = [at(body), at(sample)];
  const extra =
    keyword === 'additionalProperties' && changed && original && typeof changed === 'object' && !Array.isArray(changed)
      ? Object.keys(changed).find((key) => !(key in original))
      : undefined;
  return blamedPointer({ instancePath: path, keyword, params: { missingProperty: missing, additionalProperty: extra } });
}

function changed(name: string, pointer: string, change: (body: any) => unknown): InvalidBody {
  const body = readValidCreateBody();
  const replaced = change(body);
  return { name, pointer, body: replaced === undefined ? body : replaced };
}

const item = (body: any) => body.invoice_items[0];
const price = (body: any) => item(body).price_data;

const fromContractTable: InvalidBody[] = invalidBodyCases.map((invalid) => {
  const row = changed(invalid.name, '', invalid.change);
  return { ...row, pointer: readOffendingPointer(invalid, row.body, readValidCreateBody()) };
});

const fromSchemaWalk: InvalidBody[] = generateNegativeSpace(
  readValidCreateBody(),
  createContractValidators(loadContract()).validatorFor('CreateCheckoutRequest'),
  [],
  loadContract(),
).cases.map(({ name, body, pointer }) => ({ name: `walk: ${name}`, body, pointer }));

// Cases the contract's table leaves out: bodies it cannot express as a schema rule (D14's userinfo on other URLs,
// names that need escaping in a pointer, a __proto__ key) and bodies that are not objects.
const onlyInSuites: InvalidBody[] = [
  changed('unknown product field', '/invoice_items/0/price_data/product_data/colour', (b) => {
    price(b).product_data.colour = 'red';
  }),
  changed('callback_url with a user and password (D14)', '/callback_url', (b) => {
    b.callback_url = 'https://user:canary-pass@shop.example.com/hook';
  }),
  changed('success_url with a user name (D14)', '/success_url', (b) => {
    b.success_url = 'https://someone@shop.example.com/ok';
  }),
  changed('client_reference_id null', '/client_reference_id', (b) => {
    b.client_reference_id = null;
  }),
  changed('a field named __proto__', '/__proto__', () =>
    JSON.parse(JSON.stringify(readValidCreateBody()).replace('{', '{"__proto__":{"x":1},')),
  ),
  changed('a field name holding / and ~', '/a~1b~0c', (b) => {
    b['a/b~c'] = 1;
  }),
  changed('the body a string', '', () => 'checkout'),
  changed('the body null', '', () => null),
];

export const INVALID_CREATE_BODIES: InvalidBody[] = [...fromSchemaWalk, ...fromContractTable, ...onlyInSuites];
