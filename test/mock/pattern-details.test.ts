// A value breaking a `pattern` is described in the contract's words, by the one describer the mock and the sandbox
// share (src/contract/field-errors.ts), and the regex is never quoted.
import { describe, expect, it } from 'vitest';
import { listOperations } from '../../src/contract/contract-facts.js';
import {
  findPatternFacts,
  type SchemaDocument,
  UNDESCRIBED_FORMAT,
  describePattern as wordFacts,
} from '../../src/contract/field-errors.js';
import { createPatternDescriber } from '../../src/mock/describe-prism-violations.js';
import { createRequestValidator } from '../../src/sandbox/validate-create-request.js';
import { CREATE_PATH } from '../support/create-path.js';
import { clone, contract, contractValue, seedSamples } from './mock-fixtures.js';

const createOperation = listOperations(contract).find((op) => op.method === 'POST' && op.path === CREATE_PATH);
const describePattern = createPatternDescriber(contract, createOperation);

describe('pattern violations in the create request', () => {
  const body = clone(seedSamples.usdtOnTron);
  body.invoice_items[0].price_data.unit_amount = '12.5.0';
  body.invoice_items[0].price_data.product_data.images = ['ftp://shop.example.com/a.png'];
  body.payment_method_data.paymentMethodDetail.network = 'tron network';
  const brokenPointers = [
    '/invoice_items/0/price_data/unit_amount',
    '/invoice_items/0/price_data/product_data/images/0',
    '/payment_method_data/paymentMethodDetail/network',
  ];

  it('are worded exactly as the sandbox words them for the same fields', () => {
    const check = createRequestValidator(contractValue)(body);
    expect(check.ok).toBe(false);
    const sandboxDetails = Object.fromEntries((check.ok ? [] : check.errors).map((e) => [e.pointer, e.detail]));
    expect(Object.keys(sandboxDetails).sort()).toEqual([...brokenPointers].sort());
    for (const pointer of brokenPointers) {
      expect(describePattern(['body', ...pointer.split('/').slice(1)]), pointer).toBe(sandboxDetails[pointer]);
    }
  });

  it('quote the description of the component holding the pattern, never the pattern', () => {
    const detail = describePattern(['body', 'invoice_items', '0', 'price_data', 'unit_amount']);
    const unitAmount = contract.components.schemas.UnitAmount as { description: string; pattern: string };
    expect(detail).toBe(`does not have the form of UnitAmount: ${unitAmount.description.replace(/\s+/g, ' ').trim()}`);
    expect(detail).not.toContain(unitAmount.pattern);
    expect(detail).not.toContain('^(?:');
  });

  it('word a header by its inline description, and fall back to a generic sentence where no schema says anything', () => {
    const idempotencyKey = contract.components.parameters.IdempotencyKey.schema as { description?: string };
    const words = idempotencyKey.description?.replace(/\s+/g, ' ').trim();
    const described = words ? `${UNDESCRIBED_FORMAT}: ${words}` : UNDESCRIBED_FORMAT;
    expect(describePattern(['header', 'Idempotency-Key'])).toBe(described);
    expect(describePattern(['body', 'no_such_field'])).toBe(UNDESCRIBED_FORMAT);
    expect(createPatternDescriber(contract, undefined)(['body', 'currency'])).toBe(UNDESCRIBED_FORMAT);
  });
});

// The facts the contract gives about the pattern at a JSON Pointer inside a schema, in the shared words.
const describePatternViolation = (document: SchemaDocument, schema: unknown, pointer: string) =>
  wordFacts(findPatternFacts(document, schema, pointer));

describe('findPatternFacts and describePattern', () => {
  const tiny = {
    components: {
      schemas: {
        Code: { type: 'string', pattern: '^[A-Z]{2}$' },
        Node: {
          type: 'object',
          properties: {
            next: { $ref: '#/components/schemas/Node' },
            tag: { type: 'string', pattern: '^x$', description: 'A tag:\n  one x.' },
          },
        },
      },
    },
  };

  it('uses an inline description, then the generic sentence when no schema on the way has one', () => {
    const node = { $ref: '#/components/schemas/Node' };
    expect(describePatternViolation(tiny, node, '/next/next/tag')).toBe(`${UNDESCRIBED_FORMAT}: A tag: one x.`);
    expect(describePatternViolation(tiny, { properties: { code: { $ref: '#/components/schemas/Code' } } }, '/code')).toBe(
      UNDESCRIBED_FORMAT,
    );
  });

  it('follows array items, oneOf branches and escaped pointer segments', () => {
    const schema = { oneOf: [{ properties: { 'a/b': { items: { $ref: '#/components/schemas/Node' } } } }] };
    expect(describePatternViolation(tiny, schema, '/a~1b/3/tag')).toBe(`${UNDESCRIBED_FORMAT}: A tag: one x.`);
  });

  it('names the component holding the pattern (its code depends on it), with or without a description', () => {
    const schema = { properties: { code: { $ref: '#/components/schemas/Code' } } };
    expect(findPatternFacts(tiny, schema, '/code')).toEqual({ component: 'Code', componentDescription: undefined, description: undefined });
    expect(findPatternFacts(tiny, schema, '/elsewhere')).toEqual({
      component: undefined,
      componentDescription: undefined,
      description: undefined,
    });
  });
});
