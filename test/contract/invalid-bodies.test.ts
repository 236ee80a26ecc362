import { describe, expect, it } from 'vitest';
import { generateNegativeSpace } from '../../src/conformance/generate-negative-space.js';
import { invalidBodyCases as cases } from '../../src/conformance/invalid-bodies.js';
import { createContractValidators } from '../../src/contract/compile-schemas.js';
import { loadContract } from '../../src/contract/load-contract.js';
import { requestExamples } from './contract-fixtures.js';

const document = loadContract();
const validate = createContractValidators(document).validatorFor('CreateCheckoutRequest');
const sample = requestExamples().usdtOnTron;

describe('the request schema rejects invalid bodies, for the expected reason', () => {
  it('has a table of 30 invalid bodies', () => {
    expect(cases.length).toBe(30);
  });

  it('keeps only rows the schema walk does not make, each with why', () => {
    const walked = new Set(generateNegativeSpace(sample, validate, [], document).cases.map(({ body }) => JSON.stringify(body)));
    const made = cases.filter((invalid) => {
      const body = structuredClone(sample);
      const replaced = invalid.change(body);
      return walked.has(JSON.stringify(replaced === undefined ? body : replaced));
    });
    expect(made.map(({ name }) => name)).toEqual([]);
    expect(cases.filter(({ why }) => why.trim() === '').map(({ name }) => name)).toEqual([]);
    expect(new Set(cases.map(({ name }) => name)).size).toBe(cases.length);
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
