import { describe, expect, it } from 'vitest';
import { pointersRelate, tableRequests } from '../../src/conformance/checks/invalid-requests.js';
import { sampleCodes, seedSamples } from '../../src/conformance/contract-samples.js';
import { generateInvalidBodies, generateValidBodies } from '../../src/conformance/generate-bodies.js';
import { invalidBodyCases } from '../../src/conformance/invalid-bodies.js';
import { readRequestBounds } from '../../src/conformance/schema-arbitrary.js';
import { createContractValidators } from '../../src/contract/compile-schemas.js';
import { loadContract } from '../../src/contract/load-contract.js';

const document = loadContract();
const validate = createContractValidators(document).validatorFor('CreateCheckoutRequest');
const sampled = sampleCodes(seedSamples(document));

describe('generated bodies', () => {
  it('valid variants are valid against the contract and repeat exactly for a seed', () => {
    const bodies = generateValidBodies(42, 30, validate, sampled, document);
    // 30 generated and 10 boundary bodies.
    expect(bodies).toHaveLength(40);
    for (const { body } of bodies) expect(validate(body)).toBe(true);
    expect(generateValidBodies(42, 30, validate, sampled, document)).toEqual(bodies);
    expect(generateValidBodies(43, 30, validate, sampled, document)).not.toEqual(bodies);
  });

  it("valid variants cover the optional fields, several items and the samples' codes in other cases", () => {
    const bodies = generateValidBodies(7, 60, validate, sampled, document).map(({ body }) => body as any);
    expect(bodies.some((b) => b.client_reference_id === undefined)).toBe(true);
    expect(bodies.some((b) => typeof b.client_reference_id === 'string')).toBe(true);
    expect(bodies.some((b) => b.payment_method_data === undefined)).toBe(true);
    expect(bodies.some((b) => b.invoice_items.length > 1)).toBe(true);
    expect(bodies.some((b) => b.invoice_items.length === 100)).toBe(true);
    // Seed 7: the samples' three codes, in 27 of the casings each letter's case can take.
    const currencies = [...new Set(bodies.map((b) => b.currency))];
    expect([...new Set(currencies.map((code) => code.toLowerCase()))].sort()).toEqual(['eur', 'usd', 'usdt']);
    expect(currencies.length).toBe(27);
  });

  it('valid variants mix the checkout, price and payment currencies, using only the codes the samples use (D8)', () => {
    const bodies = generateValidBodies(7, 60, validate, sampled, document).map(({ body }) => body as any);
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    expect(bodies.some((b) => b.invoice_items.some((item: any) => !same(item.price_data.currency, b.currency)))).toBe(true);
    expect(bodies.some((b) => b.invoice_items.every((item: any) => same(item.price_data.currency, b.currency)))).toBe(true);
    const paid = bodies.filter((b) => b.payment_method_data);
    expect(paid.some((b) => !same(b.payment_method_data.paymentMethodDetail.currency, b.currency))).toBe(true);
    const codes = bodies.flatMap((b) => [b.currency, ...b.invoice_items.map((item: any) => item.price_data.currency)]);
    expect([...new Set(codes.map((code) => code.toLowerCase()))].sort()).toEqual(['eur', 'usd', 'usdt']);
    const pairs = paid.map(({ payment_method_data: { paymentMethodDetail: detail } }) => `${detail.currency}/${detail.network}`);
    expect([...new Set(pairs.map((pair) => pair.toLowerCase()))].sort()).toEqual(['usd/tron', 'usdc/ethereum', 'usdt/tron']);
  });

  it("invalid bodies are rejected by the contract's validator, which names the pointers the kit expects", () => {
    const bodies = generateInvalidBodies(42, 30, validate, sampled, document);
    expect(bodies.length).toBe(30);
    // Seed 42: the spot each body breaks, as the validator names it (an unexpected field is named at itself and at
    // the object holding it).
    expect(bodies.map(({ pointers }) => pointers)).toEqual([
      ['/invoice_items'],
      ['/invoice_items/2/unexpected_field', '/invoice_items/2'],
      ['/invoice_items/1/price_data/unexpected_field', '/invoice_items/1/price_data'],
      ['/invoice_items/2/price_data'],
      ['/invoice_items/0/price_data/product_data/images'],
      ['/invoice_items/3/price_data/product_data'],
      ['/currency'],
      ['/invoice_items/1/price_data/currency'],
      ['/currency'],
      ['/invoice_items/5/price_data/unexpected_field', '/invoice_items/5/price_data'],
      ['/invoice_items/6/price_data/currency'],
      ['/invoice_items/0/price_data/product_data/name'],
      ['/invoice_items/2/unexpected_field', '/invoice_items/2'],
      ['/invoice_items/7/price_data/product_data/images/3'],
      ['/invoice_items/3'],
      ['/invoice_items/2/price_data/product_data/description'],
      ['/invoice_items/2/price_data/unit_amount'],
      ['/invoice_items/2/price_data/product_data/unexpected_field', '/invoice_items/2/price_data/product_data'],
      ['/invoice_items/1/price_data/product_data/images/2'],
      ['/invoice_items/1/quantity'],
      ['/invoice_items/2/price_data/product_data/images/5'],
      ['/invoice_items/0/price_data/product_data/name'],
      ['/invoice_items/0/price_data/product_data/images/1'],
      ['/invoice_items/5'],
      ['/invoice_items/0/price_data/unit_amount'],
      ['/invoice_items/0/price_data/product_data/name'],
      ['/invoice_items/1/price_data/product_data/images/2'],
      ['/invoice_items/2/price_data/product_data/images/2'],
      ['/invoice_items/9/price_data/unit_amount'],
      ['/invoice_items/1/price_data/product_data/images/4'],
    ]);
    for (const { body } of bodies) expect(validate(body)).toBe(false);
    expect(generateInvalidBodies(42, 30, validate, sampled, document)).toEqual(bodies);
  });
});

describe("the request's outer bounds", () => {
  it("are read from the contract's schemas, for the boundary bodies", () => {
    expect(readRequestBounds(loadContract())).toEqual({
      largestUnitAmount: '999999999999.99999999',
      maxQuantity: 10_000,
      maxItems: 100,
      maxUrlLength: 2048,
    });
  });

  it('move with the schema: a narrower UnitAmount gives a smaller largest amount', () => {
    const contract = structuredClone(loadContract());
    const unitAmount = contract.components.schemas.UnitAmount as { maxLength: number; pattern: string };
    unitAmount.maxLength = 9;
    unitAmount.pattern = '^[1-9][0-9]{0,5}(?:\\.[0-9]{1,2})?$';
    expect(readRequestBounds(contract).largestUnitAmount).toBe('999999.99');
  });
});

describe('the codes the samples use', () => {
  it("are read from the contract's request examples: checkout and price currencies, and the chosen pairs", () => {
    expect(sampleCodes(seedSamples(document))).toEqual({
      currencies: ['eur', 'usd', 'usdt'],
      paymentPairs: [
        { currency: 'usdt', network: 'tron' },
        { currency: 'USDC', network: 'ethereum' },
        { currency: 'USD', network: 'tron' },
      ],
    });
  });
});

describe('the invalid table as sent by the kit', () => {
  it("sends every row of the contract's table, each blamed on a field", () => {
    const requests = tableRequests(seedSamples(document).usdtOnTron, validate);
    expect(requests.map((r) => r.name)).toEqual(invalidBodyCases.map((c) => `table: ${c.name}`));
    expect(requests.find((r) => r.name === 'table: unit_amount "1e3"')!.pointers).toEqual(['/invoice_items/0/price_data/unit_amount']);
    expect(requests.find((r) => r.name === 'table: payment method detail in snake_case')!.pointers).toEqual([
      '/payment_method_data/paymentMethodDetail',
      '/payment_method_data/payment_method_detail',
      '/payment_method_data',
    ]);
    // An unknown field: the field itself, as both servers name it, or the object holding it, as Ajv names it.
    expect(requests.find((r) => r.name === 'table: a camelCase top-level field (callbackUrl)')!.pointers).toEqual(['/callbackUrl', '']);
  });

  it("expects a 422 only where the contract's schema rejects; the mixed-currency sample is valid (D8)", () => {
    const requests = tableRequests(seedSamples(document).usdtOnTron, validate);
    expect(requests.filter((r) => validate(r.body) || r.pointers.length === 0).map((r) => r.name)).toEqual([]);
    const mixed = seedSamples(document).mixedCurrencies;
    expect(validate(mixed)).toBe(true);
    const {
      currency,
      invoice_items: [first],
      payment_method_data: paid,
    } = mixed;
    expect([currency, first.price_data.currency, paid.paymentMethodDetail.currency]).toEqual(['EUR', 'USD', 'USD']);
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
