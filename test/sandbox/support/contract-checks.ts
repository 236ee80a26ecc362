// The contract's compiled validators and named examples, for asserting that the sandbox's answers conform.
import { expect } from 'vitest';
import { createContractValidators } from '../../../src/contract/compile-schemas.js';
import { requestExamples, responseExamples } from '../../contract/contract-fixtures.js';

const validators = createContractValidators();

export const validateCheckout = validators.validatorFor('Checkout');
export const validateProblem = validators.validatorFor('Problem');
export const validateRequest = validators.validatorFor('CreateCheckoutRequest');
export const validateCompletedEvent = validators.validatorFor('CheckoutCompletedEvent');

export const namedRequests: Record<string, any> = requestExamples();
export const namedResponses: Record<string, any> = responseExamples();

/** Ajv's errors of the last call, readable in a failed assertion. */
export function schemaErrors(validate: { errors?: unknown }): string {
  return JSON.stringify(validate.errors ?? [], null, 1);
}

export function expectValid(validate: ((value: unknown) => boolean) & { errors?: unknown }, value: unknown): void {
  if (!validate(value))
    throw new Error(`not valid against the contract: ${schemaErrors(validate)}\n${JSON.stringify(value).slice(0, 2000)}`);
}

/** The problem document of an error answer, after checking its status, media type, schema and problem type. */
export async function readProblem(response: Response, status: number, slug: string): Promise<any> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const problem = await response.json();
  expectValid(validateProblem, problem);
  expect(problem.type).toBe(`https://api.checkout.example/problems/${slug}`);
  return problem;
}
