import { describe, expect, it } from 'vitest';
import { invalidBodyCases as cases } from '../../src/conformance/invalid-bodies.js';
import { createContractValidators } from '../../src/contract/compile-schemas.js';
import { requestExamples } from './contract-fixtures.js';

const validate = createContractValidators().validatorFor('CreateCheckoutRequest');
const sample = requestExamples().usdtOnTron;

describe('the request schema rejects invalid bodies, for the expected reason', () => {
  it('has a table of 59 invalid bodies', () => {
    expect(cases.length).toBe(59);
  });

  it('accepts the sample the table starts from', () => {
    expect(validate(structuredClone(sample))).toBe(true);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, invalid) => {
    const body = structuredClone(sample);
    const replaced = invalid.change(body);
    expect(validate(replaced === undefined ? body : replaced)).toBe(false);
    const reasons = (validate.errors ?? []).map((e) => ({
      keyword: e.keyword,
      path: e.instancePath,
      missing: (e.params as any).missingProperty,
    }));
    expect(reasons).toContainEqual({ keyword: invalid.keyword, path: invalid.path, missing: invalid.missing });
  });
});
