// What the mock suites read from the bundled contract: the two seed samples and the validators. Nothing here is
// copied from the contract; it is all looked up.

import { createContract } from '../../src/contract/contract-value.js';
import { loadContract, resolveRef } from '../../src/contract/load-contract.js';
import { CREATE_PATH } from '../support/create-path.js';

export const contract = loadContract();
/** The contract value the servers are given (src/contract/contract-value.ts), with its compiled validators. */
export const contractValue = createContract(contract);
export const validators = contractValue.validators;
export const seedSamples = {
  usdtOnTron: contract.components.examples.CreateCheckoutUsdtOnTron.value as Record<string, any>,
  upperCaseCodes: contract.components.examples.CreateCheckoutUpperCaseCodes.value as Record<string, any>,
};

export function responseExample(name: string): Record<string, any> {
  const created = resolveRef<any>(contract, contract.paths[CREATE_PATH].post.responses['201']);
  return resolveRef<any>(contract, created.content['application/json'].examples[name]).value as Record<string, any>;
}

/** Ajv's errors as "path message" lines, so a failed expectation says what was wrong. */
export function schemaErrors(schemaName: string, value: unknown): string[] {
  const validate = validators.validatorFor(schemaName);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`);
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

export async function postJson(baseUrl: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${CREATE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
}
