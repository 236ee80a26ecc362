import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCheckoutRules } from '../../src/contract/checkout-rules.js';
import { readEchoedFields } from '../../src/contract/echoed-fields.js';
import { loadContract } from '../../src/contract/load-contract.js';
import { createRateTable } from '../../src/sandbox/checkout/test-rates.js';
import { CANARY_KEY, OTHER_CANARY_KEY } from '../support/canary.js';
import { expectValid, namedRequests, namedResponses, validateCheckout } from './support/contract-checks.js';
import { startTestSandbox, type TestSandbox } from './support/sandbox-harness.js';

/** The request fields the contract says the record echoes. */
const ECHOED = readEchoedFields(loadContract());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
// Fields a record gets from its request and the account, not from chance: they must equal the contract's example.
const DETERMINED_FIELDS = [
  'nameCollection',
  'emailCollection',
  'phoneNumberCollection',
  'shippingAddressCollection',
  'amountTotal',
  'status',
  'clientReferenceId',
  'currency',
  'successUrl',
  'cancelUrl',
  'paymentMethodTypes',
  'paymentMethodOptions',
  'metadata',
  'isLivemode',
];

// The sandbox's policies (docs/decisions.md, "What the sandbox chooses") under which each named example is made:
// `mixedCurrencies` shows the service's own choices (other methods next to the chosen pair, a 7-day lifetime, and
// an updatedAt after createdAt, exactly 1 s after here; the example shows about 1.1 s).
const DEFAULT_POLICY = { env: {}, lifetimeMs: 86_400_000, updateDelayMicros: 0 };
const EXAMPLE_POLICIES: Record<string, typeof DEFAULT_POLICY> = {
  mixedCurrencies: {
    env: { CHECKOUT_OFFER_ALL_METHODS: 'true', CHECKOUT_SESSION_LIFETIME_MS: '604800000', CHECKOUT_INITIAL_UPDATE_DELAY_MS: '1000' },
    lifetimeMs: 604_800_000,
    updateDelayMicros: 1_000_000,
  },
};

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('POST /api/v1/checkouts/ answers the named examples as the contract shows them', () => {
  it.each(Object.keys(namedRequests))('%s', async (name) => {
    const request = namedRequests[name];
    const policy = EXAMPLE_POLICIES[name] ?? DEFAULT_POLICY;
    const server = policy === DEFAULT_POLICY ? sandbox : await startTestSandbox(policy.env);
    const before = Date.now();
    const response = await server.createCheckout(request);
    const after = Date.now();
    if (server !== sandbox) await server.close();
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('idempotent-replayed')).toBeNull();
    const record = await response.json();

    expectValid(validateCheckout, record);
    expect(checkCheckoutRules(request, record, ECHOED)).toEqual([]);
    expect(checkCheckoutRules(request, record, ECHOED, { lifetimeMs: policy.lifetimeMs, rateBetween: createRateTable() })).toEqual([]);
    const example = namedResponses[name];
    for (const field of DETERMINED_FIELDS) expect({ field, value: record[field] }).toEqual({ field, value: example[field] });
    expect(record.invoiceItems.map((item: any) => [item.quantity, item.amount])).toEqual(
      example.invoiceItems.map((item: any) => [item.quantity, item.amount]),
    );

    for (const id of [record.id, record.paymentIntent, ...record.invoiceItems.flatMap((item: any) => [item.id, item.price])]) {
      expect(id).toMatch(UUID);
    }
    expect(record.url).toBe(`${server.baseUrl}/checkouts/${record.id}`);
    const createdMs = Number(record.createdAt) * 1000;
    expect(createdMs).toBeGreaterThanOrEqual(before - 5);
    expect(createdMs).toBeLessThanOrEqual(after + 5);
    expect(record.createdAt).toMatch(/^\d{10}\.\d{6}$/);
    const createdMicros = Number(record.createdAt.replace('.', ''));
    expect(Number(record.updatedAt.replace('.', ''))).toBe(createdMicros + policy.updateDelayMicros);
    expect(Number(record.expiresAt)).toBe(Math.floor(createdMicros / 1000) + policy.lifetimeMs);
  });
});

describe('the record', () => {
  const base = () => structuredClone(namedRequests.usdtOnTron);

  it('gives every id, item id, price and payment intent a fresh UUID', async () => {
    const body = base();
    body.invoice_items.push(structuredClone(body.invoice_items[0]));
    const records = await Promise.all([1, 2, 3].map(async () => (await sandbox.createCheckout(body)).json()));
    const ids = records.flatMap((record: any) => [
      record.id,
      record.paymentIntent,
      ...record.invoiceItems.flatMap((item: any) => [item.id, item.price]),
    ]);
    // Three records of an id, a payment intent and two items of an id and a price each: 18 UUIDs, all different.
    expect(ids).toEqual(Array.from({ length: 3 * 6 }, () => expect.stringMatching(UUID)));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('echoes priceData in camelCase, with null description and empty images when none were sent', async () => {
    const record = await (await sandbox.createCheckout(namedRequests.upperCaseCodes)).json();
    expect(record.invoiceItems[0].priceData).toEqual({
      currency: 'USD',
      unitAmount: '10',
      productData: { name: 'Annual subscription', description: null, images: [] },
    });
    const withImages = await (await sandbox.createCheckout(base())).json();
    expect(withImages.invoiceItems[0].priceData.productData).toEqual(namedRequests.usdtOnTron.invoice_items[0].price_data.product_data);
  });

  it('sets clientReferenceId, successUrl and cancelUrl to null when they were not sent (D15)', async () => {
    const body = base();
    delete body.client_reference_id;
    delete body.success_url;
    delete body.cancel_url;
    const record = await (await sandbox.createCheckout(body)).json();
    expect([record.clientReferenceId, record.successUrl, record.cancelUrl]).toEqual([null, null, null]);
    expectValid(validateCheckout, record);
  });

  it('offers crypto and card when no payment method was chosen (D20)', async () => {
    const body = base();
    delete body.payment_method_data;
    const record = await (await sandbox.createCheckout(body)).json();
    expect(record.paymentMethodTypes).toEqual(['crypto', 'card']);
    expect(record.paymentMethodOptions.card).toBeNull();
    // The sandbox account's enabled stablecoins and their networks (src/sandbox/checkout/payment-methods.ts).
    const offered = record.paymentMethodOptions.crypto.map(
      (option: any) => `${option.currency.value} on ${option.networks.map((network: any) => network.value).join(', ')}`,
    );
    expect(offered).toEqual(['usdt on tron, ethereum', 'usdc on ethereum']);
    expect(checkCheckoutRules(body, record, ECHOED)).toEqual([]);
  });

  it('offers only the chosen currency and network, echoed as sent, with names for unknown codes', async () => {
    const body = base();
    body.payment_method_data.paymentMethodDetail = { currency: 'XyZ9', network: 'my-chain_2' };
    const record = await (await sandbox.createCheckout(body)).json();
    expect(record.paymentMethodOptions.crypto).toEqual([
      {
        currency: { value: 'XyZ9', name: 'XYZ9', logo: '/static/logos/xyz9.svg' },
        networks: [{ value: 'my-chain_2', name: 'my-chain_2' }],
      },
    ]);
    expectValid(validateCheckout, record);
  });

  it('names a network called __proto__ or constructor by its code, as any unknown code (the schema accepts both)', async () => {
    for (const network of ['__proto__', 'constructor']) {
      const body = base();
      body.payment_method_data.paymentMethodDetail = { currency: 'usdt', network };
      const record = await (await sandbox.createCheckout(body)).json();
      expect(record.paymentMethodOptions.crypto[0].networks).toEqual([{ value: network, name: network }]);
      expectValid(validateCheckout, record);
    }
  });

  it('computes amounts exactly with half-up rounding, beyond what a binary float holds', async () => {
    const item = (unit: string, quantity: number) => ({
      price_data: { product_data: { name: 'x' }, currency: 'usdt', unit_amount: unit },
      quantity,
    });
    const body = {
      currency: 'USDT',
      invoice_items: [item('0.005', 1), item('1.115', 1), item('999999999999.00499999', 3), item('0.00012', 10000), item('0.1', 3)],
    };
    const record = await (await sandbox.createCheckout(body)).json();
    expect(record.invoiceItems.map((i: any) => i.amount)).toEqual(['0.01', '1.12', '2999999999997.01', '1.20', '0.30']);
    expect(record.amountTotal).toBe('2999999999999.64');
  });

  // D29 (issue 30): the sandbox refuses a line that rounds to 0.00 rather than make a checkout that charges nothing.
  it('refuses a line whose amount rounds to 0.00 with 422 too_small on its unit_amount, never a zero checkout (D29)', async () => {
    const item = (currency: string, unit: string, quantity: number) => ({
      price_data: { product_data: { name: 'x' }, currency, unit_amount: unit },
      quantity,
    });
    const answer = await sandbox.createCheckout({ currency: 'BTC', invoice_items: [item('btc', '10', 1), item('BTC', '0.00012345', 7)] });
    expect(answer.status).toBe(422);
    const problem = await answer.json();
    expect(problem.type).toBe('https://api.checkout.example/problems/validation-failed');
    expect(problem.errors).toEqual([
      {
        pointer: '/invoice_items/1/price_data/unit_amount',
        code: 'too_small',
        detail:
          "This line, 7 × 0.00012345 BTC, rounds to 0.00 BTC at the record's two decimal places (D29); the sandbox refuses a line that charges nothing: raise unit_amount or quantity.",
      },
    ]);
    // Half a cent is the least that rounds up to 0.01 (D13): accepted.
    const smallest = await sandbox.createCheckout({ currency: 'BTC', invoice_items: [item('BTC', '0.005', 1), item('BTC', '0.0049', 1)] });
    expect(smallest.status).toBe(422);
    expect((await smallest.json()).errors.map((error: any) => error.pointer)).toEqual(['/invoice_items/1/price_data/unit_amount']);
    const accepted = await sandbox.createCheckout({
      currency: 'BTC',
      invoice_items: [item('BTC', '0.005', 1), item('BTC', '0.00071429', 7)],
    });
    expect(accepted.status).toBe(201);
    expect((await accepted.json()).amountTotal).toBe('0.02');
  });

  it('creates a checkout for any pair of valid codes, converting at the documented test rates (D8, D13)', async () => {
    const item = (currency: string, unit: string, quantity: number) => ({
      price_data: { product_data: { name: 'x' }, currency, unit_amount: unit },
      quantity,
    });
    const body = {
      currency: 'eur',
      invoice_items: [item('EUR', '10.005', 1), item('usd', '10.80', 2), item('BTC', '0.0001', 3), item('Zz9', '7', 1)],
      payment_method_data: { type: 'cryptopaymentmethoddetail', paymentMethodDetail: { currency: 'TRX', network: 'tron' } },
    };
    const response = await sandbox.createCheckout(body);
    expect(response.status).toBe(201);
    const record = await response.json();
    expectValid(validateCheckout, record);
    // EUR as sent, case aside; 21.60 USD / 1.08; 0.0003 BTC × 60000 / 1.08 = 16.666…; an unlisted code is worth 1 USD.
    expect(record.invoiceItems.map((line: any) => line.amount)).toEqual(['10.01', '20.00', '16.67', '6.48']);
    expect(record.amountTotal).toBe('53.16');
    expect(checkCheckoutRules(body, record, ECHOED, { rateBetween: createRateTable() })).toEqual([]);
  });

  it("takes its test rates from CHECKOUT_TEST_RATES, and refuses a malformed table with the variable's name", async () => {
    const custom = await startTestSandbox({ CHECKOUT_TEST_RATES: 'eur=1.25,Zz9=2' });
    try {
      const body = {
        currency: 'EUR',
        invoice_items: [{ price_data: { product_data: { name: 'x' }, currency: 'ZZ9', unit_amount: '5' }, quantity: 1 }],
      };
      const record = await (await custom.createCheckout(body)).json();
      expect(record.amountTotal).toBe('8.00');
    } finally {
      await custom.close();
    }
    await expect(startTestSandbox({ CHECKOUT_TEST_RATES: 'EUR=0' })).rejects.toThrow(/CHECKOUT_TEST_RATES/);
  });

  it("offers the chosen pair first and the account's other methods after it with CHECKOUT_OFFER_ALL_METHODS (D20)", async () => {
    const custom = await startTestSandbox({ CHECKOUT_OFFER_ALL_METHODS: 'true' });
    try {
      const record = await (await custom.createCheckout(base())).json();
      expect(record.paymentMethodTypes).toEqual(['crypto', 'card']);
      expect(record.paymentMethodOptions.crypto.map((option: any) => option.currency.value)).toEqual(['usdt', 'usdc']);
      expect(record.paymentMethodOptions.crypto[0].networks).toEqual([{ value: 'tron', name: 'Tron (TRC-20)' }]);
      expect(checkCheckoutRules(base(), record, ECHOED)).toEqual([]);
    } finally {
      await custom.close();
    }
  });

  it('uses CHECKOUT_PAGE_URL and the session lifetime from the environment', async () => {
    const custom = await startTestSandbox({ CHECKOUT_PAGE_URL: 'https://pay.sandbox.test/', CHECKOUT_SESSION_LIFETIME_MS: '60000' });
    try {
      const record = await (await custom.createCheckout(base())).json();
      expect(record.url).toBe(`https://pay.sandbox.test/checkouts/${record.id}`);
      expect(checkCheckoutRules(base(), record, ECHOED, { lifetimeMs: 60_000 })).toEqual([]);
    } finally {
      await custom.close();
    }
  });

  it('accepts every configured key, and never writes a key anywhere', async () => {
    const response = await sandbox.createCheckout(base(), { authorization: `Api-Key ${OTHER_CANARY_KEY}` });
    expect(response.status).toBe(201);
    const text = await response.text();
    for (const key of [CANARY_KEY, OTHER_CANARY_KEY]) {
      expect(text).not.toContain(key);
      expect(sandbox.logs.join('\n')).not.toContain(key);
    }
  });
});
