// Path and method → route. Unknown paths answer 404 and known paths with another method 405 (with `Allow`), both
// as problem documents. Every answer carries a Request-Id (D2), which a problem document repeats as its instance.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendProblem } from '../../http/send-response.js';
import type { SandboxContext } from '../sandbox-context.js';
import { showCheckoutPage } from './checkout-page.js';
import { createCheckout } from './create-checkout.js';
import { completeCheckout, expireCheckout, listDeliveries, readCheckout } from './helper-routes.js';

type Handler = (req: IncomingMessage, res: ServerResponse, context: SandboxContext, id: string) => void | Promise<void>;

const ROUTES: Array<{ path: RegExp; methods: Record<string, Handler> }> = [
  { path: /^\/api\/v1\/checkouts\/$/, methods: { POST: createCheckout } },
  { path: /^\/sandbox\/v1\/checkouts\/([^/]+)$/, methods: { GET: readCheckout } },
  { path: /^\/sandbox\/v1\/checkouts\/([^/]+)\/complete$/, methods: { POST: completeCheckout } },
  { path: /^\/sandbox\/v1\/checkouts\/([^/]+)\/expire$/, methods: { POST: expireCheckout } },
  { path: /^\/sandbox\/v1\/checkouts\/([^/]+)\/deliveries$/, methods: { GET: listDeliveries } },
  { path: /^\/checkouts\/([^/]+)$/, methods: { GET: showCheckoutPage } },
];

export async function routeRequest(req: IncomingMessage, res: ServerResponse, context: SandboxContext): Promise<void> {
  res.setHeader('request-id', `urn:uuid:${randomUUID()}`);
  const path = pathOf(req.url ?? '/');
  for (const route of ROUTES) {
    const match = route.path.exec(path);
    if (!match) continue;
    const handler = route.methods[req.method ?? ''];
    if (handler) return handler(req, res, context, match[1] ?? '');
    const allowed = Object.keys(route.methods).join(', ');
    sendProblem(res, context.createProblem('method-not-allowed', `${path} accepts ${allowed} only.`), { allow: allowed });
    return;
  }
  const hint = path === '/api/v1/checkouts' ? ' The create call is POST /api/v1/checkouts/, with the trailing slash.' : '';
  sendProblem(res, context.createProblem('not-found', `Nothing is served at ${path.slice(0, 200)}.${hint}`));
}

function pathOf(target: string): string {
  // The usual origin-form target needs no URL parser; absolute-form and odd targets get one.
  if (target.startsWith('/') && !target.startsWith('//')) {
    const query = target.indexOf('?');
    return query === -1 ? target : target.slice(0, query);
  }
  try {
    return new URL(target, 'http://sandbox.invalid').pathname;
  } catch {
    return target.split('?')[0] ?? '/';
  }
}
