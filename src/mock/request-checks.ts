// What the mock checks before a request reaches Prism, in the sandbox's order (src/sandbox/routes/create-checkout.ts)
// so that one bad request gets one answer from both: one Authorization header in the Api-Key scheme (401), a body
// sent as application/json in UTF-8 (415), one valid Idempotency-Key when the operation declares one (422), at most
// 1 MiB (413), one UTF-8 JSON text (400). Prism validates the rest against the contract (422). Prism does none of
// these as the sandbox does: it takes any Authorization value, any charset and any size, sees only the first of two
// Authorization headers, and checks the Idempotency-Key only with the body. The Authorization header's name, the
// scheme word and the media types come from the contract.
import type { IncomingMessage } from 'node:http';
import type { ContractOperation } from '../contract/contract-facts.js';
import { compileSchemePattern, describeCredentialsProblem } from '../http/authorization.js';
import { isBadIdempotencyKey, type ProblemDocument } from '../http/problems.js';
import { fromIncomingMessage, isAcceptedMediaType, parseJsonBody } from '../http/request-body.js';
import type { ProblemFactory } from './problems.js';

// Deeper JSON than this is cut before Prism sees it: Prism's validator and logger walk the body recursively and
// overflow the stack on deep input. The request schema is a few levels deep and closed, so a violation in a deep
// value is found at a shallow level, and cutting leaves Prism's findings the same.
export const MAX_FORWARDED_DEPTH = 64;

// Checked before the body, as the sandbox checks it, when the operation declares the header; Prism would check it
// only with the body (after the size and the JSON), and only its first line.
const IDEMPOTENCY_KEY = 'idempotency-key';

/** A request the mock answers itself, with the problem and any header the answer needs (WWW-Authenticate). */
export interface Refusal {
  problem: ProblemDocument;
  headers: Record<string, string>;
}

/** The verdict on one request: refused, or passed on with its parsed JSON body (when it has one). */
export type RequestVerdict = { refusal: Refusal } | { refusal?: undefined; value?: unknown; text?: string };

interface CheckedRequest {
  operation: ContractOperation | undefined;
  request: IncomingMessage;
  body: Buffer;
  tooLarge: boolean;
}

/** The checks for one run: `check(request)` gives the verdict on a request for `operation` (undefined: no route). */
export function createRequestChecks(problems: ProblemFactory): (request: CheckedRequest) => RequestVerdict {
  const schemePatterns = new Map<string, RegExp>(); // compiled once per scheme word, not per request

  function describeCredentials(values: string[] | undefined, scheme: string | undefined): string | undefined {
    if (scheme && !schemePatterns.has(scheme)) schemePatterns.set(scheme, compileSchemePattern(scheme));
    return describeCredentialsProblem(values, scheme, scheme ? schemePatterns.get(scheme) : undefined);
  }

  return function check({ operation, request, body, tooLarge }) {
    // No operation has this method and path: Prism answers 404 or 405 from those alone, whatever the body (the
    // sandbox routes first too), so the body is not read.
    if (!operation) return {};
    if (operation.apiKeyHeader) {
      const detail = describeCredentials(request.headersDistinct[operation.apiKeyHeader], operation.authChallenge);
      const challenge: Record<string, string> = operation.authChallenge ? { 'www-authenticate': operation.authChallenge } : {};
      if (detail) return refuse(problems.unauthorized(detail), challenge);
    }
    const contentType = request.headers['content-type'];
    if (operation.requestMediaTypes.length > 0 && !isAcceptedMediaType(contentType, operation.requestMediaTypes)) {
      return refuse(problems.unsupportedMediaType(contentType));
    }
    if (IDEMPOTENCY_KEY in operation.headerSchemas && isBadIdempotencyKey(request.headersDistinct[IDEMPOTENCY_KEY])) {
      return refuse(problems.badIdempotencyKey());
    }
    // The size the body declared, as the sandbox words it; a chunked body's is unknown here.
    if (tooLarge) return refuse(problems.payloadTooLarge(fromIncomingMessage(request).declaredLength));
    if (operation.requestMediaTypes.length === 0) return readAsText(body);
    if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '')) return readAsText(body);
    const parsed = parseJsonBody(body);
    if (!parsed.ok) return refuse(problems.malformedJson(parsed.reason));
    return { value: cutDeeperThan(parsed.value, MAX_FORWARDED_DEPTH) };
  };
}

// A body the mock does not read as JSON reaches Prism as text, as Prism's own server reads it; none is null.
function readAsText(body: Buffer): RequestVerdict {
  return body.length === 0 ? {} : { text: body.toString('utf8') };
}

function refuse(problem: ProblemDocument, headers: Record<string, string> = {}): RequestVerdict {
  return { refusal: { problem, headers } };
}

/**
 * `value` itself when it nests at most `maxDepth` arrays and objects deep, else a copy in which every array or
 * object deeper than that is empty. Iterative, so that no depth of input can overflow the stack.
 */
export function cutDeeperThan<T>(value: T, maxDepth: number): T {
  if (!isDeeperThan(value, maxDepth)) return value;
  const root = emptyLike(value);
  const pending: Array<[object, object, number]> = [[value as object, root, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [source, target, depth] = next;
    for (const key of Object.keys(source)) {
      const child: unknown = (source as Record<string, unknown>)[key];
      const copy = isContainer(child) ? emptyLike(child) : child;
      // defineProperty, because assigning a key named "__proto__" would set the prototype instead.
      Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true });
      if (isContainer(child) && depth < maxDepth) pending.push([child, copy as object, depth + 1]);
    }
  }
  return root as T;
}

function isDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<[object, number]> = isContainer(value) ? [[value, 1]] : [];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (depth > maxDepth) return true;
    for (const child of Object.values(node)) if (isContainer(child)) pending.push([child, depth + 1]);
  }
  return false;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function emptyLike(value: unknown): object {
  return Array.isArray(value) ? [] : {};
}
