// The contract's own material the checks start from: the seed samples (the named request examples of
// createCheckout), the codes they use, and the schemas of the headers the checks read. Read from the bundle, never
// re-typed.
import { findOperation } from '../contract/contract-facts.js';
import { type OpenApiDocument, resolveRef } from '../contract/load-contract.js';

type Sample = Record<string, any>;

/** The named request examples (`usdtOnTron`, `upperCaseCodes`, `mixedCurrencies`), deep-copied so a caller may change them. */
export function seedSamples(contract: OpenApiDocument): Record<string, Sample> {
  const { requestExamples } = findOperation(contract, 'createCheckout');
  return Object.fromEntries(requestExamples.map(({ name, value }) => [name, structuredClone(value) as Sample]));
}

export interface SampleCodes {
  /** Every checkout and price currency the samples use, lower-case. */
  currencies: string[];
  /** Every payment currency and network pair the samples choose, as written. */
  paymentPairs: Array<{ currency: string; network: string }>;
}

/**
 * The codes the samples show the service accepting. Which codes an account takes is configuration (D8, D9), so
 * generated bodies use only these, mixed freely across the checkout, its prices and the payment (D8).
 */
export function sampleCodes(samples: Record<string, Sample>): SampleCodes {
  const currencies = new Set<string>();
  const pairs = new Map<string, { currency: string; network: string }>();
  for (const sample of Object.values(samples)) {
    currencies.add(String(sample.currency).toLowerCase());
    for (const item of sample.invoice_items ?? []) currencies.add(String(item.price_data.currency).toLowerCase());
    const detail = sample.payment_method_data?.paymentMethodDetail;
    if (detail) pairs.set(`${detail.currency}/${detail.network}`.toLowerCase(), { currency: detail.currency, network: detail.network });
  }
  return { currencies: [...currencies].sort(), paymentPairs: [...pairs.values()] };
}

/** Header name → JSON Schema of the callback's Standard Webhooks headers, from the callback operation. */
export function callbackHeaderSchemas(contract: OpenApiDocument): Record<string, Record<string, unknown>> {
  const callback = resolveRef(contract, createOperationOf(contract).callbacks.checkoutCompleted) as Record<string, any>;
  const operation = Object.values(callback)[0].post;
  return Object.fromEntries(
    (operation.parameters as unknown[])
      .map((parameter) => resolveRef(contract, parameter))
      .filter((parameter: any) => parameter.in === 'header')
      .map((parameter: any) => [String(parameter.name).toLowerCase(), parameter.schema]),
  );
}

/** The JSON Schema of the Request-Id header (D2), as the create operation's 201 answer declares it. */
export function requestIdSchema(contract: OpenApiDocument): Record<string, unknown> {
  return resolveRef(contract, resolveRef(contract, createOperationOf(contract).responses['201']).headers['Request-Id']).schema;
}

/** The 2xx statuses the create operation documents (D1: 201, and 200 with the same record), ascending. */
export function createSuccessStatuses(contract: OpenApiDocument): number[] {
  return Object.keys(createOperationOf(contract).responses)
    .filter((status) => /^2[0-9]{2}$/.test(status))
    .map(Number)
    .sort((a, b) => a - b);
}

// The create operation's own object in the document (the callbacks and response headers it declares).
function createOperationOf(contract: OpenApiDocument): Record<string, any> {
  const { path, method } = findOperation(contract, 'createCheckout');
  return contract.paths[path][method.toLowerCase()];
}
