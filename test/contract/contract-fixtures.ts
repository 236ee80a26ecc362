// Shared reads of the bundled contract for the contract suites.
import { loadContract, resolveRef as resolveContractRef } from '../../src/contract/load-contract.js';

export const contract = loadContract();
export const createOperation = contract.paths['/api/v1/checkouts/'].post;

/** Follow a local `#/components/...` reference of the bundled contract, or return the value as it is. */
export function resolveRef<T = any>(value: any): T {
  return resolveContractRef<T>(contract, value);
}

/** The named request examples of createCheckout, resolved: { usdtOnTron: {...}, upperCaseCodes: {...} }. */
export function requestExamples(): Record<string, any> {
  const examples = createOperation.requestBody.content['application/json'].examples;
  return Object.fromEntries(Object.entries(examples).map(([name, ex]) => [name, resolveRef(ex).value]));
}

/** The named 201 response examples of createCheckout, resolved. */
export function responseExamples(): Record<string, any> {
  const examples = resolveRef(createOperation.responses['201']).content['application/json'].examples;
  return Object.fromEntries(Object.entries(examples).map(([name, ex]) => [name, resolveRef(ex).value]));
}
