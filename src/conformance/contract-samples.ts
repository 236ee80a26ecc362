// The contract's own material the checks start from: the seed samples (the named request examples of
// createCheckout) and the schemas of the callback headers. Read from the bundle, never re-typed.
import { loadContract, type OpenApiDocument } from '../contract/load-contract.js';
import { resolveRef } from '../contract/resolve-ref.js';
import { CREATE_PATH } from './config.js';

/** The named request examples (`usdtOnTron`, `upperCaseCodes`), deep-copied so a caller may change them. */
export function seedSamples(contract: OpenApiDocument = loadContract()): Record<string, Record<string, any>> {
  const examples = contract.paths[CREATE_PATH].post.requestBody.content['application/json'].examples as Record<string, unknown>;
  return Object.fromEntries(Object.entries(examples).map(([name, example]) => [name, structuredClone(resolveRef(contract, example).value)]));
}

/** Header name → JSON Schema of the callback's Standard Webhooks headers, from the callback operation. */
export function callbackHeaderSchemas(contract: OpenApiDocument = loadContract()): Record<string, Record<string, unknown>> {
  const callback = resolveRef(contract, contract.paths[CREATE_PATH].post.callbacks.checkoutCompleted) as Record<string, any>;
  const operation = Object.values(callback)[0].post;
  return Object.fromEntries((operation.parameters as unknown[]).map((parameter) => resolveRef(contract, parameter))
    .filter((parameter: any) => parameter.in === 'header')
    .map((parameter: any) => [String(parameter.name).toLowerCase(), parameter.schema]));
}
