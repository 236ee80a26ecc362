// The create request checked against the contract's own compiled schema; one answer lists every offending field,
// described as the mock describes a body Prism refused (src/contract/describe-body.ts, the same describer).
// The sandbox's account accepts every currency and network the schema allows (D8, D9), so no rule goes beyond it.
import type { CreateCheckoutRequest, FieldError } from '../../generated/openapi.js';
import { compileBodyDescriber } from '../contract/describe-body.js';
import type { OpenApiDocument } from '../contract/load-contract.js';

export type RequestCheck = { ok: true; request: CreateCheckoutRequest } | { ok: false; errors: FieldError[] };

const REQUEST_SCHEMA = { $ref: '#/components/schemas/CreateCheckoutRequest' };

// Compiling the schemas is most of what starting a sandbox costs (about 100 ms): a test suite that makes a fetch
// sandbox per test compiles them once per contract. A validator holds no state between calls, so sharing it is safe.
const validators = new WeakMap<OpenApiDocument, (body: unknown) => RequestCheck>();

export function createRequestValidator(contract: OpenApiDocument): (body: unknown) => RequestCheck {
  let validator = validators.get(contract);
  if (!validator) {
    validator = compileRequestValidator(contract);
    validators.set(contract, validator);
  }
  return validator;
}

function compileRequestValidator(contract: OpenApiDocument): (body: unknown) => RequestCheck {
  const describeBody = compileBodyDescriber(contract, REQUEST_SCHEMA);
  return (body) => {
    const errors = describeBody(body);
    return errors.length > 0 ? { ok: false, errors } : { ok: true, request: body as CreateCheckoutRequest };
  };
}
