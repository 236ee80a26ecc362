// The problems both servers make from the facts of one request, by name, over one server's problem maker
// (createProblemMaker in problems.ts): the titles come from the contract and the words from problems.ts, so one bad
// request reads the same from both.
import {
  type CreateProblem,
  describeBadIdempotencyKey,
  describeMalformedJson,
  describePayloadTooLarge,
  describeUnsupportedMediaType,
  describeValidationFailed,
  type FieldError,
} from './problems.js';
import { UNREADABLE_TARGET_DETAIL } from './request-target.js';

/** The problem types the factory names: every server's maker must have them. */
export type FactoryProblemSlug =
  | 'unauthorized'
  | 'unsupported-media-type'
  | 'validation-failed'
  | 'payload-too-large'
  | 'malformed-json'
  | 'not-found'
  | 'method-not-allowed'
  | 'bad-request'
  | 'internal-error';

export type ProblemFactory = ReturnType<typeof createProblemFactory>;

export function createProblemFactory(createProblem: CreateProblem<FactoryProblemSlug>) {
  return {
    unauthorized: (detail: string) => createProblem('unauthorized', detail),
    unsupportedMediaType: (contentType: string | undefined) =>
      createProblem('unsupported-media-type', describeUnsupportedMediaType(contentType)),
    /** An Idempotency-Key that breaks the contract's rule: no field of the body is at fault, so `errors` is empty. */
    badIdempotencyKey: () => createProblem('validation-failed', describeBadIdempotencyKey(), []),
    /** `bytes`: the body's size as declared or as far as it was read, when known. */
    payloadTooLarge: (bytes: number | undefined) => createProblem('payload-too-large', describePayloadTooLarge(bytes)),
    malformedJson: (reason: string) => createProblem('malformed-json', describeMalformedJson(reason)),
    /** `otherMessages`: what broke the contract outside the body's fields (a header), one sentence each. */
    validationFailed: (fieldErrors: FieldError[], otherMessages: readonly string[] = []) =>
      createProblem('validation-failed', describeValidation(fieldErrors.length, otherMessages), fieldErrors),
    /** `hint`: a sentence that points to what the caller may have meant. */
    notFound: (path: string, hint = '') => createProblem('not-found', `Nothing is served at ${path.slice(0, 200)}.${hint}`),
    methodNotAllowed: (path: string, allowed: readonly string[]) =>
      createProblem('method-not-allowed', `${path.slice(0, 200)} accepts ${allowed.join(', ')} only.`),
    /** A request target that is neither a path nor an http(s) URL a parser reads (src/http/request-target.ts). */
    unreadableTarget: () => createProblem('bad-request', UNREADABLE_TARGET_DETAIL),
    internalError: (detail: string) => createProblem('internal-error', detail),
  };
}

function describeValidation(fieldCount: number, otherMessages: readonly string[]): string {
  const parts: string[] = [];
  if (fieldCount > 0) parts.push(describeValidationFailed(fieldCount));
  for (const message of otherMessages) parts.push(`${message}.`);
  return parts.length > 0 ? parts.join(' ') : 'The request breaks the contract.';
}
