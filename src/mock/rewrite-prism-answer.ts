// Prism's answer to a routed request made the contract's: violations of the request become the contract's 415 and 422
// refusals, which the request front writes as it writes every refusal (src/http/request-front.ts), and an answer Prism
// sends as a problem document of its own gets the answer's Request-Id as its `instance` (D2). Routing (404, 405) and
// the envelope are decided before Prism is asked.
import type { Answer } from '../http/exchange.js';
import type { ProblemDocument, Problems, Refusal } from '../http/problems.js';
import { type DescribeOptions, describeRequestViolations } from './describe-prism-violations.js';
import type { PrismAnswer } from './prism-engine.js';
import { violationsHeader } from './report-violations.js';

/** An answer of the mock, with the problem document it carries and the named example it answered with, for the log. */
export type MockAnswer = Answer & { problem?: ProblemDocument; exampleName?: string };

export interface RewriteContext {
  problems: Pick<Problems, 'unsupportedMediaType' | 'validationFailed'>;
  /** How to word the operation's violations. */
  describeOptions: DescribeOptions;
  /** The request body as Prism judged it (null for none). */
  body: unknown;
  contentType: string | undefined;
  requestId: string;
}

/** Prism's answer, or the contract's refusal in its place (which the request front writes, with Prism's headers). */
export function rewritePrismAnswer(prism: PrismAnswer, context: RewriteContext): MockAnswer | Refusal {
  const { problems, describeOptions, requestId } = context;
  const base = flattenHeaders(prism.headers);
  // A refusal the mock words itself: Prism's content type and violations go.
  const { 'sl-violations': _moved, 'content-type': _type, ...kept } = base;
  const requestViolations = prism.violations.filter((v) => v.location[0] === 'request');
  if (prism.status === 415 && requestViolations.length > 0)
    return { problem: problems.unsupportedMediaType(context.contentType), headers: kept };
  if (prism.status === 422 && requestViolations.length > 0) {
    const { fieldErrors, otherMessages } = describeRequestViolations(requestViolations, context.body, describeOptions);
    return { problem: problems.validationFailed(fieldErrors, otherMessages), headers: kept };
  }
  const headers: Record<string, string> = { ...base, ...violationsHeader(prism.violations) };
  // Prism fills every declared response header from its example; this mock never replays a create.
  if (prism.status >= 200 && prism.status < 300) delete headers['idempotent-replayed'];
  return stampPrismProblem({ status: prism.status, headers, body: prism.body.toString('utf8') }, requestId);
}

// A problem document Prism made (its own failures, such as a `__server` no server of the contract matches): the
// answer's Request-Id becomes its `instance`, as on the mock's own.
function stampPrismProblem(answer: Answer, requestId: string): MockAnswer {
  if (!/problem\+json/.test(answer.headers['content-type'] ?? '')) return answer;
  const problem = parseObject(answer.body);
  if (problem === undefined) return answer;
  const stamped = { ...problem, instance: requestId } as unknown as ProblemDocument;
  return { ...answer, body: JSON.stringify(stamped), problem: stamped };
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
