// Prism's sl-violations entries → the contract's FieldError {pointer, code, detail}. The inputs are the shapes Prism
// 5.14.2 produces (see its convertAjvErrors); the HTTP suite checks the same path against the real process.
import { describe, expect, it } from 'vitest';
import { readFieldErrorCodes } from '../../src/mock/contract-facts.js';
import { describeRequestViolations, parseViolationsHeader } from '../../src/mock/field-errors.js';
import { contract } from './mock-fixtures.js';

const bodyViolation = (path: string[], code: string, message: string) => ({
  location: ['request', 'body', ...path],
  severity: 'Error',
  code,
  message,
});

describe('parseViolationsHeader', () => {
  it('reads the JSON array and tolerates a missing or broken header', () => {
    expect(parseViolationsHeader('[{"location":["request"],"severity":"Error","code":415,"message":"m"}]')).toHaveLength(1);
    expect(parseViolationsHeader(undefined)).toEqual([]);
    expect(parseViolationsHeader('not json')).toEqual([]);
    expect(parseViolationsHeader('{"a":1}')).toEqual([]);
  });
});

describe('describeRequestViolations', () => {
  const codes = readFieldErrorCodes(contract);

  it('gives each field error the code the contract lists for its keyword, as the sandbox does', () => {
    expect(codes).toContain('invalid');
    const urlComponent = (location: string[]) => (location.at(-1) === 'callback_url' ? 'HttpUrl' : 'UnitAmount');
    const { fieldErrors } = describeRequestViolations(
      [
        bodyViolation([], 'required', "Request body must have required property 'currency'"),
        bodyViolation([], 'additionalProperties', "Request body must NOT have additional properties; found 'callbackUrl'"),
        bodyViolation(['currency'], 'type', 'Request body property currency must be string'),
        bodyViolation(['invoice_items'], 'minItems', 'Request body property invoice_items must NOT have fewer than 1 items'),
        bodyViolation(['invoice_items', '0', 'price_data', 'unit_amount'], 'pattern', 'Request body property … must match pattern "^x$"'),
        bodyViolation(['callback_url'], 'pattern', 'Request body property callback_url must match pattern "^https?://"'),
        bodyViolation(['success_url'], 'format', 'Request body property success_url must match format "uri"'),
        bodyViolation(['client_reference_id'], 'not', 'Request body property client_reference_id must NOT be valid'),
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
    expect(describeRequestViolations([violation]).fieldErrors).toEqual([{ pointer: '/currency', detail: 'must be string' }]);
    expect(describeRequestViolations([violation], { codes: ['invalid'] }).fieldErrors).toEqual([
      { pointer: '/currency', code: 'invalid', detail: 'must be string' },
    ]);
  });

  it('maps a nested property path to a JSON Pointer and keeps only what is wrong', () => {
    const { fieldErrors } = describeRequestViolations([
      bodyViolation(['invoice_items', '0', 'quantity'], 'type', 'Request body property invoice_items.0.quantity must be integer'),
    ]);
    expect(fieldErrors).toEqual([{ pointer: '/invoice_items/0/quantity', detail: 'must be integer' }]);
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

  it('uses the root pointer for a body that is not an object or is missing', () => {
    const { fieldErrors } = describeRequestViolations([
      bodyViolation([], 'type', 'Request body must be object'),
      { location: ['request'], severity: 'Error', code: 'required', message: 'Body parameter is required' },
    ]);
    expect(fieldErrors).toEqual([
      { pointer: '', detail: 'must be object' },
      { pointer: '', detail: 'a JSON object body is required' },
    ]);
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

  it('never quotes the regex of a pattern violation: the describer words it, or a generic sentence stands in', () => {
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
    const describePattern = (location: string[]) => {
      asked.push(location);
      return `words for ${location.join('.')}`;
    };
    const described = describeRequestViolations(violations, { describePattern });
    expect(asked).toEqual([
      ['body', 'invoice_items', '0', 'price_data', 'unit_amount'],
      ['header', 'idempotency-key'],
    ]);
    expect(described.fieldErrors).toEqual([
      { pointer: '/invoice_items/0/price_data/unit_amount', detail: 'words for body.invoice_items.0.price_data.unit_amount' },
    ]);
    expect(described.otherMessages).toEqual(['Request header parameter idempotency-key words for header.idempotency-key']);

    const generic = describeRequestViolations(violations);
    expect(generic.fieldErrors[0].detail).toBe('does not have the expected format');
    expect(generic.otherMessages[0]).toBe('Request header parameter idempotency-key does not have the expected format');
    expect(JSON.stringify(generic)).not.toMatch(/pattern|\^/);
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
