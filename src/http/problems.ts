// RFC 9457 problem documents (docs/decisions.md D2, D3), made by name the same way by the mock, its proxy and the
// sandbox, so that one bad request reads the same from each. Each type's title and status come from the contract's own
// problem examples (#/components/responses), so no title is typed twice; a server adds the types only it answers with
// (the sandbox's helper routes, the proxy's gateway answers), and Node's HTTP parser adds the two below, which no
// operation declares. The words of each refusal are written once, here.
import type { FieldError } from '../../generated/openapi.js';
import type { ProblemTemplate } from '../contract/contract-facts.js';
import type { Contract } from '../contract/contract-value.js';
import type { Answer } from './exchange.js';
import { BODY_LIMIT_BYTES } from './request-body.js';
import { UNREADABLE_TARGET_DETAIL } from './request-target.js';

/** A problem document as a server sends it; `instance` is the answer's Request-Id, stamped on the way out. */
export interface ProblemDocument extends ProblemTemplate {
  detail: string;
  errors?: FieldError[];
  instance?: string;
}

/** A request a server refuses: the problem, and any header its answer needs (WWW-Authenticate, Allow, Retry-After). */
export interface Refusal {
  problem: ProblemDocument;
  headers: Record<string, string>;
}

/** A problem type a server adds to the contract's: its status and title. */
export type OwnProblemType = readonly [status: number, title: string];

// Node's parser answers these before any route exists, so the contract declares no response for them.
const PARSER_PROBLEM_TYPES: Record<string, OwnProblemType> = {
  'bad-request': [400, 'Bad request'],
  'request-header-fields-too-large': [431, 'Request header fields too large'],
};

// The types the named constructors below make: every server's contract must have them (checked at start-up).
const NAMED_SLUGS = [
  'unauthorized',
  'unsupported-media-type',
  'validation-failed',
  'payload-too-large',
  'malformed-json',
  'not-found',
  'method-not-allowed',
  'bad-request',
  'request-header-fields-too-large',
  'internal-error',
  'rate-limited',
  'idempotency-request-in-progress',
  'idempotency-key-reused',
] as const;

export type Problems<Own extends string = never> = ReturnType<typeof createProblems<Own>>;

/**
 * The problems one server makes: the contract's types, the parser's and the server's `ownTypes` (under the
 * contract's type base), each by a named constructor; `own` makes one of `ownTypes`. Every type a constructor names
 * is checked here, at start-up, so a contract without one fails loudly before any request rather than on the request
 * that needs it.
 */
export function createProblems<const Own extends string = never>(
  contract: Contract,
  ownTypes: Readonly<Record<Own, OwnProblemType>> = {} as Record<Own, OwnProblemType>,
) {
  const templates = new Map(contract.problemTemplates);
  const base =
    templates
      .values()
      .next()
      .value?.type.replace(/[^/#]*$/, '') ?? '';
  for (const [slug, [status, title]] of Object.entries<OwnProblemType>({ ...PARSER_PROBLEM_TYPES, ...ownTypes })) {
    if (!templates.has(slug)) templates.set(slug, { type: `${base}${slug}`, title, status });
  }
  const missing = NAMED_SLUGS.filter((slug) => !templates.has(slug));
  if (missing.length > 0) {
    throw new Error(`The contract has no example problem of type ${missing.join(', ')}; add one to #/components/responses.`);
  }
  const idempotencyKey = contract.idempotencyKey;
  if (!idempotencyKey) throw new Error("The contract's createCheckout declares no Idempotency-Key header.");
  const make = (slug: (typeof NAMED_SLUGS)[number] | Own, detail: string, errors?: FieldError[]): ProblemDocument => ({
    ...(templates.get(slug) as ProblemTemplate),
    detail,
    ...(errors ? { errors } : {}),
  });
  return {
    /** A problem of one of the server's own types. */
    own: (slug: Own, detail: string) => make(slug, detail),
    /** `detail`: why the credentials do not do (src/http/authorization.ts). */
    unauthorized: (detail: string) => make('unauthorized', detail),
    unsupportedMediaType: (contentType: string | undefined) => make('unsupported-media-type', describeUnsupportedMediaType(contentType)),
    /**
     * Whether an Idempotency-Key breaks the contract's schema for it: `lines`, every line of the header (undefined
     * when it was not sent), must be one value the schema accepts. Two lines are refused whatever they hold, since the
     * key they mean is unclear.
     */
    isBadIdempotencyKey: idempotencyKey.isBad,
    /** An Idempotency-Key that breaks the contract's rule: no field of the body is at fault, so `errors` is empty. */
    badIdempotencyKey: () => make('validation-failed', idempotencyKey.detail, []),
    /** `bytes`: the body's size as declared or as far as it was read, when known. */
    payloadTooLarge: (bytes: number | undefined) => make('payload-too-large', describePayloadTooLarge(bytes)),
    /** A body over what the proxy reads (`limitBytes`), which is more than the servers take. */
    overProxyLimit: (limitBytes: number) =>
      make('payload-too-large', `The request body is over ${limitBytes} bytes, the most the proxy reads.`),
    malformedJson: (reason: string) => make('malformed-json', describeMalformedJson(reason)),
    /** `otherMessages`: what broke the contract outside the body's fields (a header), one sentence each. */
    validationFailed: (fieldErrors: FieldError[], otherMessages: readonly string[] = []) =>
      make('validation-failed', describeValidation(fieldErrors.length, otherMessages), fieldErrors),
    /** `hint`: a sentence that points to what the caller may have meant. */
    notFound: (path: string, hint = '') => make('not-found', `Nothing is served at ${path.slice(0, 200)}.${hint}`),
    methodNotAllowed: (path: string, allowed: readonly string[]) =>
      make('method-not-allowed', `${path.slice(0, 200)} accepts ${allowed.join(', ')} only.`),
    /** A request target that is neither a path nor an http(s) URL a parser reads (src/http/request-target.ts). */
    unreadableTarget: () => make('bad-request', UNREADABLE_TARGET_DETAIL),
    /** A request Node's HTTP parser refuses: headers over its limit (`HPE_HEADER_OVERFLOW`), or broken HTTP. */
    parserRefusal: (code: string | undefined) =>
      code === 'HPE_HEADER_OVERFLOW'
        ? make('request-header-fields-too-large', 'The request headers are too large; send fewer or shorter headers.')
        : make('bad-request', 'The request is not valid HTTP/1.1.'),
    /** A request whose body ended before it was whole. */
    bodyCutOff: () => make('bad-request', 'The request body was cut off before its end.'),
    internalError: (detail: string) => make('internal-error', detail),
    rateLimited: (waitSeconds: number) =>
      make('rate-limited', `Too many requests for this API key; retry after ${waitSeconds} second${waitSeconds === 1 ? '' : 's'}.`),
    idempotencyRequestInProgress: () =>
      make(
        'idempotency-request-in-progress',
        'A request with this Idempotency-Key is still being processed; retry it after the first one has finished.',
      ),
    idempotencyKeyReused: () =>
      make(
        'idempotency-key-reused',
        'This Idempotency-Key was already used with a different request body; use a new key for a new checkout.',
      ),
  };
}

// The details both servers give for the same refusal, worded once so that one bad request reads the same from both.

/** The 415 detail: what to send, and what this request was sent as (its first 100 characters). */
export function describeUnsupportedMediaType(contentType: string | undefined): string {
  const sent = contentType ? `as ${contentType.slice(0, 100)}` : 'without a Content-Type';
  return `Send the body as application/json; this request was sent ${sent}.`;
}

/** The 400 detail, from decodeRequestJson's reason (which never quotes the body). */
export function describeMalformedJson(reason: string): string {
  return `The request body is not valid JSON: ${reason}. Send one JSON object.`;
}

/**
 * The 413 detail: the body's size when known (`bytes`, as declared or as far as it was read), the limit, and what to
 * do. The contract's PayloadTooLarge example is this detail for a body of 2000000 bytes.
 */
export function describePayloadTooLarge(bytes: number | undefined): string {
  const size = bytes !== undefined && bytes > BODY_LIMIT_BYTES ? `is ${bytes} bytes or more` : 'is too large';
  return `The request body ${size}; the limit is ${BODY_LIMIT_BYTES} bytes (1 MiB). Send fewer or shorter items.`;
}

/** The 422 detail for a body with `fieldCount` offending fields (listed in `errors`), as the contract's example words it. */
export function describeValidationFailed(fieldCount: number): string {
  return `The request body has ${fieldCount} invalid field${fieldCount === 1 ? '' : 's'}.`;
}

function describeValidation(fieldCount: number, otherMessages: readonly string[]): string {
  const parts: string[] = [];
  if (fieldCount > 0) parts.push(describeValidationFailed(fieldCount));
  for (const message of otherMessages) parts.push(`${message}.`);
  return parts.length > 0 ? parts.join(' ') : 'The request breaks the contract.';
}

/** An answer that carries a problem document, which a log line may name. */
export type ProblemAnswer = Answer & { problem: ProblemDocument };

/** A problem document whose `instance` is the answer's Request-Id (D2). */
export function problemAnswer(
  problem: ProblemDocument,
  requestId: string | undefined,
  headers: Record<string, string> = {},
): ProblemAnswer {
  const stamped = stampInstance(problem, requestId);
  return {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(stamped),
    problem: stamped,
  };
}

/** `instance` after `detail` and before `errors`, where the contract's examples put it. */
export function stampInstance({ errors, ...problem }: ProblemDocument, instance: string | undefined): ProblemDocument {
  return { ...problem, ...(instance === undefined ? {} : { instance }), ...(errors ? { errors } : {}) };
}
