// Prism's sl-violations entries → the contract's FieldError {pointer, code, detail}, through the describer the
// sandbox uses too. The inputs are the shapes Prism 5.14.2 produces (see its convertAjvErrors); the last block runs
// Prism's engine and the sandbox's validator on the same bodies and wants the same entries from both.
import { beforeAll, describe, expect, it } from 'vitest';
import { CREATE_PATH } from '../../src/conformance/config.js';
import { listOperations, readFieldErrorCodes } from '../../src/contract/contract-facts.js';
import { locateBundle } from '../../src/mock/bundle.js';
import {
  createPatternComponentFinder,
  createPatternDescriber,
  describeRequestViolations,
  parseViolationsHeader,
} from '../../src/mock/describe-prism-violations.js';
import { createPrismEngine, type PrismEngine } from '../../src/mock/prism-engine.js';
import { createRequestValidator } from '../../src/sandbox/validate-create-request.js';
import { CANARY_KEY } from '../support/canary.js';
import { INVALID_CREATE_BODIES } from '../support/invalid-create-bodies.js';
import { clone, contract, seedSamples } from './mock-fixtures.js';

const bodyViolation = (path: string[], code: string, message: string) => ({
  location: ['request', 'body', ...path],
  severity: 'Error',
  code,
  message,
});

describe('parseViolationsHeader', () => {
  it('reads the JSON array and tolerates a missing or broken header', () => {
    expect(parseViolationsHeader('[{"location":["request"],"severity":"Error","code":415,"message":"m"}]')).toEqual([
      { location: ['request'], severity: 'Error', code: 415, message: 'm' },
    ]);
    expect(parseViolationsHeader(undefined)).toEqual([]);
    expect(parseViolationsHeader('not json')).toEqual([]);
    expect(parseViolationsHeader('{"a":1}')).toEqual([]);
  });
});

describe('describeRequestViolations', () => {
  const codes = readFieldErrorCodes(contract);

  it('gives each field error the code the contract lists for its keyword, as the sandbox does', () => {
    expect(codes).toContain('invalid');
    const urlComponent = (location: string[]) => ({ component: location.at(-1) === 'callback_url' ? 'HttpUrl' : 'UnitAmount' });
    const { fieldErrors } = describeRequestViolations(
      [
        bodyViolation([], 'required', "Request body must have required property 'currency'"),
        bodyViolation([], 'additionalProperties', "Request body must NOT have additional properties; found 'callbackUrl'"),
        bodyViolation(['client_reference_id'], 'type', 'Request body property client_reference_id must be string'),
        bodyViolation(['invoice_items'], 'minItems', 'Request body property invoice_items must NOT have fewer than 1 items'),
        bodyViolation(['invoice_items', '0', 'price_data', 'unit_amount'], 'pattern', 'Request body property … must match pattern "^x$"'),
        bodyViolation(['callback_url'], 'pattern', 'Request body property callback_url must match pattern "^https?://"'),
        bodyViolation(['success_url'], 'format', 'Request body property success_url must match format "uri"'),
        bodyViolation(['metadata'], 'not', 'Request body property metadata must NOT be valid'),
      ],
      { codes, findPatternComponent: urlComponent },
    );
    expect(fieldErrors.map((error) => error.code)).toEqual([
      'required',
      'unknown_field',
      'wrong_type',
      'too_few_items',
      'pattern',
      'invalid_url',
      'invalid_url',
      'invalid',
    ]);
  });

  it('carries no code when the contract lists none, and "invalid" for a code the contract does not list', () => {
    const violation = bodyViolation(['currency'], 'type', 'Request body property currency must be string');
    expect(describeRequestViolations([violation]).fieldErrors).toEqual([{ pointer: '/currency', detail: 'must be a string' }]);
    expect(describeRequestViolations([violation], { codes: ['invalid'] }).fieldErrors).toEqual([
      { pointer: '/currency', code: 'invalid', detail: 'must be a string' },
    ]);
  });

  it('maps a nested property path to a JSON Pointer and keeps only what is wrong', () => {
    const { fieldErrors } = describeRequestViolations([
      bodyViolation(['invoice_items', '0', 'quantity'], 'type', 'Request body property invoice_items.0.quantity must be integer'),
    ]);
    expect(fieldErrors).toEqual([{ pointer: '/invoice_items/0/quantity', detail: 'must be an integer (a whole JSON number)' }]);
  });

  it('points a missing property at the property itself', () => {
    const { fieldErrors } = describeRequestViolations([
      bodyViolation([], 'required', "Request body must have required property 'currency'"),
      bodyViolation(
        ['invoice_items', '1', 'price_data'],
        'required',
        "Request body property invoice_items.1.price_data must have required property 'unit_amount'",
      ),
    ]);
    expect(fieldErrors).toEqual([
      { pointer: '/currency', detail: 'is required' },
      { pointer: '/invoice_items/1/price_data/unit_amount', detail: 'is required' },
    ]);
  });

  it('points an unknown property at that property and escapes "/" and "~" in its name', () => {
    const { fieldErrors } = describeRequestViolations([
      bodyViolation([], 'additionalProperties', "Request body must NOT have additional properties; found 'callbackUrl'"),
      bodyViolation([], 'additionalProperties', "Request body must NOT have additional properties; found 'a/b~c'"),
    ]);
    expect(fieldErrors.map((e) => e.pointer)).toEqual(['/callbackUrl', '/a~1b~0c']);
    expect(fieldErrors[0].detail).toMatch(/not a field/);
  });

  it('uses the root pointer for a body that is not an object, and reads Prism\'s "no body" (a JSON null) as one', () => {
    const notObject = describeRequestViolations([bodyViolation([], 'type', 'Request body must be object')]);
    const nullBody = describeRequestViolations([
      { location: ['request'], severity: 'Error', code: 'required', message: 'Body parameter is required' },
    ]);
    expect(notObject.fieldErrors).toEqual([{ pointer: '', detail: 'must be a JSON object' }]);
    expect(nullBody.fieldErrors).toEqual(notObject.fieldErrors);
  });

  it('keeps header problems out of errors[] (whose pointers point into the body) but reports them', () => {
    const { fieldErrors, otherMessages } = describeRequestViolations([
      {
        location: ['request', 'header', 'idempotency-key'],
        severity: 'Error',
        code: 'maxLength',
        message: 'Request header parameter idempotency-key must NOT have more than 255 characters',
      },
    ]);
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
    const asked: string[][] = [];
    const described = describeRequestViolations(violations, {
      findPatternComponent: (location) => {
        asked.push(location);
        return { component: 'UnitAmount', componentDescription: 'A decimal amount.' };
      },
      describePattern: (location) => `words for ${location.join('.')}`,
    });
    expect(asked).toEqual([['body', 'invoice_items', '0', 'price_data', 'unit_amount']]);
    expect(described.fieldErrors).toEqual([
      { pointer: '/invoice_items/0/price_data/unit_amount', detail: 'does not have the form of UnitAmount: A decimal amount.' },
    ]);
    expect(described.otherMessages).toEqual(['Request header parameter idempotency-key words for header.idempotency-key']);

    const generic = describeRequestViolations(violations);
    expect(generic.fieldErrors[0].detail).toBe('does not have the expected format');
    expect(generic.otherMessages[0]).toBe('Request header parameter idempotency-key does not have the expected format');
    expect(JSON.stringify(generic)).not.toMatch(/pattern|\^/);
  });

  it("reads Ajv's params back from Prism's sentences, and joins two rules one field breaks into one entry", () => {
    const { fieldErrors } = describeRequestViolations([
      bodyViolation(['invoice_items'], 'minItems', 'Request body property invoice_items must NOT have fewer than 1 items'),
      bodyViolation(['invoice_items'], 'maxItems', 'Request body property invoice_items must NOT have more than 100 items'),
      bodyViolation(['name'], 'maxLength', 'Request body property name must NOT have more than 250 characters'),
      bodyViolation(['quantity'], 'minimum', 'Request body property quantity must be >= 1'),
      bodyViolation(['quantity'], 'maximum', 'Request body property quantity must be <= 10000'),
      bodyViolation(['type'], 'enum', 'Request body property type must be equal to one of the allowed values: crypto, card'),
      bodyViolation(['id'], 'type', 'Request body property id must be string,null'),
      bodyViolation(['url'], 'format', 'Request body property url must match format "uri"'),
      bodyViolation(['n'], 'multipleOf', 'Request body property n must be multiple of 2'),
      bodyViolation(['v'], 'const', 'Request body property v must be equal to constant'),
    ]);
    expect(fieldErrors).toEqual([
      { pointer: '/invoice_items', detail: 'must have at least 1 item; must have at most 100 items' },
      { pointer: '/name', detail: 'must be at most 250 characters long' },
      { pointer: '/quantity', detail: 'must be at least 1; must be at most 10000' },
      { pointer: '/type', detail: 'must be one of: "crypto", "card"' },
      { pointer: '/id', detail: 'must be a string or null' },
      { pointer: '/url', detail: 'must be an absolute URL' },
      { pointer: '/n', detail: 'must be multiple of 2' },
      { pointer: '/v', detail: 'must be the one value the contract allows' },
    ]);
  });

  it('ignores warnings and response violations', () => {
    const { fieldErrors, otherMessages } = describeRequestViolations([
      { ...bodyViolation(['currency'], 'format', 'Request body property currency warn'), severity: 'Warning' },
      {
        location: ['response', 'body', 'url'],
        severity: 'Error',
        code: 'format',
        message: 'Response body property url must match format "uri"',
      },
    ]);
    expect([...fieldErrors, ...otherMessages]).toEqual([]);
  });
});

describe("Prism's violations and the sandbox's Ajv errors for the same body give the same field errors", () => {
  let engine: PrismEngine;
  beforeAll(async () => {
    engine = await createPrismEngine({ document: locateBundle().json, logLevel: 'silent', log: () => {} });
  });
  // What the mock's server builds for the create operation at start-up.
  const operation = listOperations(contract).find((op) => op.method === 'POST' && op.path === CREATE_PATH);
  const options = {
    describePattern: createPatternDescriber(contract, operation),
    findPatternComponent: createPatternComponentFinder(contract, operation),
    codes: readFieldErrorCodes(contract),
  };
  const validateRequest = createRequestValidator(contract);
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
    const mock = describeRequestViolations(answer.violations, options);
    const sandbox = validateRequest(body);
    expect(sandbox.ok).toBe(false);
    expect(mock.otherMessages).toEqual([]);
    expect(mock.fieldErrors).toEqual(sandbox.ok ? [] : sandbox.errors);
  });
});
