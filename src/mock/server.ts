// The one server callers talk to, with Prism's engine in the same process. It checks what the sandbox checks before
// validation (request-checks.ts), hands every other request to Prism, and makes Prism's answers useful: violations
// become the contract's problem documents, Prism's routing errors become the contract's 404/405, named request
// examples get their matching named response, a preference it cannot honour is ignored (preferences.ts), and a
// successful create sends its completion callback. Validation against the schemas stays Prism's job.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import type { IHttpOperation } from '@stoplight/types';
import {
  type ContractOperation,
  compileHttpUrlCheck,
  listOperations,
  readFieldErrorCodes,
  readRequestIdExample,
} from '../contract/contract-facts.js';
import type { OpenApiDocument } from '../contract/load-contract.js';
import type { ProblemDocument } from '../http/problems.js';
import { BODY_LIMIT_BYTES, readBody } from '../http/request-body.js';
import { readOriginForm, readRequestPath } from '../http/request-target.js';
import { answerClientError } from '../http/send-response.js';
import type { CallbackSender } from './completion-callback.js';
import { createPatternComponentFinder, createPatternDescriber, type DescribeOptions, describeRequestViolations } from './field-errors.js';
import { choosePreferences } from './preferences.js';
import type { PrismAnswer, PrismEngine, PrismViolation } from './prism-engine.js';
import { createProblemFactory, type ProblemFactory } from './problems.js';
import { createRequestChecks } from './request-checks.js';

const EMPTY_BODY = Buffer.alloc(0);

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
]);

/** What the server sends for one request: status, headers, body, and the problem when it is one. */
interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  problem?: ProblemDocument;
}

/** A contract operation with what answering it needs, prepared once at start-up. */
interface ServedOperation extends ContractOperation {
  describeOptions: DescribeOptions;
  prismOperation: IHttpOperation | undefined;
}

export interface MockServerOptions {
  engine: PrismEngine;
  contract: OpenApiDocument;
  /** Answer a request that equals a named example with the response example of the same name (not with --dynamic). */
  pairExamples: boolean;
  sendCallbacks: CallbackSender;
  log: (line: string) => void;
}

export function createMockServer({ engine, contract, pairExamples, sendCallbacks, log }: MockServerOptions): Server {
  const problems = createProblemFactory(contract);
  const checkRequest = createRequestChecks(problems);
  const codes = readFieldErrorCodes(contract);
  const prismOperations = new Map(engine.operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
  const operations: ServedOperation[] = listOperations(contract).map((operation) => ({
    ...operation,
    describeOptions: {
      describePattern: createPatternDescriber(contract, operation),
      findPatternComponent: createPatternComponentFinder(contract, operation),
      codes,
    },
    prismOperation: prismOperations.get(`${operation.method} ${operation.path}`),
  }));
  const isHttpUrl = compileHttpUrlCheck(contract);
  const nextRequestId = createRequestIds(readRequestIdExample(contract));
  const reply = (response: ServerResponse, request: IncomingMessage, pathname: string, answer: Answer, exampleName?: string) =>
    send(response, log, request, pathname, stampRequestId(answer, nextRequestId()), exampleName);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const read = await readBody(request, BODY_LIMIT_BYTES);
    if (!read.ok && read.reason === 'aborted') return; // the client went away: no one to answer
    const [body, tooLarge] = read.ok ? [read.body, false] : [EMPTY_BODY, true];
    // An absolute-form target is routed by its path, as the sandbox routes it; its host, user and query are never logged.
    const target = readOriginForm(request.url ?? '/');
    const pathname = readRequestPath(target);
    const cors = buildCorsHeaders(request.headers);
    if (isPreflight(request)) return sendPreflight(response, request, cors);
    const operation = operations.find((op) => op.method === request.method && op.pathPattern.test(pathname));
    const checked = checkRequest({ operation, request, body, tooLarge });
    if (checked.refusal) {
      const { problem, headers } = checked.refusal;
      return reply(response, request, pathname, problemAnswer(problem, { ...cors, ...headers }));
    }
    const headers = readPrismHeaders(request.headers);
    const { honoured: preferences, ignored } = choosePreferences(headers.prefer, target, operation);
    // Ignored as RFC 7240 §2 says (preferences.ts), and said here, so that a caller who expected it can see why.
    if (ignored.length > 0) {
      const what = ignored.map((preference) => printable(preference)).join(', ');
      log(`${request.method} ${pathname}: Prefer ${what} ignored (no such answer declared, or a value the mock cannot use)`);
    }
    let exampleName: string | undefined;
    let callbackUrl: string | undefined;
    if (operation && isPlainObject(checked.value)) {
      // A valid JSON object: answer with the response example named like the request example it equals (request and
      // response examples share names). isDeepStrictEqual stops at the first difference, so it never descends deeper
      // than the (shallow) example.
      const name = operation.requestExamples.find((example) => isDeepStrictEqual(checked.value, example.value))?.name;
      const chosen = Object.keys(preferences).length > 0;
      if (pairExamples && name && !chosen && operation.responseExampleNames.includes(name)) {
        preferences.exampleKey = name;
        exampleName = name;
      }
      const requested = checked.value.callback_url;
      if (operation.hasCallbacks && requested !== undefined && isHttpUrl(requested)) callbackUrl = String(requested);
    }
    const prismBody = checked.value ?? checked.text ?? null;
    const input = { method: request.method ?? 'GET', url: target, headers, body: prismBody, preferences };
    const prismAnswer = await engine.answer(input);
    if (callbackUrl && operation?.prismOperation && prismAnswer.status >= 200 && prismAnswer.status < 300) {
      sendCallbacks(operation.prismOperation, callbackUrl);
    }
    const allowed = operations.filter((op) => op.pathPattern.test(pathname)).map((op) => op.method);
    const context = { problems, operation, pathname, allowed, contentType: request.headers['content-type'], cors };
    return reply(response, request, pathname, rewriteAnswer(prismAnswer, context), exampleName);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      const pathname = readRequestPath(request.url ?? '/');
      const problem = problems.internalError(`The mock failed on this request (${error.message}).`);
      if (!response.headersSent) reply(response, request, pathname, problemAnswer(problem, buildCorsHeaders(request.headers)));
      else response.destroy();
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) =>
    answerClientError(error, socket, problems.createProblem, nextRequestId()),
  );
  return server;
}

interface RewriteContext {
  problems: ProblemFactory;
  operation: ServedOperation | undefined;
  pathname: string;
  allowed: string[];
  contentType: string | undefined;
  cors: Record<string, string>;
}

function rewriteAnswer(prism: PrismAnswer, { problems, operation, pathname, allowed, contentType, cors }: RewriteContext): Answer {
  const base = { ...cors, ...prism.headers };
  const requestViolations = prism.violations.filter((v) => v.location[0] === 'request');
  if (prism.status === 415 && requestViolations.length > 0) {
    return problemAnswer(problems.unsupportedMediaType(contentType), base);
  }
  if (prism.status === 422 && requestViolations.length > 0) {
    const described = describeRequestViolations(requestViolations, operation?.describeOptions);
    return problemAnswer(problems.validationFailed(described), base);
  }
  // No operation has this method and path, so the 404 or 405 is Prism's routing answer, in Prism's own words.
  if (!operation && prism.status === 404 && problems.notFound) return problemAnswer(problems.notFound(pathname), base);
  if (!operation && prism.status === 405 && problems.methodNotAllowed && allowed.length > 0) {
    return problemAnswer(problems.methodNotAllowed(pathname, allowed), { ...base, allow: allowed.join(', ') });
  }
  const headers: Record<string, string | string[]> = { ...base, ...violationsHeader(prism.violations) };
  // Prism fills every declared response header from its example; this mock never replays a create.
  if (prism.status >= 200 && prism.status < 300) delete headers['idempotent-replayed'];
  return { status: prism.status, headers, body: prism.body };
}

// Prism's `sl-violations` header, as its own server writes it, but with every non-ASCII character escaped: a field
// named "日本" is quoted in a violation, and Node refuses such a header value.
function violationsHeader(violations: PrismViolation[]): Record<string, string> {
  if (violations.length === 0) return {};
  const json = JSON.stringify(violations).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { 'sl-violations': json.length > 8_092 ? `Too many violations! ${json.slice(0, 8_092)}` : json };
}

function problemAnswer(problem: ProblemDocument, headers: Record<string, string | string[]>): Answer {
  const { 'sl-violations': _moved, 'content-type': _type, ...kept } = headers;
  return {
    status: problem.status,
    headers: { ...kept, 'content-type': 'application/problem+json' },
    body: Buffer.from(JSON.stringify(problem)),
    problem,
  };
}

// The CORS headers Prism 5.14.2 puts on every answer (its default --cors; setCommonCORSHeaders in
// @stoplight/prism-http-server), so that a browser script reads every answer, the mock's own problems included.
export function buildCorsHeaders(requestHeaders: IncomingHttpHeaders): Record<string, string> {
  return {
    'access-control-allow-origin': requestHeaders.origin || '*',
    'access-control-allow-headers': requestHeaders['access-control-request-headers'] || '*',
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': String(requestHeaders['access-control-expose-headers'] || '*'),
  };
}

function isPreflight(request: IncomingMessage): boolean {
  return request.method === 'OPTIONS' && Boolean(request.headers.origin) && Boolean(request.headers['access-control-request-method']);
}

// A CORS preflight, answered as Prism's server answers it: the method asked for, no body.
function sendPreflight(response: ServerResponse, request: IncomingMessage, cors: Record<string, string>): void {
  response
    .writeHead(204, {
      ...cors,
      'access-control-allow-methods': request.headers['access-control-request-method'] || 'GET,DELETE,HEAD,PATCH,POST,PUT,OPTIONS',
      vary: 'origin',
      'content-length': '0',
    })
    .end();
}

function send(
  response: ServerResponse,
  log: (line: string) => void,
  request: IncomingMessage,
  pathname: string,
  answer: Answer,
  exampleName?: string,
) {
  response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
  response.end(answer.body);
  log(describeExchange(request.method ?? '', pathname, answer, exampleName));
}

// Each answer's own Request-Id, shaped like the contract's example (`urn:uuid:` and a UUID), when the contract
// declares the header; Prism would send the example's value on every answer.
function createRequestIds(example: string | undefined): () => string | undefined {
  if (example === undefined) return () => undefined;
  const prefix = example.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, '');
  return () => `${prefix}${randomUUID()}`;
}

// The Request-Id on the answer and, on a problem document, as its `instance`: the contract makes them equal (D2).
function stampRequestId(answer: Answer, requestId: string | undefined): Answer {
  if (requestId === undefined) return answer;
  const headers = { ...answer.headers, 'request-id': requestId };
  const problem = answer.problem ?? (isProblemAnswer(answer) ? parseJsonOrUndefined(answer.body) : undefined);
  if (!isPlainObject(problem)) return { ...answer, headers };
  const stamped = { ...(problem as unknown as ProblemDocument), instance: requestId };
  return { ...answer, headers, problem: stamped, body: Buffer.from(JSON.stringify(stamped)) };
}

function isProblemAnswer(answer: Answer): boolean {
  return /problem\+json/.test(String(answer.headers['content-type']));
}

function parseJsonOrUndefined(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function describeExchange(method: string, pathname: string, answer: Answer, exampleName: string | undefined): string {
  const problem = answer.problem ?? (isProblemAnswer(answer) ? (parseJsonOrUndefined(answer.body) as ProblemDocument) : undefined);
  const slug = typeof problem?.type === 'string' ? ` ${problem.type.split(/[/#]/).pop()}` : '';
  const describeError = (e: { pointer: string; detail: string }) => `${printable(e.pointer) || '(body)'} ${printable(e.detail, 300)}`;
  const fields = problem?.errors?.length ? `: ${problem.errors.map(describeError).join('; ')}` : '';
  const example = exampleName && answer.status < 300 ? ` (example ${exampleName})` : '';
  return `${method} ${pathname} → ${answer.status}${slug}${example}${fields}`;
}

// Pointers and details name the caller's fields: control characters are escaped, so that a field name holding a
// line break cannot forge a log line, and the text is cut short, so that a long name cannot flood the log.
function printable(text: string, max = 200): string {
  const escapeChar = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point here.
  const escaped = String(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, escapeChar);
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}

// The request's headers as Prism reads them, without those that describe the connection rather than the request.
function readPrismHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
