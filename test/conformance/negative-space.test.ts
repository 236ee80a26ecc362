// The negative space (issue 20, item 5): a stable, counted list walked from the contract, deduplicated against the
// invalid table; every case is invalid in exactly the field it names; the sandbox, a correct implementation, is
// judged right on every case; and the judge fails the wrong code or a parent blamed for a nested field, while it
// takes an unknown field blamed on its object and only warns on a code the contract does not list (D26).
import { describe, expect, it } from 'vitest';
import { tableRequests } from '../../src/conformance/checks/invalid-requests.js';
import { judgeFieldErrors } from '../../src/conformance/checks/negative-space.js';
import { seedSamples } from '../../src/conformance/contract-samples.js';
import { generateNegativeSpace, type NegativeCase } from '../../src/conformance/generate-negative-space.js';
import type { Exchange } from '../../src/conformance/send-request.js';
import { createContractValidators } from '../../src/contract/compile-schemas.js';
import { loadContractValue } from '../../src/contract/contract-value.js';
import { loadContract } from '../../src/contract/load-contract.js';
import { createRequestValidator } from '../../src/sandbox/validate-create-request.js';

const document = loadContract();
const validate = createContractValidators(document).validatorFor('CreateCheckoutRequest');
const sample = seedSamples(document).usdtOnTron;
const tableBodies = tableRequests(sample, validate).map(({ body }) => body);
const space = generateNegativeSpace(sample, validate, tableBodies, document);
const knownCodes = new Set<string>(loadContract().components.schemas.FieldErrorCode['x-extensible-enum'] as string[]);
const byName = (name: string) => space.cases.find((c) => c.name === name)!;

function answered(errors: unknown[]): Exchange {
  const body = JSON.stringify({ type: 'https://api.checkout.example/problems/validation-failed', status: 422, errors });
  return {
    request: { method: 'POST', url: 'http://127.0.0.1:1/api/v1/checkouts/', headers: {} },
    response: { status: 422, headers: { 'content-type': 'application/problem+json' }, body },
    durationMs: 1,
  };
}

describe('the negative space of the create request', () => {
  it('is a stable, counted list: 158 cases walked, none of them a body the invalid table sends (it keeps only what the walk cannot make)', () => {
    expect(space.generated).toBe(158);
    expect(space.cases).toHaveLength(158);
    expect(generateNegativeSpace(sample, validate, tableBodies, document)).toEqual(space);
    const unfiltered = generateNegativeSpace(sample, validate, [], document);
    expect(unfiltered.cases).toHaveLength(158);
    const sent = new Set(tableBodies.map((body) => JSON.stringify(body)));
    expect(space.cases.filter((c) => sent.has(JSON.stringify(c.body)))).toEqual([]);
    expect(new Set(space.cases.map((c) => c.name)).size).toBe(158);
  });

  it('covers each kind of break: missing, null, other types, bounds, patterns, the enum, unknown fields', () => {
    const count = (pattern: RegExp) => space.cases.filter((c) => pattern.test(c.name)).length;
    expect({
      missing: count(/: missing$/),
      null: count(/: null$/),
      otherTypes: count(/: (a boolean|a number|a string|an array|an object) /),
      lengths: count(/characters \(m(in|ax)Length/),
      values: count(/(below minimum|above maximum)/),
      items: count(/items \(m(in|ax)Items/),
      patterns: count(/off the pattern/),
      enums: count(/outside the enum/),
      unknown: count(/an unknown field$/),
    }).toEqual({ missing: 12, null: 21, otherTypes: 85, lengths: 19, values: 2, items: 3, patterns: 9, enums: 1, unknown: 6 });
  });

  it('names, for each case, the broken field with the codes the contract gives it', () => {
    expect(byName('/invoice_items/0/price_data/product_data/images/0: a number (1)').expected).toEqual([
      { pointer: '/invoice_items/0/price_data/product_data/images/0', codes: ['wrong_type'] },
    ]);
    expect(byName('/currency: 1 characters (minLength 2)').expected).toEqual([{ pointer: '/currency', codes: ['too_short', 'pattern'] }]);
    expect(byName('/success_url: off the pattern (" ttps://shop.example…)').expected).toEqual([
      { pointer: '/success_url', codes: ['invalid_url', 'pattern'] },
    ]);
    expect(byName('/payment_method_data/paymentMethodDetail/currency: missing').expected).toEqual([
      { pointer: '/payment_method_data/paymentMethodDetail/currency', codes: ['required'] },
    ]);
    expect(byName('/invoice_items/0/price_data/conformance_unknown_field: an unknown field').expected).toEqual([
      { pointer: '/invoice_items/0/price_data/conformance_unknown_field', codes: ['unknown_field'] },
      { pointer: '/invoice_items/0/price_data', codes: ['unknown_field'] },
    ]);
  });

  it('the sandbox, a correct implementation, answers every one of the 158 cases with the field and a code the judge takes', () => {
    const check = createRequestValidator(loadContractValue());
    const judged = space.cases.map((negative) => {
      const result = check(negative.body);
      const errors = result.ok ? [] : result.errors;
      return { name: negative.name, ...judgeFieldErrors(answered(errors), negative, knownCodes) };
    });
    expect(judged.filter((j) => j.failures.length > 0 || j.warnings.length > 0)).toEqual([]);
    expect(judged).toHaveLength(158);
  });
});

describe('judging the field errors of one case', () => {
  const nested: NegativeCase = byName('/invoice_items/0/quantity: a boolean (true)');
  const unknownInObject: NegativeCase = byName('/payment_method_data/conformance_unknown_field: an unknown field');

  it('fails a type change inside an array item blamed on the item, and the wrong code on the field', () => {
    expect(judgeFieldErrors(answered([{ pointer: '/invoice_items/0', code: 'wrong_type', detail: 'x' }]), nested, knownCodes)).toEqual({
      failures: [
        'errors[] is [{"pointer":"/invoice_items/0","code":"wrong_type"}]: it does not name the broken field; expected "/invoice_items/0/quantity" (wrong_type)',
      ],
      warnings: [],
    });
    expect(
      judgeFieldErrors(answered([{ pointer: '/invoice_items/0/quantity', code: 'invalid', detail: 'x' }]), nested, knownCodes),
    ).toEqual({
      failures: [
        'errors[] is [{"pointer":"/invoice_items/0/quantity","code":"invalid"}]: the field is named with another code; expected "/invoice_items/0/quantity" (wrong_type)',
      ],
      warnings: [],
    });
  });

  it('takes an unknown field blamed on the object holding it, and only warns on a code this contract does not list', () => {
    const onParent = answered([{ pointer: '/payment_method_data', code: 'unknown_field', detail: 'x' }]);
    expect(judgeFieldErrors(onParent, unknownInObject, knownCodes)).toEqual({ failures: [], warnings: [] });
    const newerCode = answered([{ pointer: '/invoice_items/0/quantity', code: 'not_an_integer', detail: 'x' }]);
    expect(judgeFieldErrors(newerCode, nested, knownCodes)).toEqual({
      failures: [],
      warnings: [
        'code "not_an_integer" is not one this contract lists (D26 lets v1 add codes); expected "/invoice_items/0/quantity" (wrong_type)',
      ],
    });
  });
});
