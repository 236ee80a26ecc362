// The proxy's judge: Prism's validator (@stoplight/prism-http 5.12.0: validateSecurity, validateInput, validateOutput,
// the checks `prism proxy` runs) asked about one exchange, without Prism's forwarder. It returns findings and never
// changes what is forwarded or answered; the proxy reports them (report-violations.ts). A request is routed as the
// mock routes it (the contract's operations, contract-facts.ts). The answer is judged on its status and headers, and
// on its body when the whole body arrived within the window the proxy holds (decoded first when it came gzip, deflate
// or br encoded, up to the same size); a longer or cut-short body is passed on without body validation, and an
// `Information` finding says so.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
import { validateInput, validateOutput, validateSecurity } from '@stoplight/prism-http/dist/validator/index.js';
import type { IHttpOperation } from '@stoplight/types';
import type { Contract } from '../contract/contract-value.js';
import type { AnswerWindow } from '../http/relay-answer.js';
import { type PrismDiagnostic, type PrismViolation, toViolation } from './report-violations.js';

/** A request as the proxy received it. */
export interface JudgedRequest {
  method: string;
  /** The target in origin-form: path and query. */
  target: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The operation a request was routed to (undefined when none has its method and path), and the findings on it. */
export interface RequestVerdict {
  operation: IHttpOperation | undefined;
  violations: PrismViolation[];
}

export interface ExchangeJudge {
  judgeRequest(request: JudgedRequest): RequestVerdict;
  /** The findings on the upstream's answer to a request routed to `operation`. */
  judgeAnswer(operation: IHttpOperation, window: AnswerWindow): PrismViolation[];
}

/** What Prism's proxy reports for a request no operation has: it is forwarded all the same. */
const NOT_ROUTED: PrismViolation = { location: ['request'], severity: 'Warning', code: undefined, message: 'Selected route not found' };

export function createExchangeJudge(contract: Contract, prismOperations: IHttpOperation[], windowBytes: number): ExchangeJudge {
  const byKey = new Map(prismOperations.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation]));
  const routes = contract.operations.map((operation) => ({
    method: operation.method,
    pathPattern: operation.pathPattern,
    prism: byKey.get(`${operation.method} ${operation.path}`),
  }));

  function judgeRequest(request: JudgedRequest): RequestVerdict {
    const { pathname, query } = splitTarget(request.target);
    const operation = routes.find((route) => route.method === request.method && route.pathPattern.test(pathname))?.prism;
    if (!operation) return { operation: undefined, violations: [NOT_ROUTED] };
    const input: IHttpRequest = {
      method: request.method.toLowerCase() as IHttpRequest['method'],
      url: { path: pathname, query },
      headers: request.headers as Record<string, string>,
      body: readBodyAsPrism(request.headers['content-type'], request.body),
    };
    const diagnostics = [
      ...findingsOf(validateSecurity({ resource: operation, element: input })),
      ...findingsOf(validateInput({ resource: operation, element: input })),
    ];
    return { operation, violations: diagnostics.map((detail) => toViolation('request', detail)) };
  }

  function judgeAnswer(operation: IHttpOperation, window: AnswerWindow): PrismViolation[] {
    const headers: Record<string, string> = {};
    for (const [name, lines] of Object.entries(window.headers)) if (lines) headers[name] = lines.join(',');
    const body = window.ended === 'complete' ? decodeForJudging(window.body, headers['content-encoding'], windowBytes) : undefined;
    const output: IHttpResponse = {
      statusCode: window.status,
      headers,
      body: body === undefined ? undefined : readAnswerBody(window.status, headers, body),
    };
    const findings = findingsOf(validateOutput({ resource: operation, element: output })).map((detail) => toViolation('response', detail));
    if (body !== undefined) return findings;
    // The body was not read: findings about it would be about an absent body, which it was not.
    return [...findings.filter((finding) => finding.location[1] !== 'body'), notJudged(window, windowBytes)];
  }

  return { judgeRequest, judgeAnswer };
}

// A validator's Either: its findings on the left, none on the right.
function findingsOf(result: { _tag: 'Left'; left: PrismDiagnostic[] } | { _tag: 'Right' }): PrismDiagnostic[] {
  return result._tag === 'Left' ? result.left : [];
}

function notJudged(window: AnswerWindow, windowBytes: number): PrismViolation {
  const why =
    window.ended === 'cut'
      ? 'the upstream cut it short'
      : window.ended === 'more'
        ? `it is longer than ${windowBytes} bytes`
        : `its content-encoding cannot be decoded within ${windowBytes} bytes`;
  const message = `The response body was passed on without validation: ${why}.`;
  return { location: ['response', 'body'], severity: 'Information', code: 'not-validated', message };
}

// The path and query as Prism reads them.
function splitTarget(target: string): { pathname: string; query: Record<string, string | string[]> } {
  let url: URL;
  try {
    url = new URL(target, 'http://request.invalid');
  } catch {
    return { pathname: target.split(/[?#]/)[0] ?? '/', query: {} };
  }
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  return { pathname: url.pathname, query };
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

// As Prism's server reads a request body: none without one, JSON for a JSON media type (text when it does not
// parse, so that Prism reports it), text otherwise.
function readBodyAsPrism(contentType: string | string[] | undefined, body: Buffer): unknown {
  if (body.length === 0) return null;
  const text = body.toString('utf8');
  if (!JSON_MEDIA_TYPE.test(String(contentType ?? ''))) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// As Prism's forwarder read an answer's body (parseResponse): JSON for a JSON media type, unless 204, text otherwise.
// A JSON answer that does not parse is judged as its text, which the contract's object schemas refuse.
function readAnswerBody(status: number, headers: Record<string, string>, body: Buffer): unknown {
  const text = body.toString('utf8');
  if (status === 204 || !JSON_MEDIA_TYPE.test(headers['content-type'] ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// The body as its content-encoding says, decoded to at most `maxBytes`; undefined when it cannot be, and then the
// body is not judged. The bytes passed on stay as the upstream sent them.
function decodeForJudging(body: Buffer, encoding: string | undefined, maxBytes: number): Buffer | undefined {
  const coding = (encoding ?? 'identity').trim().toLowerCase();
  const options = { maxOutputLength: maxBytes };
  try {
    if (coding === 'identity' || coding === '') return body;
    if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(body, options);
    if (coding === 'deflate') return inflateSync(body, options);
    if (coding === 'br') return brotliDecompressSync(body, options);
  } catch {
    // broken, or over the bound once decoded
  }
  return undefined;
}
