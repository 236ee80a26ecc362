// The mock's request front, on the shared HTTP stack (src/http): a request is routed to a contract operation as the
// sandbox routes (src/http/route-target.ts: 400, 404, 405), has its envelope checked as the sandbox checks it
// (src/http/check-envelope.ts), and Prism's engine is asked only what it alone knows, the validation against the
// contract and the example answer; its answer is then made the contract's (rewrite-prism-answer.ts). Named request examples get their matching named response, a preference the mock cannot
// honour is ignored (preferences.ts), and a successful create sends its completion callback.
import { isDeepStrictEqual } from 'node:util';
import type { IHttpOperation } from '@stoplight/types';
import { type ContractOperation, compileHttpUrlCheck, listOperations, readFieldErrorCodes } from '../contract/contract-facts.js';
import type { OpenApiDocument } from '../contract/load-contract.js';
import { compileSchemePattern, describeCredentialsProblem } from '../http/authorization.js';
import { checkEnvelope, type EnvelopeRules } from '../http/check-envelope.js';
import type { ServerRequest } from '../http/exchange.js';
import { printable } from '../http/printable.js';
import { createProblemFactory, type FactoryProblemSlug } from '../http/problem-factory.js';
import { createProblemMaker } from '../http/problems.js';
import { type Route, routeTarget } from '../http/route-target.js';
import type { CallbackSender } from './completion-callback.js';
import { buildCorsHeaders } from './cors.js';
import { cutDeeperThan, MAX_FORWARDED_DEPTH } from './cut-deep-values.js';
import { createBodyDescriber, createPatternDescriber, type DescribeOptions } from './describe-prism-violations.js';
import { choosePreferences } from './preferences.js';
import type { PrismEngine } from './prism-engine.js';
import { readPrismHeaders } from './read-prism-headers.js';
import { answerOwnProblem, type MockAnswer, rewritePrismAnswer } from './rewrite-prism-answer.js';

/** A contract operation with what answering it needs, prepared once at start-up. */
interface ServedOperation extends ContractOperation {
  envelopeRules: EnvelopeRules;
  describeOptions: DescribeOptions;
  prismOperation: IHttpOperation | undefined;
}

export interface RequestAnswererOptions {
  engine: PrismEngine;
  contract: OpenApiDocument;
  /** Answer a request that equals a named example with the response example of the same name (not with --dynamic). */
  pairExamples: boolean;
  sendCallbacks: CallbackSender;
  log: (line: string) => void;
}

/** The mock's answer to one request, or undefined when the client went away mid-body (no one to answer). */
export type AnswerRequest = (request: ServerRequest, requestId: string | undefined) => Promise<MockAnswer | undefined>;

export function createRequestAnswerer({ engine, contract, pairExamples, sendCallbacks, log }: RequestAnswererOptions) {
  const createProblem = createProblemMaker<FactoryProblemSlug | 'request-header-fields-too-large'>(contract, [
    'malformed-json',
    'unauthorized',
    'unsupported-media-type',
    'validation-failed',
    'payload-too-large',
    'not-found',
    'method-not-allowed',
    'internal-error',
    'bad-request',
    'request-header-fields-too-large',
  ]);
  const problems = createProblemFactory(createProblem);
  const codes = readFieldErrorCodes(contract);
  const prismOperations = new Map(engine.operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
  const operations: ServedOperation[] = listOperations(contract).map((operation) => ({
    ...operation,
    envelopeRules: readEnvelopeRules(operation),
    describeOptions: {
      describePattern: createPatternDescriber(contract, operation),
      describeBody: createBodyDescriber(contract, operation),
      codes,
    },
    prismOperation: prismOperations.get(`${operation.method} ${operation.path}`),
  }));
  const routes = groupByPath(operations);
  const isHttpUrl = compileHttpUrlCheck(contract);

  const answer: AnswerRequest = async (request, requestId) => {
    const cors = buildCorsHeaders(request.headers);
    // Routed as the sandbox routes (src/http/route-target.ts): the normalised path of the target, an absolute-form
    // one's included; Prism is asked about operations only, so its own 404 and 405 never reach a client.
    const routing = routeTarget(request.method, request.target, routes, problems);
    if (routing.refusal) return answerOwnProblem(routing.refusal.problem, requestId, { ...cors, ...routing.refusal.headers });
    const { handler: operation, target } = routing;
    const envelope = await checkEnvelope(request, operation.envelopeRules, problems);
    if (envelope.aborted) return undefined;
    if (envelope.refusal) return answerOwnProblem(envelope.refusal.problem, requestId, { ...cors, ...envelope.refusal.headers });
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
      if (pairExamples && name && !chosen && operation.responseExampleNames.includes(name)) {
        preferences.exampleKey = name;
        exampleName = name;
      }
      const requested = prismBody.callback_url;
      if (operation.hasCallbacks && requested !== undefined && isHttpUrl(requested)) callbackUrl = String(requested);
    }
    // Prism answers a valid request with the operation's lowest 2xx; the contract documents 200 beside 201 (D1), and
    // the mock answers as a server of the contract does, 201, unless the caller asks for 200 (Prefer: code=200).
    if (preferences.code === undefined && operation.successStatus !== undefined) preferences.code = operation.successStatus;
    const prismAnswer = await engine.answer({ method: request.method, url, headers, body: prismBody, preferences });
    if (callbackUrl && operation.prismOperation && prismAnswer.status >= 200 && prismAnswer.status < 300) {
      sendCallbacks(operation.prismOperation, callbackUrl);
    }
    const contentType = request.headers['content-type']?.[0];
    const context = { problems, describeOptions: operation.describeOptions, body: prismBody, contentType, cors, requestId };
    return { ...rewritePrismAnswer(prismAnswer, context), exampleName };
  };
  return { answer, problems, createProblem };
}

// The contract's operations as routes: one per path, with the operations of each method there.
function groupByPath(operations: ServedOperation[]): Array<Route<ServedOperation>> {
  const byPath = new Map<string, Route<ServedOperation> & { methods: Record<string, ServedOperation> }>();
  for (const operation of operations) {
    const route = byPath.get(operation.path) ?? { path: operation.pathPattern, methods: {} };
    route.methods[operation.method] = operation;
    byPath.set(operation.path, route);
  }
  return [...byPath.values()];
}

// The envelope rules of one operation, from the contract: its API key header and scheme, media types and headers.
function readEnvelopeRules(operation: ContractOperation): EnvelopeRules {
  const { apiKeyHeader, authChallenge } = operation;
  const schemePattern = authChallenge ? compileSchemePattern(authChallenge) : undefined;
  return {
    describeCredentials: (request) =>
      apiKeyHeader ? describeCredentialsProblem(request.headers[apiKeyHeader], authChallenge, schemePattern) : undefined,
    challenge: authChallenge,
    mediaTypes: operation.requestMediaTypes,
    hasIdempotencyKey: 'idempotency-key' in operation.headerSchemas,
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
