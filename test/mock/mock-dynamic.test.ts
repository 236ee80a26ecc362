// `npm run mock -- --dynamic`: Prism generates each record from the schemas. Every record must be valid against
// the contract and carry no property the contract does not declare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContractValidators } from '../../src/contract/compile-schemas.js';
import { CANARY_KEY } from '../support/canary.js';
import { clone, contract, postJson, schemaErrors, seedSamples } from './mock-fixtures.js';
import { childPids, isAlive, killEverything, type MockProcess, startMockProcess } from './mock-process.js';

const RECORDS_PER_SAMPLE = 15;

/** The contract with every object schema closed, so that an undeclared property fails validation. */
function closeObjectSchemas(node: any, insideAllOf = false): any {
  if (Array.isArray(node)) return node.map((item) => closeObjectSchemas(item, insideAllOf));
  if (!node || typeof node !== 'object') return node;
  const closed: any = {};
  for (const [key, value] of Object.entries(node)) closed[key] = closeObjectSchemas(value, key === 'allOf');
  const isObjectSchema = node.type === 'object' || (node.properties && typeof node.properties === 'object');
  // A branch of allOf cannot close itself: it would reject the properties its sibling branches declare.
  if (isObjectSchema && !insideAllOf && node.additionalProperties === undefined && node.unevaluatedProperties === undefined) {
    closed.unevaluatedProperties = false;
  }
  return closed;
}

const closedValidators = createContractValidators({
  ...contract,
  components: { ...contract.components, schemas: closeObjectSchemas(contract.components.schemas) },
});

let mock: MockProcess;
beforeAll(async () => {
  mock = await startMockProcess(['--no-build', '--dynamic']);
});
afterAll(() => killEverything(mock));

describe('dynamic mode', () => {
  it('the closed schema used below rejects an invented property', () => {
    const validate = closedValidators.validatorFor('Checkout');
    const example = contract.components.examples.CheckoutUsdtOnTron.value as any;
    expect(validate(example)).toBe(true);
    expect(validate({ ...example, merchant: { ...example.merchant, lorem: 1 } })).toBe(false);
  });

  for (const name of ['usdtOnTron', 'upperCaseCodes'] as const) {
    it(`${name}: ${RECORDS_PER_SAMPLE} generated records, each valid against Checkout with no invented property`, async () => {
      const validateClosed = closedValidators.validatorFor('Checkout');
      const problems = new Set<string>();
      const ids = new Set<string>();
      for (let i = 0; i < RECORDS_PER_SAMPLE; i++) {
        const result = await postJson(mock.baseUrl, seedSamples[name], { authorization: `Api-Key ${CANARY_KEY}` });
        expect(result.status).toBe(201);
        ids.add(result.json.id);
        for (const error of schemaErrors('Checkout', result.json)) problems.add(`invalid: ${error.replace(/\/\d+\//g, '/N/')}`);
        if (!validateClosed(result.json)) {
          for (const e of validateClosed.errors ?? []) {
            if (e.keyword === 'unevaluatedProperties') problems.add(`invented: ${e.instancePath}/${e.params.unevaluatedProperty}`);
          }
        }
      }
      expect([...problems].sort()).toEqual([]);
      // Generated, not the named example every time.
      expect(ids.size).toBeGreaterThan(1);
    });
  }

  // Issue 30: codes like "96Z" and URLs like "hTTPS://3Np[" were valid but unlike anything a reader expects; the
  // contract's x-faker lists are what the generator now draws them from.
  it('draws currency codes, URLs and timestamps from the values the contract lists for them (x-faker)', async () => {
    const listed = (schema: any) => new Set(schema['x-faker']['helpers.arrayElement'][0] as string[]);
    const schemas = contract.components.schemas as Record<string, any>;
    const codes = listed(schemas.CurrencyCode);
    const urls = listed(schemas.HttpUrl);
    const pages = listed(schemas.Checkout.properties.url);
    const seconds = listed(schemas.UnixSeconds);
    for (let i = 0; i < 5; i++) {
      const { json } = await postJson(mock.baseUrl, seedSamples.usdtOnTron, { authorization: `Api-Key ${CANARY_KEY}` });
      expect(codes).toContain(json.currency);
      expect(pages).toContain(json.url);
      expect(seconds).toContain(json.createdAt);
      for (const item of json.invoiceItems) {
        if (item.priceData) expect(codes).toContain(item.priceData.currency);
        for (const image of item.priceData?.productData.images ?? []) expect(urls).toContain(image);
      }
      for (const url of [json.successUrl, json.cancelUrl]) if (url !== null) expect(urls).toContain(url);
    }
  });

  it('still rejects an invalid body with the documented problem', async () => {
    const body = clone(seedSamples.usdtOnTron);
    delete body.currency;
    const result = await postJson(mock.baseUrl, body, { authorization: `Api-Key ${CANARY_KEY}` });
    expect(result.status).toBe(422);
    expect(schemaErrors('Problem', result.json)).toEqual([]);
    expect(result.json.errors).toEqual([{ pointer: '/currency', code: 'required', detail: 'is required' }]);
  });

  it('Ctrl-C (SIGINT) stops it with exit code 0, leaving no process behind, and the key was never printed', async () => {
    expect(childPids(mock.child.pid!)).toEqual([]);
    expect(await mock.stop('SIGINT')).toEqual({ code: 0, signal: null });
    expect(isAlive(mock.child.pid!)).toBe(false);
    expect(mock.output()).toContain('→ 201');
    expect(mock.output()).not.toContain(CANARY_KEY);
  });
});
