// The envelope of a request with a body, checked in the one order both servers keep (D3), so that one bad request
// gets one answer from both: credentials (401), media type (415), Idempotency-Key (422), size (413), JSON (400).
// Validating the parsed body against the contract comes after, and is each server's own. A server's policy fits
// between the steps: the sandbox's rate limit (429) after the credentials, its in-flight key (409) before the body.
// test/mock/bad-inputs-agree.test.ts holds both servers to this order.
import type { ServerRequest } from './exchange.js';
import type { ProblemFactory } from './problem-factory.js';
import { isBadIdempotencyKey, type ProblemDocument } from './problems.js';
import { BODY_LIMIT_BYTES, isAcceptedMediaType, parseJsonBody } from './request-body.js';

/** A request a server refuses: the problem, and any header its answer needs (WWW-Authenticate, Retry-After). */
export interface Refusal {
  problem: ProblemDocument;
  headers: Record<string, string>;
}

/** The verdict on a request's envelope: refused, cut off mid-body, or its body, parsed when it is JSON. */
export type EnvelopeVerdict =
  | { refusal: Refusal; aborted?: undefined }
  | { refusal?: undefined; aborted: true }
  | { refusal?: undefined; aborted?: undefined; body: Buffer; value?: unknown };

/** What one operation asks of a request's envelope. */
export interface EnvelopeRules {
  /** The 401 detail for the request's credentials, undefined when they do (or the operation asks for none). */
  describeCredentials(request: ServerRequest): string | undefined;
  /** The WWW-Authenticate challenge of a 401. */
  challenge?: string;
  /** The media types the body may be sent as; empty when the operation declares no body, which is then not judged. */
  mediaTypes: readonly string[];
  /** Whether the operation declares the Idempotency-Key header. */
  hasIdempotencyKey: boolean;
}

/** A server's own steps between the shared ones; each may refuse the request. */
export interface PolicySteps {
  /** After the credentials passed (the sandbox's rate limit). */
  afterCredentials?: () => Refusal | undefined;
  /** Before the body is read (the sandbox's check for a request with the same key still in flight). */
  beforeBody?: () => Refusal | undefined;
}

export async function checkEnvelope(
  request: ServerRequest,
  rules: EnvelopeRules,
  problems: ProblemFactory,
  policy: PolicySteps = {},
): Promise<EnvelopeVerdict> {
  const credentialsProblem = rules.describeCredentials(request);
  if (credentialsProblem !== undefined) {
    return refuse(problems.unauthorized(credentialsProblem), rules.challenge ? { 'www-authenticate': rules.challenge } : {});
  }
  const limited = policy.afterCredentials?.();
  if (limited) return { refusal: limited };
  const contentType = request.headers['content-type']?.[0];
  if (rules.mediaTypes.length > 0 && !isAcceptedMediaType(contentType, [...rules.mediaTypes])) {
    return refuse(problems.unsupportedMediaType(contentType));
  }
  // Checked before the body and on every line: a key is part of the envelope, whatever the body holds.
  if (rules.hasIdempotencyKey && isBadIdempotencyKey(request.headers['idempotency-key'])) {
    return refuse(problems.badIdempotencyKey());
  }
  const held = policy.beforeBody?.();
  if (held) return { refusal: held };
  if (request.declaredLength !== undefined && request.declaredLength > BODY_LIMIT_BYTES) {
    return refuse(problems.payloadTooLarge(request.declaredLength));
  }
  const read = await request.readBody(BODY_LIMIT_BYTES);
  if (!read.ok) return read.reason === 'aborted' ? { aborted: true } : refuse(problems.payloadTooLarge(read.receivedBytes));
  if (!isJsonMediaType(contentType) || rules.mediaTypes.length === 0) return { body: read.body };
  const parsed = parseJsonBody(read.body);
  if (!parsed.ok) return refuse(problems.malformedJson(parsed.reason));
  return { body: read.body, value: parsed.value };
}

// application/json and every +json type: the bodies read as JSON (a body sent as anything else is passed on as is).
function isJsonMediaType(contentType: string | undefined): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');
}

function refuse(problem: ProblemDocument, headers: Record<string, string> = {}): EnvelopeVerdict {
  return { refusal: { problem, headers } };
}
