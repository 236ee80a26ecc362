// The sandbox-only test helpers (openapi-sandbox/openapi.yaml): read a checkout, complete it (and deliver its
// callback), expire it, and show its callback deliveries. Not part of the public contract.
import { type Answer, jsonAnswer } from '../../http/exchange.js';
import type { StoredCheckout } from '../checkout/checkout-store.js';
import { CHECKOUT_NOT_FOUND, describeRefusal, findStoredCheckout, settleCheckout } from '../checkout/settle-checkout.js';
import type { SandboxContext } from '../sandbox-context.js';
import { answerProblem, type RoutedRequest, requireApiKey } from './routed-request.js';

export function readCheckout(routed: RoutedRequest, context: SandboxContext): Answer {
  const found = findCheckout(routed, context);
  return 'refusal' in found ? found.refusal : jsonAnswer(200, found.entry.json);
}

export function listDeliveries(routed: RoutedRequest, context: SandboxContext): Answer {
  const found = findCheckout(routed, context);
  return 'refusal' in found ? found.refusal : jsonAnswer(200, JSON.stringify({ deliveries: found.entry.deliveries }));
}

export function completeCheckout(routed: RoutedRequest, context: SandboxContext): Answer {
  return answerSettlement(routed, context, 'complete');
}

export function expireCheckout(routed: RoutedRequest, context: SandboxContext): Answer {
  return answerSettlement(routed, context, 'expired');
}

function answerSettlement(routed: RoutedRequest, context: SandboxContext, status: 'complete' | 'expired'): Answer {
  const authorized = requireApiKey(routed, context);
  if ('refusal' in authorized) return authorized.refusal;
  const settlement = settleCheckout(context, routed.id, status);
  if (settlement.ok) return jsonAnswer(200, settlement.entry.json);
  const slug = settlement.reason === 'not-found' ? 'checkout-not-found' : 'checkout-not-open';
  return answerProblem(routed, context.createProblem(slug, describeRefusal(settlement, status)));
}

function findCheckout(routed: RoutedRequest, context: SandboxContext): { entry: StoredCheckout } | { refusal: Answer } {
  const authorized = requireApiKey(routed, context);
  if ('refusal' in authorized) return authorized;
  const entry = findStoredCheckout(context, routed.id);
  if (entry) return { entry };
  return { refusal: answerProblem(routed, context.createProblem('checkout-not-found', CHECKOUT_NOT_FOUND)) };
}
