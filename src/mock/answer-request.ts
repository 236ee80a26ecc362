// The mock's operations behind the request front (src/http/request-front.ts), which routes, authenticates, mints the
// Request-Id and writes every refusal as it does for the sandbox: each contract operation has its envelope checked in
// the shared steps (src/http/check-envelope.ts), and Prism's engine is asked only what it alone knows, the validation
// against the contract and the example answer; its answer is then made the contract's (rewrite-prism-answer.ts). Named
// request examples get their matching named response, a preference the mock cannot honour is ignored
// (preferences.ts), and a successful create sends its completion callback.
import { isDeepStrictEqual } from 'node:util';
import type { IHttpOperation } from '@stoplight/types';
import type { CompiledOperation, Contract } from '../contract/contract-value.js';
import { createAuthenticator } from '../http/authorization.js';
import { checkEnvelope } from '../http/check-envelope.js';
import { printable } from '../http/printable.js';
import { createProblems, type Problems } from '../http/problems.js';
import { createRequestFront, type Operation, type RequestFront, type Route, type RoutedRequest } from '../http/request-front.js';
import type { CallbackSender } from './completion-callback.js';
import { buildCorsHeaders } from './cors.js';
import { cutDeeperThan, MAX_FORWARDED_DEPTH } from './cut-deep-values.js';
import { createPatternDescriber } from './describe-prism-violations.js';
import { choosePreferences } from './preferences.js';
import type { PrismEngine } from './prism-engine.js';
import { readPrismHeaders } from './read-prism-headers.js';
import { type MockAnswer, type RewriteContext, rewritePrismAnswer } from './rewrite-prism-answer.js';

export interface MockFrontOptions {
  engine: PrismEngine;
  contract: Contract;
  /** Answer a request that equals a named example with the response example of the same name (not with --dynamic). */
  pairExamples: boolean;
  sendCallbacks: CallbackSender;
  log: (line: string) => void;
}

/** The mock's request front: the contract's operations, each answered by Prism's engine. */
export function createMockFront(options: MockFrontOptions): RequestFront<MockAnswer> {
  const { engine, contract } = options;
  const problems = createProblems(contract);
  const codes = contract.fieldErrorCodes;
  const prismOperations = new Map(engine.operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
  const routes = new Map<string, Route<Operation<MockAnswer>> & { methods: Record<string, Operation<MockAnswer>> }>();
  for (const operation of contract.operations) {
    const served: ServedOperation = {
      ...operation,
      describeOptions: {
        describePattern: createPatternDescriber(contract.document, operation),
        describeBody: operation.describeBody,
        codes,
      },
      prismOperation: prismOperations.get(`${operation.method} ${operation.path}`),
    };
    const route = routes.get(operation.path) ?? { path: operation.pathPattern, methods: {} };
    route.methods[operation.method] = {
      authenticate: createAuthenticator(operation, problems),
      answer: (routed) => answerOperation(routed, served, { ...options, problems }),
    };
    routes.set(operation.path, route);
  }
  return createRequestFront({
    routes: [...routes.values()],
    problems,
    newRequestId: contract.newRequestId,
    // Prism's server puts its CORS headers on every answer, so the mock's own problems carry them too.
    headersFor: (request) => buildCorsHeaders(request.headers),
    onBug: (error) => `The mock failed on this request (${(error as Error)?.message ?? String(error)}).`,
  });
}

/** A contract operation with what answering it needs, prepared once at start-up. */
interface ServedOperation extends CompiledOperation {
  describeOptions: RewriteContext['describeOptions'];
  prismOperation: IHttpOperation | undefined;
}

interface AnswerContext extends MockFrontOptions {
  problems: Problems;
}

async function answerOperation(routed: RoutedRequest, operation: ServedOperation, context: AnswerContext) {
  const { request, target, requestId } = routed;
  const { engine, problems, log } = context;
  const envelope = await checkEnvelope(
    request,
    { mediaTypes: operation.requestMediaTypes, hasIdempotencyKey: 'idempotency-key' in operation.headerSchemas },
    problems,
  );
  if (envelope.aborted) return undefined;
  if (envelope.refusal) return envelope.refusal;
  // A body the mock does not read as JSON reaches Prism as text, as Prism's own server reads it; none is null.
  let prismBody: unknown = null;
  if (envelope.value !== undefined) prismBody = cutDeeperThan(envelope.value, MAX_FORWARDED_DEPTH);
  else if (envelope.body.length > 0) prismBody = envelope.body.toString('utf8');
  // Prism is given the target as read: the normalised path and the query, which may hold Prism's `__code` and the like.
  const url = `${target.path}${target.query}`;
  const headers = readPrismHeaders(request.headers);
  const { honoured: preferences, ignored } = choosePreferences(headers.prefer, url, operation);
  // Ignored as RFC 7240 §2 says (preferences.ts), and said here, so that a caller who expected it can see why.
  if (ignored.length > 0) {
    const what = ignored.map((preference) => printable(preference)).join(', ');
    log(`${request.method} ${target.path}: Prefer ${what} ignored (no such answer declared, or a value the mock cannot use)`);
  }
  let exampleName: string | undefined;
  let callbackUrl: string | undefined;
  if (isPlainObject(prismBody)) {
    // A valid JSON object: answer with the response example named like the request example it equals (request and
    // response examples share names). isDeepStrictEqual stops at the first difference, so it never descends deeper
    // than the (shallow) example.
    const name = operation.requestExamples.find((example) => isDeepStrictEqual(prismBody, example.value))?.name;
    const chosen = Object.keys(preferences).length > 0;
    if (context.pairExamples && name && !chosen && operation.responseExampleNames.includes(name)) {
      preferences.exampleKey = name;
      exampleName = name;
    }
    const requested = prismBody.callback_url;
    if (operation.hasCallbacks && requested !== undefined && context.contract.isHttpUrl(requested)) callbackUrl = String(requested);
  }
  // Prism answers a valid request with the operation's lowest 2xx; the contract documents 200 beside 201 (D1), and
  // the mock answers as a server of the contract does, 201, unless the caller asks for 200 (Prefer: code=200).
  if (preferences.code === undefined && operation.successStatus !== undefined) preferences.code = operation.successStatus;
  const prismAnswer = await engine.answer({ method: request.method, url, headers, body: prismBody, preferences });
  if (callbackUrl && operation.prismOperation && prismAnswer.status >= 200 && prismAnswer.status < 300) {
    context.sendCallbacks(operation.prismOperation, callbackUrl);
  }
  const contentType = request.headers['content-type']?.[0];
  const rewritten = rewritePrismAnswer(prismAnswer, {
    problems,
    describeOptions: operation.describeOptions,
    body: prismBody,
    contentType,
    requestId,
  });
  return 'status' in rewritten ? { ...rewritten, exampleName } : rewritten;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
