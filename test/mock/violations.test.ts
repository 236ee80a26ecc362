// Prism's sl-violations entries and the body they judged → the contract's FieldError {pointer, code, detail}: Prism's
// verdict says a body is refused, the contract's validator and describer (the sandbox's) say what is wrong. The
// violations are the shapes Prism 5.14.2 produces (see its convertAjvErrors); the last block runs Prism's engine and
// the sandbox's validator on the same bodies and wants the same entries from both.
import { beforeAll, describe, expect, it } from 'vitest';
import { locateBundle } from '../../src/mock/bundle.js';
import { createPatternDescriber, describeRequestViolations } from '../../src/mock/describe-prism-violations.js';
import { createPrismEngine, type PrismEngine } from '../../src/mock/prism-engine.js';
import { createRequestValidator } from '../../src/sandbox/validate-create-request.js';
import { CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';
import { INVALID_CREATE_BODIES } from '../support/invalid-create-bodies.js';
import { clone, contract, contractValue, seedSamples } from './mock-fixtures.js';

const bodyViolation = (path: string[], code: string, message: string) => ({
  location: ['request', 'body', ...path],
  severity: 'Error',
  code,
  message,
});

describe('describeRequestViolations', () => {
  const codes = contractValue.fieldErrorCodes;
  const createOperation = contractValue.operations.find((op) => op.method === 'POST' && op.path === CREATE_PATH);
  const describeBody = createOperation?.describeBody;
  const UNKNOWN_FIELD = 'is not a field of this object; remove it (request field names are snake_case)';

  it("takes the field errors of a body Prism refused from the contract's validator, never from Prism's sentences", () => {
    const body = clone(seedSamples.usdtOnTron);
    delete body.currency;
    Object.assign(body, { callbackUrl: 'https://shop.example.com/hook', 'a/b~c': 1 });
    Object.assign(body.invoice_items[0], { quantity: 1.5 });
    body.invoice_items[1] = { quantity: 1, price_data: { currency: 'usd', product_data: { name: 'n' } } };
    // One violation whose sentence says something else: Prism decides that the body is refused, not what is wrong.
    const { fieldErrors, otherMessages } = describeRequestViolations([bodyViolation([], 'required', 'Request body is wrong')], body, {
      describeBody,
      codes,
    });
    expect(fieldErrors).toEqual([
      { pointer: '/currency', code: 'required', detail: 'is required' },
      { pointer: '/callbackUrl', code: 'unknown_field', detail: UNKNOWN_FIELD },
      { pointer: '/a~1b~0c', code: 'unknown_field', detail: UNKNOWN_FIELD },
      { pointer: '/invoice_items/0/quantity', code: 'wrong_type', detail: 'must be an integer (a whole JSON number)' },
      { pointer: '/invoice_items/1/price_data/unit_amount', code: 'required', detail: 'is required' },
    ]);
    expect(otherMessages).toEqual([]);
  });

  it('keeps the describer\'s code when no code list is given, and "invalid" for a code the list does not hold', () => {
    const violation = bodyViolation(['currency'], 'type', 'Request body property currency must be string');
    const body = { ...clone(seedSamples.usdtOnTron), currency: 7 };
    expect(describeRequestViolations([violation], body, { describeBody }).fieldErrors).toEqual([
      { pointer: '/currency', code: 'wrong_type', detail: 'must be a string' },
    ]);
    expect(describeRequestViolations([violation], body, { describeBody, codes: ['invalid'] }).fieldErrors).toEqual([
      { pointer: '/currency', code: 'invalid', detail: 'must be a string' },
    ]);
  });

  it('uses the root pointer for a body that is not an object, and reads Prism\'s "no body" (a JSON null) as one', () => {
    const notObject = describeRequestViolations([bodyViolation([], 'type', 'Request body must be object')], 'text', { describeBody });
    const nullBody = describeRequestViolations(
      [{ location: ['request'], severity: 'Error', code: 'required', message: 'Body parameter is required' }],
      null,
      { describeBody },
    );
    expect(notObject.fieldErrors).toEqual([{ pointer: '', code: 'wrong_type', detail: 'must be a JSON object' }]);
    expect(nullBody.fieldErrors).toEqual(notObject.fieldErrors);
  });

  it('keeps header problems out of errors[] (whose pointers point into the body) but reports them', () => {
    const { fieldErrors, otherMessages } = describeRequestViolations(
      [
        {
          location: ['request', 'header', 'idempotency-key'],
          severity: 'Error',
          code: 'maxLength',
          message: 'Request header parameter idempotency-key must NOT have more than 255 characters',
        },
      ],
      clone(seedSamples.usdtOnTron),
      { describeBody },
    );
    expect(fieldErrors).toEqual([]);
    expect(otherMessages).toEqual(['Request header parameter idempotency-key must NOT have more than 255 characters']);
  });

  it("never quotes the regex of a pattern violation: the contract's facts word it, or a generic sentence stands in", () => {
    const regexMessage = 'Request body property invoice_items.0.price_data.unit_amount must match pattern "^(?:[1-9][0-9]{0,11})$"';
    const violations = [
      bodyViolation(['invoice_items', '0', 'price_data', 'unit_amount'], 'pattern', regexMessage),
      {
        location: ['request', 'header', 'idempotency-key'],
        severity: 'Error',
        code: 'pattern',
        message: 'Request header parameter idempotency-key must match pattern "^[\\x21-\\x7E]+$"',
      },
    ];
    const body = clone(seedSamples.usdtOnTron);
    body.invoice_items[0].price_data.unit_amount = '12.5.0';
    const described = describeRequestViolations(violations, body, {
      describeBody,
      describePattern: (location) => `words for ${location.join('.')}`,
    });
    expect(described.fieldErrors).toEqual([
      {
        pointer: '/invoice_items/0/price_data/unit_amount',
        code: 'pattern',
        detail: expect.stringMatching(/^does not have the form of UnitAmount: A positive decimal/),
      },
    ]);
    expect(described.otherMessages).toEqual(['Request header parameter idempotency-key words for header.idempotency-key']);

    const generic = describeRequestViolations(violations, body);
    expect(generic.fieldErrors).toEqual([]);
    expect(generic.otherMessages).toEqual([
      'Request body does not have the expected format',
      'Request header parameter idempotency-key does not have the expected format',
    ]);
    expect(JSON.stringify(generic)).not.toMatch(/pattern|\^/);
  });

  it("says why in Prism's words when Prism refuses a body the contract's validator accepts", () => {
    const { fieldErrors, otherMessages } = describeRequestViolations(
      [
        bodyViolation(['metadata'], 'not', 'Request body property metadata must NOT be valid'),
        bodyViolation(['metadata'], 'not', 'Request body property metadata must NOT be valid'),
      ],
      clone(seedSamples.usdtOnTron),
      { describeBody, codes },
    );
    expect(fieldErrors).toEqual([]);
    expect(otherMessages).toEqual(['Request body property metadata must NOT be valid']);
  });

  it('ignores warnings and response violations', () => {
    const { fieldErrors, otherMessages } = describeRequestViolations(
      [
        { ...bodyViolation(['currency'], 'format', 'Request body property currency warn'), severity: 'Warning' },
        {
          location: ['response', 'body', 'url'],
          severity: 'Error',
          code: 'format',
          message: 'Response body property url must match format "uri"',
        },
      ],
      { currency: 7 },
      { describeBody },
    );
    expect([...fieldErrors, ...otherMessages]).toEqual([]);
  });
});

describe("Prism's violations and the sandbox's Ajv errors for the same body give the same field errors", () => {
  let engine: PrismEngine;
  beforeAll(async () => {
    engine = await createPrismEngine({ document: locateBundle().json, logLevel: 'silent', log: () => {} });
  });
  // What the mock's server builds for the create operation at start-up.
  const operation = contractValue.operations.find((op) => op.method === 'POST' && op.path === CREATE_PATH);
  const options = {
    describePattern: createPatternDescriber(contract, operation),
    describeBody: operation?.describeBody,
    codes: contractValue.fieldErrorCodes,
  };
  const validateRequest = createRequestValidator(contractValue);
  const manyFaults = clone(seedSamples.usdtOnTron);
  delete manyFaults.currency;
  Object.assign(manyFaults.invoice_items[0], { quantity: 0 });
  Object.assign(manyFaults.invoice_items[0].price_data, { unit_amount: '', currency: 'u s' });
  Object.assign(manyFaults, { success_url: 'nope', client_reference_id: 7, extra: true });
  manyFaults.invoice_items[0].price_data.product_data.name = 'x'.repeat(251);
  manyFaults.payment_method_data.type = 'card';
  const bodies: Array<[string, unknown]> = [
    ...INVALID_CREATE_BODIES.map((invalid) => [invalid.name, invalid.body] as [string, unknown]),
    ['one body breaking many rules, two of them on one field', manyFaults],
  ];

  it.each(bodies)('%s', async (_name, body) => {
    const answer = await engine.answer({
      method: 'POST',
      url: CREATE_PATH,
      headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json' },
      body,
    });
    const mock = describeRequestViolations(answer.violations, body, options);
    const sandbox = validateRequest(body);
    expect(sandbox.ok).toBe(false);
    expect(mock.otherMessages).toEqual([]);
    expect(mock.fieldErrors).toEqual(sandbox.ok ? [] : sandbox.errors);
  });
});
