// The create request checked against the contract's own compiled schema and the business rules beyond it; one
// answer lists every offending field.
import type { CreateCheckoutRequest, FieldError } from '../../../generated/openapi.js';
import { createContractValidators } from '../../contract/compile-schemas.js';
import type { OpenApiDocument } from '../../contract/load-contract.js';
import { checkBusinessRules } from './check-business-rules.js';
import { describeFieldErrors } from './describe-field-errors.js';

export type RequestCheck = { ok: true; request: CreateCheckoutRequest } | { ok: false; errors: FieldError[] };

export function createRequestValidator(contract: OpenApiDocument): (body: unknown) => RequestCheck {
  const validate = createContractValidators(contract).validatorFor('CreateCheckoutRequest');
  const descriptions = Object.fromEntries(
    Object.entries(contract.components.schemas).map(([name, schema]) => [name, schema.description as string | undefined]),
  );
  return (body) => {
    const schemaErrors = validate(body) ? [] : describeFieldErrors(validate.errors ?? [], descriptions);
    const reported = new Set(schemaErrors.map((error) => error.pointer));
    const ruleErrors = checkBusinessRules(body).filter((error) => !reported.has(error.pointer));
    const errors = [...schemaErrors, ...ruleErrors];
    return errors.length > 0 ? { ok: false, errors } : { ok: true, request: body as CreateCheckoutRequest };
  };
}
