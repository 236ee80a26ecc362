// Adding an optional request field (issue 29): a field `locale`, echoed as `locale` in the record, added to the
// contract in memory. What follows from the contract by itself is checked to follow (the kit's and the suites' body
// generators, the negative-space walk, the echo rules); everything else that must follow is named, so a newcomer
// reads here the files to edit besides the two schemas, `npm run build` and CHANGELOG.md.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleCodes, seedSamples } from '../../src/conformance/contract-samples.js';
import { generateValidBodies } from '../../src/conformance/generate-bodies.js';
import { generateNegativeSpace } from '../../src/conformance/generate-negative-space.js';
import { requestBodyArbitrary } from '../../src/conformance/schema-arbitrary.js';
import { checkCheckoutRules } from '../../src/contract/checkout-rules.js';
import { createContractValidators } from '../../src/contract/compile-schemas.js';
import { findOperation } from '../../src/contract/contract-facts.js';
import { readEchoedFields } from '../../src/contract/echoed-fields.js';
import { loadContract, type OpenApiDocument, resolveRef } from '../../src/contract/load-contract.js';
import { buildCheckout } from '../../src/sandbox/checkout/build-checkout.js';
import { createRateTable } from '../../src/sandbox/checkout/test-rates.js';
import { decidedAdditions } from './seed-fields.js';

const FIELD = 'locale';

function withOptionalField(): OpenApiDocument {
  const contract = structuredClone(loadContract());
  const schemas = contract.components.schemas as Record<string, any>;
  schemas.CreateCheckoutRequest.properties[FIELD] = {
    type: 'string',
    minLength: 2,
    maxLength: 35,
    pattern: '^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$',
    description: 'The language of the checkout page, as a BCP 47 tag. Echoed as `locale`.',
    example: 'de-DE',
  };
  schemas.Checkout.properties[FIELD] = {
    type: ['string', 'null'],
    description: 'The `locale` you sent, or `null` when you sent none.',
    example: 'de-DE',
  };
  return contract;
}

const contract = withOptionalField();
const validate = createContractValidators(contract).validatorFor('CreateCheckoutRequest');
const echoed = readEchoedFields(contract);

/** The places a newcomer must still edit by hand for the new field, each with what to do there. */
function listPlacesToFollow(): string[] {
  const places: string[] = [];
  const operation = contract.paths['/api/v1/checkouts/'].post;
  const responses = resolveRef(contract, operation.responses['201']).content['application/json'].examples as Record<string, any>;
  const requests = Object.fromEntries(findOperation(contract, 'createCheckout').requestExamples.map(({ name, value }) => [name, value]));
  for (const [name, example] of Object.entries(responses)) {
    const broken = checkCheckoutRules(requests[name] as any, resolveRef(contract, example).value, echoed);
    if (broken.some(({ rule }) => rule === `echo-${FIELD}`)) {
      places.push(`openapi/components/examples/${String(example.$ref).split('/').pop()}.yaml: the record shows ${FIELD}`);
    }
  }
  const request = { ...(seedSamples(loadContract()).usdtOnTron as Record<string, unknown>), [FIELD]: 'de-DE' };
  const settings = {
    merchant: { id: '7d1b6a34-52c9-4f8e-b0a1-3c2e9f4d5a60', name: 'Example Shop' },
    checkoutPageUrl: 'https://checkout.example',
    sessionLifetimeMs: 86_400_000,
    initialUpdateDelayMs: 0,
    offerAllMethods: false,
    rateBetween: createRateTable(),
  };
  const record = buildCheckout(request as any, settings, 1_795_253_400_512_345);
  if (checkCheckoutRules(request, record, echoed).some(({ rule }) => rule === `echo-${FIELD}`)) {
    places.push(`src/sandbox/checkout/build-checkout.ts: the sandbox's record echoes ${FIELD}`);
  }
  if (!(FIELD in decidedAdditions)) {
    places.push(`test/contract/seed-fields.ts and docs/decisions.md: the decision that adds ${FIELD}, which the seed does not have`);
  }
  // The kit's rule-to-check map is not exported (src/conformance/checks/valid-requests.ts); an echo rule it does not
  // map is reported under every check, so it is read as text here.
  if (!readFileSync('src/conformance/checks/valid-requests.ts', 'utf8').includes(`'echo-${FIELD}'`)) {
    places.push(`src/conformance/checks/valid-requests.ts: map echo-${FIELD} to the echoes-request check`);
  }
  return places;
}

describe('an optional request field added to the contract', () => {
  it('is one the contract does not have yet (rename the probe field when it does)', () => {
    expect(Object.keys(loadContract().components.schemas.CreateCheckoutRequest.properties as object)).not.toContain(FIELD);
  });

  it('is drawn by the body generator of the suites and the kit, within its bounds', () => {
    const drawn = fc.sample(requestBodyArbitrary(contract), { seed: 1, numRuns: 200 });
    const locales = drawn.map((body) => body[FIELD]).filter((value) => value !== undefined) as string[];
    // Seed 1: an optional field is drawn in most bodies, and every body is valid.
    expect(locales.length).toBe(164);
    expect(drawn.filter((body) => !validate(body))).toEqual([]);
    const kit = generateValidBodies(1, 40, validate, sampleCodes(seedSamples(loadContract())), contract).filter(
      ({ body }) => FIELD in body,
    );
    // Seed 1: 32 of the 40 generated bodies (the 10 boundary bodies send only what they probe).
    expect(kit.length).toBe(32);
  });

  it('is walked by the negative space, from its own example, past each of its rules', () => {
    const cases = generateNegativeSpace(seedSamples(loadContract()).usdtOnTron, validate, [], contract).cases;
    expect(cases.filter(({ pointer }) => pointer === `/${FIELD}`).map(({ name }) => name)).toEqual([
      '/locale: null',
      '/locale: a boolean (true)',
      '/locale: a number (1)',
      '/locale: an array (["de-DE"])',
      '/locale: an object ({})',
      '/locale: 1 characters (minLength 2)',
      '/locale: 36 characters (maxLength 35)',
      '/locale: off the pattern (" e-DE")',
    ]);
  });

  it('is echoed by the record rules, as its description says', () => {
    expect(echoed.find(({ request }) => request === FIELD)).toEqual({ request: FIELD, record: FIELD, required: false });
    expect(checkCheckoutRules({ currency: 'usdt', invoice_items: [] }, { locale: 'fr' }, echoed)).toContainEqual({
      rule: 'echo-locale',
      source: 'seed: endpoints rule 2; D15',
      message: 'locale is "fr", expected null (from locale)',
    });
  });

  it('names every other place that must follow', () => {
    expect(listPlacesToFollow()).toEqual([
      'openapi/components/examples/CheckoutUsdtOnTron.yaml: the record shows locale',
      'openapi/components/examples/CheckoutUpperCaseCodes.yaml: the record shows locale',
      'openapi/components/examples/CheckoutMixedCurrencies.yaml: the record shows locale',
      "src/sandbox/checkout/build-checkout.ts: the sandbox's record echoes locale",
      'test/contract/seed-fields.ts and docs/decisions.md: the decision that adds locale, which the seed does not have',
      'src/conformance/checks/valid-requests.ts: map echo-locale to the echoes-request check',
    ]);
  });
});
