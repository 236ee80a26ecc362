// The sandbox helpers' own OpenAPI document (openapi-sandbox/openapi.yaml), its schemas compiled with Ajv.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const DOCUMENT_ID = 'urn:checkout-sandbox:openapi';

export const sandboxDocumentPath = new URL('../../../openapi-sandbox/openapi.yaml', import.meta.url);
export const sandboxDocument = parse(readFileSync(sandboxDocumentPath, 'utf8'));

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
ajv.addVocabulary(['components', 'example', 'discriminator', 'xml', 'externalDocs']);
ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: sandboxDocument.components.schemas } });

export function sandboxValidatorFor(name: string) {
  const validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${name}`);
  if (!validate) throw new Error(`openapi-sandbox/openapi.yaml has no schema ${name}`);
  return validate;
}
