// Compile the contract's component schemas with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1), formats
// on. Each validator is compiled once and cached; callers ask for one by component name.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './load-contract.js';

// ajv-formats ships CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export const CONTRACT_ID = 'urn:checkout-api-contract:openapi';

export interface ContractValidators {
  ajv: Ajv2020;
  /** The compiled validator of `#/components/schemas/<name>`; throws for a name the contract lacks. */
  validatorFor(name: string): ValidateFunction;
}

export function createContractValidators(contract: OpenApiDocument): ContractValidators {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  // OpenAPI's own keywords that may sit inside a schema; they carry no validation.
  // Annotations of this contract (x-decision, x-extensible-enum, and x-faker, what Prism's --dynamic draws codes, URLs
  // and timestamps from) are kept in the bundle and carry no validation either.
  ajv.addVocabulary(['components', 'example', 'discriminator', 'xml', 'externalDocs', 'x-decision', 'x-extensible-enum', 'x-faker']);
  ajv.addSchema({ $id: CONTRACT_ID, components: { schemas: contract.components.schemas } });

  const compiled = new Map<string, ValidateFunction>();
  function validatorFor(name: string): ValidateFunction {
    let validate = compiled.get(name);
    if (!validate) {
      if (!(name in contract.components.schemas)) {
        throw new Error(`The contract has no schema named "${name}" under #/components/schemas.`);
      }
      validate = ajv.getSchema(`${CONTRACT_ID}#/components/schemas/${name}`);
      if (!validate) throw new Error(`Ajv could not compile the schema "${name}".`);
      compiled.set(name, validate);
    }
    return validate;
  }
  return { ajv, validatorFor };
}
