// The sandbox-only test helpers (openapi-sandbox/openapi.yaml): read a checkout, complete it (and deliver its
// callback), expire it, and show its callback deliveries. Not part of the public contract. The request front has
// checked the API key before any of them runs (route-request.ts).
import { jsonAnswer } from '../../http/exchange.js';
import type { Refusal } from '../../http/problems.js';
import type { RoutedRequest } from '../../http/request-front.js';
import type { StoredCheckout } from '../checkout/checkout-store.js';
import { CHECKOUT_NOT_FOUND, describeRefusal, findStoredCheckout, settleCheckout } from '../checkout/settle-checkout.js';
import type { SandboxContext } from '../sandbox-context.js';

export function readCheckout(routed: RoutedRequest, context: SandboxContext) {
  const found = findCheckout(routed, context);
  return 'problem' in found ? found : jsonAnswer(200, found.json);
}

export function listDeliveries(routed: RoutedRequest, context: SandboxContext) {
  const found = findCheckout(routed, context);
  return 'problem' in found ? found : jsonAnswer(200, JSON.stringify({ deliveries: found.deliveries }));
}

export function completeCheckout(routed: RoutedRequest, context: SandboxContext) {
  return answerSettlement(routed, context, 'complete');
}

export function expireCheckout(routed: RoutedRequest, context: SandboxContext) {
  return answerSettlement(routed, context, 'expired');
}

function answerSettlement(routed: RoutedRequest, context: SandboxContext, status: 'complete' | 'expired') {
  const settlement = settleCheckout(context, routed.id, status);
  if (settlement.ok) return jsonAnswer(200, settlement.entry.json);
  const slug = settlement.reason === 'not-found' ? 'checkout-not-found' : 'checkout-not-open';
  return { problem: context.problems.own(slug, describeRefusal(settlement, status)), headers: {} };
}

function findCheckout(routed: RoutedRequest, context: SandboxContext): StoredCheckout | Refusal {
  return findStoredCheckout(context, routed.id) ?? { problem: context.problems.own('checkout-not-found', CHECKOUT_NOT_FOUND), headers: {} };
}
