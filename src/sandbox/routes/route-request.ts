// The sandbox's operations behind the request front every server of this package shares (src/http/request-front.ts),
// which routes them (400, 404, 405 with `Allow`), authenticates them (401), gives every answer a Request-Id (D2) and
// turns a bug into a 500: the contract's create operation, at the path the contract gives it, the sandbox helpers
// (openapi-sandbox/openapi.yaml) and the stand-in checkout page, which alone asks for no API key.
import { compilePathPattern } from '../../contract/contract-facts.js';
import { oncePer } from '../../contract/once-per.js';
import { SANDBOX_HELPER_ROUTES, type SandboxHelperOperationId } from '../../contract/sandbox-helper-routes.js';
import type { Answer, ServerRequest } from '../../http/exchange.js';
import { redactUrls } from '../../http/redact.js';
import { createRequestFront, type Operation, type RequestFront, type Route, type RoutedRequest } from '../../http/request-front.js';
import type { SandboxContext } from '../sandbox-context.js';
import { showCheckoutPage } from './checkout-page.js';
import { createCheckout } from './create-checkout.js';
import { completeCheckout, expireCheckout, listDeliveries, readCheckout } from './helper-routes.js';

type Handler = (routed: RoutedRequest, context: SandboxContext) => ReturnType<Operation['answer']>;

// The handler of each helper route (src/contract/sandbox-helper-routes.ts), with whether it asks for the API key.
const HELPER_HANDLERS: Record<SandboxHelperOperationId, { handler: Handler; authenticated: boolean }> = {
  readSandboxCheckout: { handler: readCheckout, authenticated: true },
  completeSandboxCheckout: { handler: completeCheckout, authenticated: true },
  expireSandboxCheckout: { handler: expireCheckout, authenticated: true },
  listCallbackDeliveries: { handler: listDeliveries, authenticated: true },
  showCheckoutPage: { handler: showCheckoutPage, authenticated: false },
};

/** The sandbox's request front: its routes behind the shared front, one per sandbox, built on its first request. */
export const readSandboxFront: (context: SandboxContext) => RequestFront = oncePer(createSandboxFront);

/** The answer to `request`, always: the sandbox's routes answer even a client gone mid-body. */
export async function routeRequest(request: ServerRequest, context: SandboxContext): Promise<Answer> {
  return (await readSandboxFront(context).answer(request))?.answer as Answer;
}

function createSandboxFront(context: SandboxContext): RequestFront {
  const operation = (handler: Handler, authenticated: boolean): Operation => ({
    authenticate: authenticated ? context.authenticate : undefined,
    answer: (routed) => handler(routed, context),
  });
  const create = context.createOperation;
  const routes: Array<Route<Operation>> = [
    { path: create.pathPattern, methods: { [create.method]: operation(createCheckout, true) } },
    ...SANDBOX_HELPER_ROUTES.map(({ operationId, method, path }) => {
      const { handler, authenticated } = HELPER_HANDLERS[operationId];
      return { path: compilePathPattern(path), methods: { [method]: operation(handler, authenticated) } };
    }),
  ];
  return createRequestFront({
    routes,
    problems: context.problems,
    newRequestId: context.newRequestId,
    onBug: (error, line) => {
      // The error's message may quote a URL: redacted; the line holds the path alone (request-front.ts).
      context.log(redactUrls(`sandbox bug while answering ${line}: ${(error as Error)?.stack ?? String(error)}`));
      return 'The sandbox failed to answer this request; this is a bug in the sandbox.';
    },
  });
}
