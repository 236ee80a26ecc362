import { describe, expect, it } from 'vitest';
import { createContractValidators } from '../../src/contract/compile-schemas.js';
import { generateInvalidBodies, generateValidBodies } from '../../src/conformance/generate-bodies.js';
import { businessRuleRequests, pointersRelate, tableRequests } from '../../src/conformance/checks/invalid-bodies.js';
import { seedSamples } from '../../src/conformance/contract-samples.js';
import { invalidBodyCases } from '../../src/conformance/invalid-bodies.js';

const validate = createContractValidators().validatorFor('CreateCheckoutRequest');

describe('generated bodies', () => {
  it('valid variants are valid against the contract and repeat exactly for a seed', () => {
    const bodies = generateValidBodies(42, 30, validate);
    expect(bodies).toHaveLength(36);
    for (const { body } of bodies) expect(validate(body)).toBe(true);
    expect(generateValidBodies(42, 30, validate)).toEqual(bodies);
    expect(generateValidBodies(43, 30, validate)).not.toEqual(bodies);
  });

  it('valid variants cover the optional fields, several items and the samples\' codes in other cases', () => {
    const bodies = generateValidBodies(7, 60, validate).map(({ body }) => body as any);
    expect(bodies.some((b) => b.client_reference_id === undefined)).toBe(true);
    expect(bodies.some((b) => typeof b.client_reference_id === 'string')).toBe(true);
    expect(bodies.some((b) => b.payment_method_data === undefined)).toBe(true);
    expect(bodies.some((b) => b.invoice_items.length > 1)).toBe(true);
    expect(bodies.some((b) => b.invoice_items.length === 100)).toBe(true);
    expect(new Set(bodies.map((b) => b.currency)).size).toBeGreaterThan(2);
  });

  it('invalid bodies are rejected by the contract\'s validator, which names the pointers the kit expects', () => {
    const bodies = generateInvalidBodies(42, 30, validate);
    expect(bodies.length).toBeGreaterThanOrEqual(25);
    for (const { body, pointers } of bodies) {
      expect(validate(body)).toBe(false);
      expect(pointers.length).toBeGreaterThan(0);
    }
    expect(generateInvalidBodies(42, 30, validate)).toEqual(bodies);
  });
});

describe('the invalid table as sent by the kit', () => {
  it('sends every row of the contract\'s table, each blamed on a field', () => {
    const requests = tableRequests(seedSamples().usdtOnTron, validate);
    expect(requests.map((r) => r.name)).toEqual(invalidBodyCases.map((c) => `table: ${c.name}`));
    const quantityZero = requests.find((r) => r.name === 'table: quantity 0')!;
    expect(quantityZero.pointers).toEqual(['/invoice_items/0/quantity']);
    expect(requests.find((r) => r.name === 'table: currency missing')!.pointers).toEqual(['/currency']);
  });

  it('adds a business rule the schema cannot state, valid against the schema', () => {
    const [rule] = businessRuleRequests(seedSamples().upperCaseCodes);
    expect(validate(rule.body)).toBe(true);
    expect((rule.body as any).invoice_items[1].price_data.currency).toBe('EUR');
    expect(rule.fullOnly).toBe(true);
  });
});

describe('which pointer names the offending field', () => {
  it.each([
    ['/currency', '/currency', true],
    ['/callbackUrl', '', true],
    ['/invoice_items/0/quantity', '/invoice_items/0', true],
    ['/invoice_items/0', '/invoice_items/0/quantity', true],
    ['', '/invoice_items/0/quantity', false],
    ['/currency', '/invoice_items/0/quantity', false],
    ['/invoice_items/1', '/invoice_items/10', false],
  ] as const)('%s for %s: %s', (named, blamed, relates) => {
    expect(pointersRelate(named, blamed)).toBe(relates);
  });
});
