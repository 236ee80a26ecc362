// The create request checked against the contract's own compiled schema; one answer lists every offending field.
// The sandbox's account accepts every currency and network the schema allows (D8, D9), so no rule goes beyond it.
import type { CreateCheckoutRequest, FieldError } from '../../../generated/openapi.js';
import { createContractValidators } from '../../contract/compile-schemas.js';
import type { OpenApiDocument } from '../../contract/load-contract.js';
import { describeFieldErrors } from './describe-field-errors.js';

export type RequestCheck = { ok: true; request: CreateCheckoutRequest } | { ok: false; errors: FieldError[] };

export function createRequestValidator(contract: OpenApiDocument): (body: unknown) => RequestCheck {
  const validate = createContractValidators(contract).validatorFor('CreateCheckoutRequest');
  const descriptions = Object.fromEntries(
    Object.entries(contract.components.schemas).map(([name, schema]) => [name, schema.description as string | undefined]),
  );
  return (body) => {
    const errors = validate(body) ? [] : describeFieldErrors(validate.errors ?? [], descriptions);
    return errors.length > 0 ? { ok: false, errors } : { ok: true, request: body as CreateCheckoutRequest };
  };
}
