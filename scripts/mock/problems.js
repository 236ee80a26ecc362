// The caller-facing error bodies of the mock: RFC 9457 problem documents valid against the contract's Problem
// schema. Types, titles and statuses come from the contract's own problem examples; `detail` and `errors` say
// what was wrong with this request.
import { readProblemTemplate } from './contract-facts.js';

export const MAX_BODY_BYTES = 1_048_576; // 1 MiB, the contract's body limit (decision D14, response 413).

export function createProblemFactory(contract) {
  const template = (name) => readProblemTemplate(contract, name);
  const templates = {
    malformedJson: template('MalformedJson'),
    unsupportedMediaType: template('UnsupportedMediaType'),
    validationFailed: template('ValidationFailed'),
    payloadTooLarge: template('PayloadTooLarge'),
  };
  return {
    malformedJson: (parseMessage) => ({
      ...templates.malformedJson,
      detail: `The request body is not valid JSON: ${parseMessage}. Send one JSON object.`,
    }),
    unsupportedMediaType: (contentType) => ({
      ...templates.unsupportedMediaType,
      detail: contentType
        ? `Send the body as application/json; this request was sent as ${contentType}.`
        : 'Send the body as application/json; this request has a body but no Content-Type header.',
    }),
    payloadTooLarge: () => ({
      ...templates.payloadTooLarge,
      detail: `The request body is larger than the limit of ${MAX_BODY_BYTES} bytes (1 MiB). Send fewer or shorter items.`,
    }),
    validationFailed: ({ fieldErrors, otherMessages }) => ({
      ...templates.validationFailed,
      detail: describeValidation(fieldErrors.length, otherMessages),
      errors: fieldErrors,
    }),
  };
}

function describeValidation(fieldCount, otherMessages) {
  const parts = [];
  if (fieldCount > 0) parts.push(`The request body has ${fieldCount} invalid field${fieldCount === 1 ? '' : 's'}; see errors.`);
  for (const message of otherMessages) parts.push(`${message}.`);
  return parts.length > 0 ? parts.join(' ') : 'The request breaks the contract.';
}
