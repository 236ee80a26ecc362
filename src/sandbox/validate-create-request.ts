// The create request checked against the contract's own compiled schema; one answer lists every offending field,
// described as the mock describes a body Prism refused (the create operation's describer, compiled once with the
// contract value: src/contract/contract-value.ts). The sandbox's account accepts every currency and network the schema
// allows (D8, D9), so no rule goes beyond it.
import type { CreateCheckoutRequest, FieldError } from '../../generated/openapi.js';
import type { Contract } from '../contract/contract-value.js';

export type RequestCheck = { ok: true; request: CreateCheckoutRequest } | { ok: false; errors: FieldError[] };

/** The check of a create body against the schema of the contract's createCheckout request. */
export function createRequestValidator(contract: Contract): (body: unknown) => RequestCheck {
  const { describeBody } = contract.operation('createCheckout');
  if (!describeBody) throw new Error("The contract's createCheckout declares no JSON request body.");
  return (body) => {
    const errors = describeBody(body);
    return errors.length > 0 ? { ok: false, errors } : { ok: true, request: body as CreateCheckoutRequest };
  };
}
