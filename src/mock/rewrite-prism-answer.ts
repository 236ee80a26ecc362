// Prism's answer to a routed request made the contract's: violations of the request become the contract's 415 and 422
// problem documents, and an answer Prism sends as a problem document of its own gets the answer's Request-Id as its
// `instance` (D2). Routing (404, 405) is decided before Prism is asked (src/http/route-target.ts).
import type { Answer } from '../http/exchange.js';
import type { ProblemFactory } from '../http/problem-factory.js';
import { type ProblemDocument, problemAnswer } from '../http/problems.js';
import { type DescribeOptions, describeRequestViolations } from './describe-prism-violations.js';
import type { PrismAnswer } from './prism-engine.js';
import { violationsHeader } from './report-violations.js';

/** An answer of the mock, with the problem document it carries, for the log line. */
export interface MockAnswer {
  answer: Answer;
  problem?: ProblemDocument;
  /** The named response example it answered with, when it paired one with the request's. */
  exampleName?: string;
}

export interface RewriteContext {
  problems: ProblemFactory;
  /** How to word the operation's violations. */
  describeOptions: DescribeOptions;
  /** The request body as Prism judged it (null for none). */
  body: unknown;
  contentType: string | undefined;
  cors: Record<string, string>;
  requestId: string | undefined;
}

export function rewritePrismAnswer(prism: PrismAnswer, context: RewriteContext): MockAnswer {
  const { problems, describeOptions, cors, requestId } = context;
  const base = { ...cors, ...flattenHeaders(prism.headers) };
  const own = (problem: ProblemDocument, headers: Record<string, string> = {}) =>
    answerOwnProblem(problem, requestId, { ...base, ...headers });
  const requestViolations = prism.violations.filter((v) => v.location[0] === 'request');
  if (prism.status === 415 && requestViolations.length > 0) return own(problems.unsupportedMediaType(context.contentType));
  if (prism.status === 422 && requestViolations.length > 0) {
    const { fieldErrors, otherMessages } = describeRequestViolations(requestViolations, context.body, describeOptions);
    return own(problems.validationFailed(fieldErrors, otherMessages));
  }
  const headers: Record<string, string> = { ...base, ...violationsHeader(prism.violations) };
  // Prism fills every declared response header from its example; this mock never replays a create.
  if (prism.status >= 200 && prism.status < 300) delete headers['idempotent-replayed'];
  return stampPrismProblem({ status: prism.status, headers, body: prism.body.toString('utf8') }, requestId);
}

/** A problem the mock makes itself, with `instance` stamped as it is made; Prism's content type and violations go. */
export function answerOwnProblem(problem: ProblemDocument, requestId: string | undefined, headers: Record<string, string>): MockAnswer {
  const { 'sl-violations': _moved, 'content-type': _type, ...kept } = headers;
  return { answer: problemAnswer(problem, requestId, kept), problem };
}

// A problem document Prism made (its own failures, such as a `__server` no server of the contract matches): the
// answer's Request-Id becomes its `instance`, as on the mock's own.
function stampPrismProblem(answer: Answer, requestId: string | undefined): MockAnswer {
  if (!/problem\+json/.test(answer.headers['content-type'] ?? '')) return { answer };
  const problem = parseObject(answer.body);
  if (problem === undefined) return { answer };
  const stamped = (requestId === undefined ? problem : { ...problem, instance: requestId }) as unknown as ProblemDocument;
  return { answer: { ...answer, body: requestId === undefined ? answer.body : JSON.stringify(stamped) }, problem: stamped };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

// A header Prism gives as several values (none in this contract) is sent as one line, joined as RFC 9110 §5.3 allows.
function flattenHeaders(headers: Record<string, string | string[]>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}
