// Path and method → route, by the one routing both servers share (src/http/route-target.ts): an unreadable target
// answers 400, an unknown path 404 and a known path with another method 405 (with `Allow`), all as problem documents.
// Every answer carries a Request-Id (D2), which a problem document repeats as its instance.
import type { Answer, ServerRequest } from '../../http/exchange.js';
import { problemAnswer } from '../../http/problems.js';
import { redactUrls } from '../../http/redact.js';
import { describeTargetForLog, readRequestTarget } from '../../http/request-target.js';
import { type Route, routeTarget } from '../../http/route-target.js';
import type { SandboxContext } from '../sandbox-context.js';
import { showCheckoutPage } from './checkout-page.js';
import { createCheckout } from './create-checkout.js';
import { completeCheckout, expireCheckout, listDeliveries, readCheckout } from './helper-routes.js';
import { answerProblem, type RoutedRequest } from './routed-request.js';

type Handler = (routed: RoutedRequest, context: SandboxContext) => Answer | Promise<Answer>;

// The sandbox's own routes; the contract's create operation comes first, at the path the contract gives it.
const SANDBOX_ROUTES: Array<Route<Handler>> = [
  { path: /^\/sandbox\/v1\/checkouts\/([^/]+)$/, methods: { GET: readCheckout } },
  { path: /^\/sandbox\/v1\/checkouts\/([^/]+)\/complete$/, methods: { POST: completeCheckout } },
  { path: /^\/sandbox\/v1\/checkouts\/([^/]+)\/expire$/, methods: { POST: expireCheckout } },
  { path: /^\/sandbox\/v1\/checkouts\/([^/]+)\/deliveries$/, methods: { GET: listDeliveries } },
  { path: /^\/checkouts\/([^/]+)$/, methods: { GET: showCheckoutPage } },
];

/** The answer to `request`, always: a bug in a route becomes a 500 problem, logged without the request's headers. */
export async function routeRequest(request: ServerRequest, context: SandboxContext): Promise<Answer> {
  const requestId = context.createRequestId();
  let answer: Answer;
  try {
    answer = await answerRoute(request, requestId, context);
  } catch (error) {
    // The path alone, never an absolute-form target's user or query; the error's message may quote a URL: redacted.
    const stack = (error as Error)?.stack ?? String(error);
    const path = describeTargetForLog(readRequestTarget(request.target));
    context.log(redactUrls(`sandbox bug while answering ${request.method} ${path}: ${stack}`));
    answer = problemAnswer(
      context.problems.internalError('The sandbox failed to answer this request; this is a bug in the sandbox.'),
      requestId,
    );
  }
  answer.headers['request-id'] = requestId;
  return answer;
}

function answerRoute(request: ServerRequest, requestId: string, context: SandboxContext): Answer | Promise<Answer> {
  const create = context.createOperation;
  const routes: Array<Route<Handler>> = [{ path: create.pathPattern, methods: { [create.method]: createCheckout } }, ...SANDBOX_ROUTES];
  const routing = routeTarget(request.method, request.target, routes, context.problems);
  if (routing.refusal) return answerProblem({ request, requestId, id: '' }, routing.refusal.problem, routing.refusal.headers);
  return routing.handler({ request, requestId, id: routing.id }, context);
}
