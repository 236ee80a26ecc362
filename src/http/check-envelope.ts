// The envelope of a request with a body, as plain steps that each return a refusal or a value, taken in the one order
// every server keeps (D3) so that one bad request gets one answer from each: credentials (401, the request front,
// request-front.ts), media type (415), Idempotency-Key (422), size (413), JSON (400). checkEnvelope takes them in that
// order; the sandbox's create operation takes them one by one, with its policy between: its rate limit (429) before
// the media type, its in-flight key (409) before the body. Validating the parsed body against the contract comes
// after, and is each server's own. test/mock/bad-inputs-agree.test.ts holds both servers to this order.
import type { ServerRequest } from './exchange.js';
import type { Problems, Refusal } from './problems.js';
import { BODY_LIMIT_BYTES, decodeRequestJson, isAcceptedMediaType } from './request-body.js';

/** What one operation asks of a request's envelope, read from the contract once. */
export interface EnvelopeRules {
  /** The media types the body may be sent as; empty when the operation declares no body, which is then not judged. */
  mediaTypes: readonly string[];
  /** Whether the operation declares the Idempotency-Key header. */
  hasIdempotencyKey: boolean;
}

/** A body read: refused, cut off mid-body, or its bytes, parsed when it is JSON. */
export type BodyVerdict =
  | { refusal: Refusal; aborted?: undefined }
  | { refusal?: undefined; aborted: true }
  | { refusal?: undefined; aborted?: undefined; body: Buffer; value?: unknown };

type EnvelopeProblems = Pick<
  Problems,
  'unsupportedMediaType' | 'isBadIdempotencyKey' | 'badIdempotencyKey' | 'payloadTooLarge' | 'malformedJson'
>;

/** 415 when the body is sent as none of the operation's media types (or not in UTF-8). */
export function checkMediaType(request: ServerRequest, rules: EnvelopeRules, problems: EnvelopeProblems): Refusal | undefined {
  const contentType = request.headers['content-type']?.[0];
  if (rules.mediaTypes.length === 0 || isAcceptedMediaType(contentType, [...rules.mediaTypes])) return undefined;
  return { problem: problems.unsupportedMediaType(contentType), headers: {} };
}

/** 422 when the Idempotency-Key breaks the contract's rule: part of the envelope, whatever the body holds. */
export function checkIdempotencyKey(request: ServerRequest, rules: EnvelopeRules, problems: EnvelopeProblems): Refusal | undefined {
  if (!rules.hasIdempotencyKey || !problems.isBadIdempotencyKey(request.headers['idempotency-key'])) return undefined;
  return { problem: problems.badIdempotencyKey(), headers: {} };
}

/** The body, read under the limit (413) and parsed when the operation takes JSON and it is sent as JSON (400). */
export async function readEnvelopeBody(request: ServerRequest, rules: EnvelopeRules, problems: EnvelopeProblems): Promise<BodyVerdict> {
  if (request.declaredLength !== undefined && request.declaredLength > BODY_LIMIT_BYTES) {
    return { refusal: { problem: problems.payloadTooLarge(request.declaredLength), headers: {} } };
  }
  const read = await request.readBody(BODY_LIMIT_BYTES);
  if (!read.ok) {
    return read.reason === 'aborted'
      ? { aborted: true }
      : { refusal: { problem: problems.payloadTooLarge(read.receivedBytes), headers: {} } };
  }
  if (rules.mediaTypes.length === 0 || !isJsonMediaType(request.headers['content-type']?.[0])) return { body: read.body };
  const parsed = decodeRequestJson(read.body);
  if (!parsed.ok) return { refusal: { problem: problems.malformedJson(parsed.reason), headers: {} } };
  return { body: read.body, value: parsed.value };
}

/** The steps after the credentials, in order, for a server with no policy between them (the mock). */
export async function checkEnvelope(request: ServerRequest, rules: EnvelopeRules, problems: EnvelopeProblems): Promise<BodyVerdict> {
  const refusal = checkMediaType(request, rules, problems) ?? checkIdempotencyKey(request, rules, problems);
  return refusal ? { refusal } : readEnvelopeBody(request, rules, problems);
}

// application/json and every +json type: the bodies read as JSON (a body sent as anything else is passed on as is).
function isJsonMediaType(contentType: string | undefined): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');
}
