// The caller-facing error bodies of the mock: RFC 9457 problem documents valid against the contract's Problem
// schema. Types, titles and statuses come from the contract's own problem examples; `detail` and `errors` say
// what was wrong with this request. The details are worded as the sandbox words them, so that one bad request
// reads the same from both.
import { readProblemTemplate } from './contract-facts.js';

export const MAX_BODY_BYTES = 1_048_576; // 1 MiB, the contract's body limit (decision D14, response 413).

// Node's HTTP parser answers these two before any route exists. The contract declares no response for them, so
// they take the sandbox's slugs and titles (src/sandbox/http/problems.ts) under the contract's problem type base.
const PARSER_PROBLEMS = {
  headersTooLarge: ['request-header-fields-too-large', 'Request header fields too large', 431],
  badRequest: ['bad-request', 'Bad request', 400],
};

export function createProblemFactory(contract) {
  const template = (name) => readProblemTemplate(contract, name);
  const optionalTemplate = (name) => (contract.components?.responses?.[name] ? template(name) : undefined);
  const templates = {
    malformedJson: template('MalformedJson'),
    unauthorized: template('Unauthorized'),
    unsupportedMediaType: template('UnsupportedMediaType'),
    validationFailed: template('ValidationFailed'),
    payloadTooLarge: template('PayloadTooLarge'),
    // Declared by newer contracts only; without them Prism's own 404/405 documents pass through.
    notFound: optionalTemplate('NotFound'),
    methodNotAllowed: optionalTemplate('MethodNotAllowed'),
  };
  const parserProblem = ([slug, title, status], detail) => ({
    type: new URL(slug, templates.malformedJson.type).href, title, status, detail,
  });
  return {
    malformedJson: (reason) => ({
      ...templates.malformedJson,
      detail: `The request body is not valid JSON: ${reason}. Send one JSON object.`,
    }),
    unauthorized: (detail) => ({ ...templates.unauthorized, detail }),
    unsupportedMediaType: (contentType) => ({
      ...templates.unsupportedMediaType,
      detail: contentType
        ? `Send the body as application/json; this request was sent as ${contentType}.`
        : 'Send the body as application/json; this request was sent without a Content-Type.',
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
    notFound: templates.notFound && ((pathname) => ({
      ...templates.notFound,
      detail: `Nothing is served at ${pathname.slice(0, 200)}.`,
    })),
    methodNotAllowed: templates.methodNotAllowed && ((pathname, allowed) => ({
      ...templates.methodNotAllowed,
      detail: `${pathname.slice(0, 200)} accepts ${allowed.join(', ')} only.`,
    })),
    headersTooLarge: () => parserProblem(
      PARSER_PROBLEMS.headersTooLarge, 'The request headers are too large; send fewer or shorter headers.',
    ),
    badRequest: () => parserProblem(PARSER_PROBLEMS.badRequest, 'The request is not valid HTTP/1.1.'),
  };
}

function describeValidation(fieldCount, otherMessages) {
  const parts = [];
  if (fieldCount > 0) parts.push(`The request body has ${fieldCount} invalid field${fieldCount === 1 ? '' : 's'}; see errors.`);
  for (const message of otherMessages) parts.push(`${message}.`);
  return parts.length > 0 ? parts.join(' ') : 'The request breaks the contract.';
}
