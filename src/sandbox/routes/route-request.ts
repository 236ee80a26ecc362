// Path and method → route. Unknown paths answer 404 and known paths with another method 405 (with `Allow`), both
// as problem documents. Every answer carries a Request-Id (D2), which a problem document repeats as its instance.
import type { Answer, ServerRequest } from '../../http/exchange.js';
import { problemAnswer } from '../../http/problems.js';
import { redactUrls } from '../../http/redact.js';
import { readRequestPath } from '../../http/request-target.js';
import type { SandboxContext } from '../sandbox-context.js';
import { showCheckoutPage } from './checkout-page.js';
import { createCheckout } from './create-checkout.js';
import { completeCheckout, expireCheckout, listDeliveries, readCheckout } from './helper-routes.js';
import { answerProblem, type RoutedRequest } from './routed-request.js';

type Route = (routed: RoutedRequest, context: SandboxContext) => Answer | Promise<Answer>;

// The sandbox's own routes; the contract's create operation comes first, at the path the contract gives it.
const SANDBOX_ROUTES: Array<{ path: RegExp; methods: Record<string, Route> }> = [
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
    answer = await answerRoute({ request, requestId, id: '' }, context);
  } catch (error) {
    // An absolute-form target (`POST http://user:pass@host/...`) or the error's message can quote a URL: log the path
    // only, and redact the rest.
    const stack = (error as Error)?.stack ?? String(error);
    context.log(redactUrls(`sandbox bug while answering ${request.method} ${readRequestPath(request.target)}: ${stack}`));
    answer = problemAnswer(
      context.problems.internalError('The sandbox failed to answer this request; this is a bug in the sandbox.'),
      requestId,
    );
  }
  answer.headers['request-id'] = requestId;
  return answer;
}

function answerRoute(routed: RoutedRequest, context: SandboxContext): Answer | Promise<Answer> {
  const { problems } = context;
  const path = readRequestPath(routed.request.target);
  const create = context.createOperation;
  const routes = [{ path: create.pathPattern, methods: { [create.method]: createCheckout } }, ...SANDBOX_ROUTES];
  for (const route of routes) {
    const match = route.path.exec(path);
    if (!match) continue;
    const handler = route.methods[routed.request.method];
    if (handler) return handler({ ...routed, id: match[1] ?? '' }, context);
    const allowed = Object.keys(route.methods);
    return answerProblem(routed, problems.methodNotAllowed(path, allowed), { allow: allowed.join(', ') });
  }
  const missesSlash = create.path.endsWith('/') && path === create.path.slice(0, -1);
  const hint = missesSlash ? ` The create call is ${create.method} ${create.path}, with the trailing slash.` : '';
  return answerProblem(routed, problems.notFound(path, hint));
}
