// One request on its way through the sandbox's routes, and the problem answer to it.
import { type Answer, problemAnswer, type ServerRequest } from '../../http/exchange.js';
import type { ProblemDocument } from '../../http/problems.js';

/** The request, its Request-Id, and the `{id}` of its path ('' when the route has none). */
export interface RoutedRequest {
  request: ServerRequest;
  requestId: string;
  id: string;
}

/** A problem answer to this request: its instance is the request's Request-Id (D2). */
export function answerProblem(routed: RoutedRequest, problem: ProblemDocument, headers: Record<string, string> = {}): Answer {
  return problemAnswer(problem, routed.requestId, headers);
}
