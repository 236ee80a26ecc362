import { describe, expect, it } from 'vitest';
import { checkCheckoutRules } from '../../src/contract/checkout-rules.js';
import { CONTRACT_ID } from '../../src/contract/compile-schemas.js';
import { loadContractValue } from '../../src/contract/contract-value.js';
import { readEchoedFields } from '../../src/contract/echoed-fields.js';
import { loadContract } from '../../src/contract/load-contract.js';
import { contract, createOperation, requestExamples, resolveRef, responseExamples } from './contract-fixtures.js';

/** The request fields the contract says the record echoes. */
const ECHOED = readEchoedFields(loadContract());

const { ajv, validatorFor } = loadContractValue().validators;

interface ExampleCase {
  where: string;
  value: unknown;
  validate: (value: unknown) => string[];
}

function validatorAt(pointer: string) {
  const validate = ajv.getSchema(`${CONTRACT_ID}#${pointer}`);
  if (!validate) throw new Error(`no schema at ${pointer}`);
  return (value: unknown) => (validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
}

function validatorOfSchema(schema: any) {
  const name = schema.$ref ? String(schema.$ref).split('/').pop() : undefined;
  const validate = name ? validatorFor(name) : ajv.compile(schema);
  return (value: unknown) => (validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
}

/** Every example in the contract, paired with the schema it claims to follow. */
function collectExamples(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const addMedia = (where: string, media: any) => {
    const validate = validatorOfSchema(media.schema);
    if (media.example !== undefined) cases.push({ where, value: media.example, validate });
    for (const [name, ex] of Object.entries(media.examples ?? {}))
      cases.push({ where: `${where} example ${name}`, value: resolveRef(ex).value, validate });
  };
  const addParameters = (where: string, parameters: any[] = []) => {
    for (const parameter of parameters.map(resolveRef)) {
      if (parameter.example !== undefined)
        cases.push({
          where: `${where} parameter ${parameter.name}`,
          value: parameter.example,
          validate: validatorOfSchema(parameter.schema),
        });
    }
  };
  const addOperation = (where: string, operation: any) => {
    addParameters(where, operation.parameters);
    for (const [type, media] of Object.entries(resolveRef(operation.requestBody)?.content ?? {}))
      addMedia(`${where} request ${type}`, media);
    for (const [status, response] of Object.entries(operation.responses)) {
      const resolved = resolveRef(response);
      for (const [type, media] of Object.entries(resolved.content ?? {})) addMedia(`${where} ${status} ${type}`, media);
      for (const [header, h] of Object.entries(resolved.headers ?? {})) {
        const headerObject = resolveRef(h);
        if (headerObject.example !== undefined)
          cases.push({
            where: `${where} ${status} header ${header}`,
            value: headerObject.example,
            validate: validatorOfSchema(headerObject.schema),
          });
      }
    }
  };
  addOperation('createCheckout', createOperation);
  for (const callback of Object.values(createOperation.callbacks)) {
    for (const pathItem of Object.values(resolveRef(callback) as Record<string, any>)) addOperation('callback', pathItem.post);
  }
  // Schema-level `example` keywords, each against the subschema that carries it.
  const walk = (node: any, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    if (!Array.isArray(node) && 'example' in node) {
      cases.push({ where: `schema ${pointer}`, value: node.example, validate: validatorAt(pointer) });
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'example') walk(child, `${pointer}/${key}`);
  };
  walk(contract.components.schemas, '/components/schemas');
  return cases;
}

const cases = collectExamples();

describe('every example validates against its schema (Ajv, JSON Schema 2020-12, formats on)', () => {
  it('finds the examples to check', () => {
    expect(cases.length).toBe(119);
  });
  it.each(cases.map((c) => [c.where, c] as const))('%s', (_where, example) => {
    expect(example.validate(example.value)).toEqual([]);
  });
});

describe('every response example obeys the seed rules for the request it answers', () => {
  const requests = requestExamples();
  const responses = responseExamples();

  it('pairs each request example with a response example of the same name', () => {
    expect(Object.keys(responses).sort()).toEqual(Object.keys(requests).sort());
    expect(Object.keys(requests).sort()).toEqual(['mixedCurrencies', 'upperCaseCodes', 'usdtOnTron']);
  });

  it.each(Object.keys(requests))('%s', (name) => {
    expect(checkCheckoutRules(requests[name], responses[name], ECHOED)).toEqual([]);
  });

  it('the samples are those of the seed: lower-case usdt on tron with a reference, and upper-case codes with an integer unit_amount', () => {
    const lower = requests.usdtOnTron;
    expect(lower.currency).toBe('usdt');
    expect(lower.invoice_items[0].price_data.currency).toBe('usdt');
    expect(lower.payment_method_data.paymentMethodDetail).toEqual({ currency: 'usdt', network: 'tron' });
    expect(typeof lower.client_reference_id).toBe('string');
    const upper = requests.upperCaseCodes;
    for (const code of [
      upper.currency,
      upper.invoice_items[0].price_data.currency,
      upper.payment_method_data.paymentMethodDetail.currency,
    ]) {
      expect(code).toBe(code.toUpperCase());
    }
    expect(upper.invoice_items.some((item: any) => /^[0-9]+$/.test(item.price_data.unit_amount))).toBe(true);
    expect(upper.client_reference_id).toBeUndefined();
    expect(responses.upperCaseCodes.clientReferenceId).toBeNull();
  });

  it("mixedCurrencies has the second sample's shape: checkout in one fiat code, priced and paid in another on tron (D8)", () => {
    const mixed = requests.mixedCurrencies;
    const price = mixed.invoice_items[0].price_data.currency;
    const payment = mixed.payment_method_data.paymentMethodDetail;
    expect(mixed.invoice_items.map((item: any) => item.price_data.currency)).toEqual([price]);
    expect(mixed.currency.toLowerCase()).not.toBe(price.toLowerCase());
    expect(payment).toEqual({ currency: price, network: 'tron' });
    for (const code of [mixed.currency, price]) expect(code).toMatch(/^[A-Z]{3}$/);
    // The record states its amounts in the checkout currency; the total is the sum of its lines.
    expect(responses.mixedCurrencies.currency).toBe(mixed.currency);
    expect(responses.mixedCurrencies.amountTotal).toBe(responses.mixedCurrencies.invoiceItems[0].amount);
  });

  it('the rules catch a record that breaks them', () => {
    const good = responses.usdtOnTron;
    const broken = (patch: object) => checkCheckoutRules(requests.usdtOnTron, { ...good, ...patch }, ECHOED).map((v) => v.rule);
    expect(broken({ amountTotal: '25.01' })).toEqual(['amount-total']);
    expect(broken({ status: 'complete' })).toEqual(['status-open']);
    expect(broken({ clientReferenceId: null })).toEqual(['echo-clientReferenceId']);
    expect(broken({ url: 'https://pay.checkout.example/checkouts/other' })).toEqual(['url-ends-with-id']);
    expect(broken({ expiresAt: '1795253400512' })).toEqual(['expires-after-creation']);
    expect(broken({ updatedAt: '1795253400.512344' })).toEqual(['updated-not-before-created']);
    const otherNetwork = {
      ...good.paymentMethodOptions,
      crypto: [{ ...good.paymentMethodOptions.crypto[0], networks: [{ value: 'ethereum', name: 'Ethereum' }] }],
    };
    expect(broken({ paymentMethodOptions: otherNetwork })).toEqual(['chosen-payment-method']);
    expect(broken({ paymentMethodTypes: ['card'] })).toEqual(['crypto-options-consistent', 'chosen-payment-method']);
    const mixed = responses.mixedCurrencies;
    const brokenMixed = (patch: object) => checkCheckoutRules(requests.mixedCurrencies, { ...mixed, ...patch }, ECHOED).map((v) => v.rule);
    expect(brokenMixed({ amountTotal: '92.58' })).toEqual(['amount-total']);
    expect(brokenMixed({ invoiceItems: [{ ...mixed.invoiceItems[0], amount: '92.5' }] })).toEqual(['item-amount']);
  });

  it("holds the service to what it keeps, not to one implementation's choices (D13, D20, D21, D22)", () => {
    const good = responses.usdtOnTron;
    const allowed = (patch: object) => checkCheckoutRules(requests.usdtOnTron, { ...good, ...patch }, ECHOED);
    // A lifetime of months, as the service documents; updatedAt a second after createdAt; card next to the choice.
    expect(allowed({ expiresAt: '1811064600512' })).toEqual([]);
    expect(allowed({ updatedAt: '1795253401.611204' })).toEqual([]);
    expect(allowed({ paymentMethodTypes: ['crypto', 'card'] })).toEqual([]);
    // A converted line is checked exactly only when the implementation's rate is known.
    const mixed = responses.mixedCurrencies;
    const lines = [{ ...mixed.invoiceItems[0], amount: '90.00' }];
    expect(checkCheckoutRules(requests.mixedCurrencies, { ...mixed, invoiceItems: lines, amountTotal: '90.00' }, ECHOED)).toEqual([]);
    const atRate = checkCheckoutRules(requests.mixedCurrencies, { ...mixed, invoiceItems: lines, amountTotal: '90.00' }, ECHOED, {
      rateBetween: () => ({ numerator: '0.9259', denominator: '1' }),
    });
    expect(atRate.map((v) => v.rule)).toEqual(['item-amount']);
  });

  it('an older copy of the contract accepts a newer paymentMethodTypes value, but no fourth status (D26)', () => {
    const record = responses.usdtOnTron;
    expect(validatorFor('Checkout')({ ...record, paymentMethodTypes: ['crypto', 'bank_transfer'] })).toBe(true);
    expect(validatorFor('FieldError')({ pointer: '/currency', code: 'some_future_code', detail: 'is odd' })).toBe(true);
    expect(validatorFor('Checkout')({ ...record, status: 'refunded' })).toBe(false);
  });

  it('the seed sample record shapes are accepted: priceData absent, card, metadata and shippingAddressCollection null', () => {
    const record = responses.usdtOnTron;
    expect(record.invoiceItems[0]).not.toHaveProperty('priceData');
    expect(record.paymentMethodOptions.card).toBeNull();
    expect(record.metadata).toBeNull();
    expect(record.shippingAddressCollection).toBeNull();
    expect(validatorFor('Checkout')(record)).toBe(true);
  });

  it('the callback example is the usdtOnTron checkout, completed', () => {
    const callbackMedia: any = Object.values(resolveRef(Object.values(createOperation.callbacks)[0]) as any)[0];
    const event = resolveRef(callbackMedia.post.requestBody.content['application/json'].examples.checkoutCompleted).value;
    const { status, updatedAt, ...rest } = event.data;
    const { status: _s, updatedAt: createdUpdatedAt, ...created } = responses.usdtOnTron;
    expect(status).toBe('complete');
    expect(Number(updatedAt)).toBeGreaterThan(Number(createdUpdatedAt));
    expect(rest).toEqual(created);
  });
});
