// The create request checked against the contract's own compiled schema; one answer lists every offending field,
// described by the contract's one describer (src/contract/field-errors.ts), as the mock describes Prism's findings.
// The sandbox's account accepts every currency and network the schema allows (D8, D9), so no rule goes beyond it.
import type { ErrorObject } from 'ajv';
import type { CreateCheckoutRequest, FieldError } from '../../generated/openapi.js';
import { createContractValidators } from '../contract/compile-schemas.js';
import { describeViolations, findPatternFacts, type Violation, type ViolationParams } from '../contract/field-errors.js';
import type { OpenApiDocument } from '../contract/load-contract.js';

export type RequestCheck = { ok: true; request: CreateCheckoutRequest } | { ok: false; errors: FieldError[] };

const REQUEST_SCHEMA = { $ref: '#/components/schemas/CreateCheckoutRequest' };

// Compiling the schemas is most of what starting a sandbox costs (about 100 ms): a test suite that makes a mock per
// test compiles them once per contract. A validator holds no state between calls, so sharing it is safe.
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
  const validate = createContractValidators(contract).validatorFor('CreateCheckoutRequest');
  // Ajv's error is already the describer's violation; only a pattern's meaning is looked up, where the mock looks it up.
  const toViolation = (error: ErrorObject): Violation => ({
    instancePath: error.instancePath,
    keyword: error.keyword,
    params: error.params as ViolationParams,
    pattern: error.keyword === 'pattern' ? findPatternFacts(contract, REQUEST_SCHEMA, error.instancePath) : undefined,
    message: error.message,
  });
  return (body) => {
    const errors = validate(body) ? [] : describeViolations((validate.errors ?? []).map(toViolation));
    return errors.length > 0 ? { ok: false, errors } : { ok: true, request: body as CreateCheckoutRequest };
  };
}
