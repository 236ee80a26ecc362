// RFC 9457 problem documents (docs/decisions.md D2, D3), made the same way by the mock and the sandbox. Each type's
// title and status come from the contract's own problem examples (#/components/responses), so no title is typed
// twice; a server adds the types only it answers with (the sandbox's helper routes), and Node's HTTP parser adds the
// two below, which no operation declares.
import { compileHeaderRule, findOperation, type ProblemTemplate, readProblemTemplates } from '../contract/contract-facts.js';
import { loadContract, type OpenApiDocument } from '../contract/load-contract.js';
import type { Answer } from './exchange.js';
import { BODY_LIMIT_BYTES } from './request-body.js';

/** One entry of a problem's `errors`: where in the body, which rule (absent when an older contract has no `code`), in words. */
export interface FieldError {
  pointer: string;
  code?: string;
  detail: string;
}

/** A problem document as a server sends it; `instance` is the answer's Request-Id, stamped on the way out. */
export interface ProblemDocument extends ProblemTemplate {
  detail: string;
  errors?: FieldError[];
  instance?: string;
}

/** A problem type a server adds to the contract's: its status and title. */
export type OwnProblemType = readonly [status: number, title: string];

// Node's parser answers these before any route exists, so the contract declares no response for them.
const PARSER_PROBLEM_TYPES: Record<string, OwnProblemType> = {
  'bad-request': [400, 'Bad request'],
  'request-header-fields-too-large': [431, 'Request header fields too large'],
};

export type CreateProblem<Slug extends string> = (slug: Slug, detail: string, errors?: FieldError[]) => ProblemDocument;

/**
 * The problem maker for one server: the contract's types, the parser's and the server's `ownTypes` (under the
 * contract's type base). Every slug in `slugs` is checked here, at start-up, so a contract without one fails loudly
 * before any request rather than on the request that needs it.
 */
export function createProblemMaker<const Slug extends string>(
  contract: OpenApiDocument,
  slugs: readonly Slug[],
  ownTypes: Record<string, OwnProblemType> = {},
): CreateProblem<Slug> {
  const templates = readProblemTemplates(contract);
  const base =
    templates
      .values()
      .next()
      .value?.type.replace(/[^/#]*$/, '') ?? '';
  for (const [slug, [status, title]] of Object.entries({ ...PARSER_PROBLEM_TYPES, ...ownTypes })) {
    if (!templates.has(slug)) templates.set(slug, { type: `${base}${slug}`, title, status });
  }
  const missing = slugs.filter((slug) => !templates.has(slug));
  if (missing.length > 0) {
    throw new Error(`The contract has no example problem of type ${missing.join(', ')}; add one to #/components/responses.`);
  }
  return (slug, detail, errors) => ({ ...(templates.get(slug) as ProblemTemplate), detail, ...(errors ? { errors } : {}) });
}

// The details both servers give for the same refusal, worded once so that one bad request reads the same from both.

/** The 415 detail: what to send, and what this request was sent as (its first 100 characters). */
export function describeUnsupportedMediaType(contentType: string | undefined): string {
  const sent = contentType ? `as ${contentType.slice(0, 100)}` : 'without a Content-Type';
  return `Send the body as application/json; this request was sent ${sent}.`;
}

/** The 400 detail, from parseJsonBody's reason (which never quotes the body). */
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

// The contract's IdempotencyKey header schema (#/components/parameters/IdempotencyKey) and the rule compiled from
// it, both read on first use: one rule for the mock and the sandbox.
let idempotencyKeySchema: { minLength?: number; maxLength?: number } | undefined;
let idempotencyKeyRule: ((lines: readonly string[] | undefined) => boolean) | undefined;

// The create operation's Idempotency-Key schema, in the package's own contract.
function readIdempotencyKeySchema(): { minLength?: number; maxLength?: number } {
  idempotencyKeySchema ??= findOperation(loadContract(), 'createCheckout').headerSchemas['idempotency-key'] as typeof idempotencyKeySchema;
  if (!idempotencyKeySchema) throw new Error("The contract's createCheckout declares no Idempotency-Key header.");
  return idempotencyKeySchema;
}

/**
 * Whether an Idempotency-Key breaks the contract's schema for it: `lines`, every line of the header (undefined when
 * it was not sent), must be one value the schema accepts. Two lines are refused whatever they hold, since the key
 * they mean is unclear.
 */
export function isBadIdempotencyKey(lines: readonly string[] | undefined): boolean {
  idempotencyKeyRule ??= compileHeaderRule(loadContract(), readIdempotencyKeySchema());
  return idempotencyKeyRule(lines);
}

/**
 * The 422 detail for an Idempotency-Key that isBadIdempotencyKey refuses, with the schema's bounds. Its problem's
 * `errors` is empty: a FieldError points into the body, and no field of the body is at fault.
 */
export function describeBadIdempotencyKey(): string {
  const { minLength, maxLength } = readIdempotencyKeySchema();
  return `The Idempotency-Key header must be one value of ${minLength} to ${maxLength} visible ASCII characters, such as a UUID.`;
}

/** The 422 detail for a body with `fieldCount` offending fields (listed in `errors`), as the contract's example words it. */
export function describeValidationFailed(fieldCount: number): string {
  return `The request body has ${fieldCount} invalid field${fieldCount === 1 ? '' : 's'}.`;
}

/** A problem document whose `instance` is the answer's Request-Id (D2). */
export function problemAnswer(problem: ProblemDocument, requestId: string | undefined, headers: Record<string, string> = {}): Answer {
  return {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(stampInstance(problem, requestId)),
  };
}

/** `instance` after `detail` and before `errors`, where the contract's examples put it. */
export function stampInstance({ errors, ...problem }: ProblemDocument, instance: string | undefined): ProblemDocument {
  return { ...problem, ...(instance === undefined ? {} : { instance }), ...(errors ? { errors } : {}) };
}
