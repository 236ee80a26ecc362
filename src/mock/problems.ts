// The caller-facing error bodies of the mock, made by the shared problem maker (src/http/problems.ts): types,
// titles and statuses from the contract's own problem examples; `detail` and `errors` say what was wrong with this
// request, in the words src/http/problems.ts gives both servers, so one bad request reads the same from both.
import { readProblemTemplates } from '../contract/contract-facts.js';
import type { OpenApiDocument } from '../contract/load-contract.js';
import {
  createProblemMaker,
  describeBadIdempotencyKey,
  describeMalformedJson,
  describePayloadTooLarge,
  describeUnsupportedMediaType,
  describeValidationFailed,
  type FieldError,
} from '../http/problems.js';

/** Every problem the mock makes itself, each from the facts of one request. */
export type ProblemFactory = ReturnType<typeof createProblemFactory>;

export function createProblemFactory(contract: OpenApiDocument) {
  const createProblem = createProblemMaker(contract, [
    'malformed-json',
    'unauthorized',
    'unsupported-media-type',
    'validation-failed',
    'payload-too-large',
    'internal-error',
    'bad-request',
    'request-header-fields-too-large',
  ]);
  // Declared by newer contracts only; without them Prism's own 404/405 documents pass through.
  const declared = readProblemTemplates(contract);
  const createRoutingProblem = createProblemMaker<'not-found' | 'method-not-allowed'>(contract, []);
  return {
    malformedJson: (reason: string) => createProblem('malformed-json', describeMalformedJson(reason)),
    unauthorized: (detail: string) => createProblem('unauthorized', detail),
    unsupportedMediaType: (contentType: string | undefined) =>
      createProblem('unsupported-media-type', describeUnsupportedMediaType(contentType)),
    /** `bytes`: the body's declared size, when it declared one. */
    payloadTooLarge: (bytes: number | undefined) => createProblem('payload-too-large', describePayloadTooLarge(bytes)),
    /** An Idempotency-Key that breaks the contract's rule: no field of the body is at fault, so `errors` is empty. */
    badIdempotencyKey: () => createProblem('validation-failed', describeBadIdempotencyKey(), []),
    validationFailed: ({ fieldErrors, otherMessages }: { fieldErrors: FieldError[]; otherMessages: string[] }) =>
      createProblem('validation-failed', describeValidation(fieldErrors.length, otherMessages), fieldErrors),
    internalError: (detail: string) => createProblem('internal-error', detail),
    notFound: declared.has('not-found')
      ? (pathname: string) => createRoutingProblem('not-found', `Nothing is served at ${pathname.slice(0, 200)}.`)
      : undefined,
    methodNotAllowed: declared.has('method-not-allowed')
      ? (pathname: string, allowed: string[]) =>
          createRoutingProblem('method-not-allowed', `${pathname.slice(0, 200)} accepts ${allowed.join(', ')} only.`)
      : undefined,
    /** For the requests Node's parser refuses (src/http/send-response.ts answerClientError). */
    createProblem,
  };
}

function describeValidation(fieldCount: number, otherMessages: string[]): string {
  const parts: string[] = [];
  if (fieldCount > 0) parts.push(describeValidationFailed(fieldCount));
  for (const message of otherMessages) parts.push(`${message}.`);
  return parts.length > 0 ? parts.join(' ') : 'The request breaks the contract.';
}
