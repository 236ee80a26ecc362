// The contract as the conformance kit reads it: the one contract value (src/contract/contract-value.ts) the kit's entry
// makes, with the facts and compiled rules the checks need beside it. Made once per contract value (runConformance
// calls it at the start of each run; the self-test's many runs share one), never when a module is imported, and handed
// to every check in its context.
import type { ValidateFunction } from 'ajv';
import { readAuthScheme } from '../contract/contract-facts.js';
import type { Contract } from '../contract/contract-value.js';
import { type EchoedField, readEchoedFields } from '../contract/echoed-fields.js';
import { oncePer } from '../contract/once-per.js';
import {
  callbackHeaderSchemas,
  createSuccessStatuses,
  requestIdSchema,
  type SampleCodes,
  sampleCodes,
  seedSamples,
} from './contract-samples.js';

export interface ConformanceContract {
  readonly value: Contract;
  /** The path of the contract's create operation (`/api/v1/checkouts/`). */
  readonly createPath: string;
  /** The statuses the contract documents for the create operation, one by one. */
  readonly createStatuses: ReadonlySet<number>;
  /** The 2xx statuses of the create operation (D1: 201, and 200 with the same record), ascending. */
  readonly createSuccessStatuses: readonly number[];
  /** The scheme word of the Authorization header the contract requires (`Api-Key`), read from its 401 challenge. */
  readonly authScheme: string;
  /** The fields of a checkout record the contract documents (the Checkout schema's properties). */
  readonly checkoutFields: ReadonlySet<string>;
  /** The codes a FieldError may carry in this copy of the contract. */
  readonly fieldErrorCodes: ReadonlySet<string>;
  /** The request fields the contract says the record echoes (checkCheckoutRules). */
  readonly echoed: EchoedField[];
  /** The codes the contract's samples use (generated bodies use only these). */
  readonly sampleCodes: SampleCodes;
  /** The Request-Id header's schema (D2), compiled. */
  readonly validateRequestId: ValidateFunction;
  /** Each Standard Webhooks header of the callback, by lower-case name, with its schema compiled. */
  readonly callbackHeaders: ReadonlyMap<string, ValidateFunction>;
}

/** The kit's reading of `value`, made on the first call for it and the same after. */
export const readConformanceContract: (value: Contract) => ConformanceContract = oncePer(compileConformanceContract);

function compileConformanceContract(value: Contract): ConformanceContract {
  const { document, validators } = value;
  const create = value.operation('createCheckout');
  const checkout = document.components.schemas.Checkout as { properties: object };
  return {
    value,
    createPath: create.path,
    createStatuses: new Set(create.responseExamples.keys()),
    createSuccessStatuses: createSuccessStatuses(document),
    authScheme: readAuthScheme(create),
    checkoutFields: new Set(Object.keys(checkout.properties)),
    fieldErrorCodes: new Set(value.fieldErrorCodes ?? []),
    echoed: readEchoedFields(document),
    sampleCodes: sampleCodes(seedSamples(document)),
    validateRequestId: validators.ajv.compile(requestIdSchema(document)),
    callbackHeaders: new Map(
      Object.entries(callbackHeaderSchemas(document)).map(([name, schema]) => [name, validators.ajv.compile(schema)]),
    ),
  };
}
