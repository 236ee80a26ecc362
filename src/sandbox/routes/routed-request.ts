// One request on its way through the sandbox's routes: the problem answer to it, and the API key check every route
// but the checkout page makes first.
import type { Answer, ServerRequest } from '../../http/exchange.js';
import { type ProblemDocument, problemAnswer } from '../../http/problems.js';
import type { SandboxContext } from '../sandbox-context.js';

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

/**
 * The index of the request's accepted key, or its 401 answer (with the contract's challenge, `WWW-Authenticate: Api-Key`). Every Authorization
 * line is judged: a server that kept only the first of several would let a second one pass unseen.
 */
export function requireApiKey(routed: RoutedRequest, context: SandboxContext): { keyIndex: number } | { refusal: Answer } {
  const authentication = context.authenticate(routed.request.headers.authorization);
  if (authentication.ok) return { keyIndex: authentication.keyIndex };
  const challenge = context.createOperation.authChallenge as string; // readAuthScheme checked it at start-up
  return { refusal: answerProblem(routed, context.problems.unauthorized(authentication.detail), { 'www-authenticate': challenge }) };
}
