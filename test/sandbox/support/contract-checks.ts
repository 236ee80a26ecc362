// The contract's compiled validators and named examples, for asserting that the sandbox's answers conform.
import { loadContractValue } from '../../../src/contract/contract-value.js';
import { requestExamples, responseExamples } from '../../contract/contract-fixtures.js';

const validators = loadContractValue().validators;

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
