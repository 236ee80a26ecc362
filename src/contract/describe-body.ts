// A request body's field errors against a request schema of the contract, for both servers: validated by the
// contract's compiled Ajv validator (compile-schemas.ts) and worded by the one describer (field-errors.ts). The sandbox
// validates every create body with it; the mock asks it once Prism has refused a body, since Prism's violations carry
// Ajv's keyword and path but not its params. So one bad body gets the same errors[] from both.
import type { ErrorObject } from 'ajv';
import type { FieldError } from '../../generated/openapi.js';
import type { ContractValidators } from './compile-schemas.js';
import { COMPONENT_SCHEMA_REF, describeViolations, findPatternFacts, type Violation, type ViolationParams } from './field-errors.js';
import type { OpenApiDocument } from './load-contract.js';

/** The field errors of a body: empty when it is valid. */
export type DescribeBody = (body: unknown) => FieldError[];

/**
 * The describer of bodies that must match `schema`, a schema of the contract (such as an operation's request body
 * schema, `{ $ref: '#/components/schemas/CreateCheckoutRequest' }`), with the contract's own validators: compiled
 * once, when the contract value is made (contract-value.ts).
 */
export function compileBodyDescriber(contract: OpenApiDocument, schema: unknown, validators: ContractValidators): DescribeBody {
  const validate = compileSchema(validators, schema);
  // Ajv's error is already the describer's violation; only a pattern's meaning is looked up in the contract.
  const toViolation = (error: ErrorObject): Violation => ({
    instancePath: error.instancePath,
    keyword: error.keyword,
    params: error.params as ViolationParams,
    pattern: error.keyword === 'pattern' ? findPatternFacts(contract, schema, error.instancePath) : undefined,
    message: error.message,
  });
  return (body) => (validate(body) ? [] : describeViolations((validate.errors ?? []).map(toViolation)));
}

// A reference to a component is its cached validator; any other schema is compiled as it stands, as the contract's
// header rules are (contract-value.ts).
function compileSchema(validators: ContractValidators, schema: unknown) {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  const name = typeof ref === 'string' ? COMPONENT_SCHEMA_REF.exec(ref)?.[1] : undefined;
  return name === undefined ? validators.ajv.compile(schema as object) : validators.validatorFor(name);
}
