// The caller-facing error bodies of the mock: RFC 9457 problem documents valid against the contract's Problem
// schema. Types, titles and statuses come from the contract's own problem examples; `detail` and `errors` say
// what was wrong with this request, worded as the sandbox words them, so one bad request reads the same from both.
import type { OpenApiDocument } from '../contract/load-contract.js';
import { createProblem } from '../sandbox/http/problems.js';
import { BODY_LIMIT_BYTES } from '../sandbox/http/read-body.js';
import { type ProblemTemplate, readProblemTemplate } from './contract-facts.js';
import type { FieldError } from './field-errors.js';

/** A problem document as the mock sends it; `instance` is stamped on the way out (server.ts). */
export interface MockProblem extends ProblemTemplate {
  detail: string;
  errors?: FieldError[];
  instance?: string;
}

/** Every problem the mock makes itself, each from the facts of one request. */
export type ProblemFactory = ReturnType<typeof createProblemFactory>;

export function createProblemFactory(contract: OpenApiDocument) {
  const template = (name: string) => readProblemTemplate(contract, name);
  const optionalTemplate = (name: string) => (contract.components.responses?.[name] ? template(name) : undefined);
  const templates = {
    malformedJson: template('MalformedJson'),
    unauthorized: template('Unauthorized'),
    unsupportedMediaType: template('UnsupportedMediaType'),
    validationFailed: template('ValidationFailed'),
    payloadTooLarge: template('PayloadTooLarge'),
    internalError: template('InternalError'),
    // Declared by newer contracts only; without them Prism's own 404/405 documents pass through.
    notFound: optionalTemplate('NotFound'),
    methodNotAllowed: optionalTemplate('MethodNotAllowed'),
  };
  const { notFound, methodNotAllowed } = templates;
  return {
    malformedJson: (reason: string): MockProblem => ({
      ...templates.malformedJson,
      detail: `The request body is not valid JSON: ${reason}. Send one JSON object.`,
    }),
    unauthorized: (detail: string): MockProblem => ({ ...templates.unauthorized, detail }),
    unsupportedMediaType: (contentType: string | undefined): MockProblem => ({
      ...templates.unsupportedMediaType,
      detail: contentType
        ? `Send the body as application/json; this request was sent as ${contentType}.`
        : 'Send the body as application/json; this request was sent without a Content-Type.',
    }),
    payloadTooLarge: (): MockProblem => ({
      ...templates.payloadTooLarge,
      detail: `The request body is larger than the limit of ${BODY_LIMIT_BYTES} bytes (1 MiB). Send fewer or shorter items.`,
    }),
    validationFailed: ({ fieldErrors, otherMessages }: { fieldErrors: FieldError[]; otherMessages: string[] }): MockProblem => ({
      ...templates.validationFailed,
      detail: describeValidation(fieldErrors.length, otherMessages),
      errors: fieldErrors,
    }),
    internalError: (detail: string): MockProblem => ({ ...templates.internalError, detail }),
    notFound:
      notFound &&
      ((pathname: string): MockProblem => ({
        ...notFound,
        detail: `Nothing is served at ${pathname.slice(0, 200)}.`,
      })),
    methodNotAllowed:
      methodNotAllowed &&
      ((pathname: string, allowed: string[]): MockProblem => ({
        ...methodNotAllowed,
        detail: `${pathname.slice(0, 200)} accepts ${allowed.join(', ')} only.`,
      })),
    // Node's HTTP parser answers these two before any route exists. The contract declares no response for them, so
    // they are the sandbox's own (src/sandbox/http/problems.ts).
    headersTooLarge: (): MockProblem =>
      withoutInstance(
        createProblem('request-header-fields-too-large', 'The request headers are too large; send fewer or shorter headers.'),
      ),
    badRequest: (): MockProblem => withoutInstance(createProblem('bad-request', 'The request is not valid HTTP/1.1.')),
  };
}

function withoutInstance(problem: ReturnType<typeof createProblem>): MockProblem {
  return { type: problem.type, title: problem.title, status: problem.status, detail: problem.detail ?? '' };
}

function describeValidation(fieldCount: number, otherMessages: string[]): string {
  const parts: string[] = [];
  if (fieldCount > 0) parts.push(`The request body has ${fieldCount} invalid field${fieldCount === 1 ? '' : 's'}; see errors.`);
  for (const message of otherMessages) parts.push(`${message}.`);
  return parts.length > 0 ? parts.join(' ') : 'The request breaks the contract.';
}
