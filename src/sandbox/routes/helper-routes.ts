// The sandbox-only test helpers (openapi-sandbox/openapi.yaml): read a checkout, complete it (and deliver its
// callback), expire it, and show its callback deliveries. Not part of the public contract.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Checkout } from '../../../generated/openapi.js';
import { sendJson, sendProblem } from '../../http/send-response.js';
import { type FinalStatus, type StoredCheckout, transitionCheckout } from '../checkout/checkout-store.js';
import { toMillis } from '../checkout/clock.js';
import type { SandboxContext } from '../sandbox-context.js';
import { requireApiKey } from './authenticate.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readCheckout(req: IncomingMessage, res: ServerResponse, context: SandboxContext, id: string): void {
  const entry = findCheckout(req, res, context, id);
  if (entry) sendJson(res, 200, entry.json);
}

export function completeCheckout(req: IncomingMessage, res: ServerResponse, context: SandboxContext, id: string): void {
  const changed = changeCheckout(req, res, context, id, 'complete');
  if (!changed) return;
  const { entry, record } = changed;
  if (entry.callbackUrl) {
    const completedAtMs = toMillis(entry.changedAtMicros);
    entry.deliveries.push(context.callbacks.dispatch(record, entry.callbackUrl, completedAtMs));
  }
  sendJson(res, 200, entry.json);
}

export function expireCheckout(req: IncomingMessage, res: ServerResponse, context: SandboxContext, id: string): void {
  const changed = changeCheckout(req, res, context, id, 'expired');
  if (changed) sendJson(res, 200, changed.entry.json);
}

export function listDeliveries(req: IncomingMessage, res: ServerResponse, context: SandboxContext, id: string): void {
  const entry = findCheckout(req, res, context, id);
  if (entry) sendJson(res, 200, JSON.stringify({ deliveries: entry.deliveries }));
}

function changeCheckout(
  req: IncomingMessage,
  res: ServerResponse,
  context: SandboxContext,
  id: string,
  status: FinalStatus,
): { entry: StoredCheckout; record: Checkout } | undefined {
  const entry = findCheckout(req, res, context, id);
  if (!entry) return undefined;
  const record = transitionCheckout(entry, status, context.clock.nowMicros());
  if (!record) {
    sendProblem(
      res,
      context.createProblem(
        'checkout-not-open',
        `The checkout is ${entry.status}, and only an open checkout can become ${status}; ${entry.status} is final.`,
      ),
    );
    return undefined;
  }
  return { entry, record };
}

function findCheckout(req: IncomingMessage, res: ServerResponse, context: SandboxContext, id: string): StoredCheckout | undefined {
  if (requireApiKey(req, res, context) === -1) return undefined;
  const entry = UUID.test(id) ? context.checkouts.find(id.toLowerCase(), toMillis(context.clock.nowMicros())) : undefined;
  if (!entry) {
    sendProblem(
      res,
      context.createProblem(
        'checkout-not-found',
        'No checkout has this id in the sandbox: it was never created here, or it was evicted (the sandbox keeps a bounded number of checkouts in memory and forgets them when it restarts).',
      ),
    );
  }
  return entry;
}
