// The completion callback (seed: events; D5, D6, D22). callback-delivered: a checkout created with a callback_url
// on this machine (with a query), driven to completion, is announced by a POST to that URL, query intact, of a
// CheckoutCompletedEvent with the three Standard Webhooks headers in their contract shapes, and the event's timestamp
// in UTC. callback-verified (level full): the signature verifies with the signing secret (standardwebhooks, which
// also rejects a timestamp more than 5 minutes off) and `data` is the checkout that was created, now complete, with
// updatedAt not before createdAt. Records are compared as JSON values
// (RFC 8259 objects are unordered; whitespace and escapes are the sender's), and only on the fields the contract
// documents: an undocumented field (D26, D28) may change at completion, which warns.
import { isDeepStrictEqual } from 'node:util';
import { Webhook } from 'standardwebhooks';
import type { ReceivedAttempt, ReceivedCallback } from '../callback-receiver.js';
import type { CheckDefinition } from '../check-definition.js';
import type { CheckModule } from '../check-module.js';
import { parseJsonBody } from '../send-request.js';
import { type CallbackCheckout, type CallbackSession, deliveryAsExchange } from './callback-session.js';
import type { CheckContext } from './check-context.js';
import { formatSchemaErrors } from './expect-problem.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const CALLBACK_CHECKS = [
  {
    name: 'callback-delivered',
    level: 'schema',
    source: 'seed: events rule 1; D5; D6',
    needsCallback: true,
    title: 'The completion callback arrives as a POST of a CheckoutCompletedEvent with Standard Webhooks headers',
    promises: ['callback.delivered-on-completion', 'callback.id-form', 'callback.event-shape'],
  },
  {
    name: 'callback-verified',
    level: 'full',
    source: 'D5; D6; D22',
    needsCallback: true,
    needsSecret: true,
    title: "The callback's signature verifies with the signing secret and its data is the completed checkout",
    promises: ['callback.signed-v1', 'callback.event-shape', 'callback.timestamp-fresh'],
  },
] as const satisfies readonly CheckDefinition[];

/** The documented fields of a checkout that completion may change (D22: the transition and its update time); every
 *  other documented field of `data` is the created record's. */
const FIELDS_CHANGED_BY_COMPLETION: readonly string[] = ['status', 'updatedAt'];

/** A completed checkout and its first delivery, acknowledged with 204: callback-not-redelivered listens on. */
export interface DeliveredCallback {
  checkout: CallbackCheckout;
  first: ReceivedAttempt;
}

export async function checkCallback(context: CheckContext, session: CallbackSession): Promise<DeliveredCallback | undefined> {
  const { recorder } = context;
  const caseName = 'callback for the completed checkout';
  const checkout = await session.createCheckout('callback-delivered', caseName);
  if (!checkout || !(await session.drive(checkout, 'complete', 'callback-delivered', caseName))) return undefined;
  const delivery = await session.awaitFirstDelivery(checkout, 'callback-delivered', caseName);
  if (!delivery) return undefined;
  const exchange = deliveryAsExchange(checkout.created, delivery);
  const wrongTarget =
    delivery.path === checkout.callbackTarget
      ? []
      : [`the callback came to ${delivery.path}; the callback_url's path and query are ${checkout.callbackTarget}`];
  recorder.record('callback-delivered', caseName, [...wrongTarget, ...deliveryViolations(context, delivery)], exchange);
  if (recorder.isActive('callback-verified')) {
    const { failures, warnings } = verificationFindings(context, session.callback.secret!, delivery, checkout.record);
    recorder.record('callback-verified', caseName, failures, exchange);
    recorder.warn('callback-verified', caseName, warnings, exchange);
  }
  return { checkout, first: delivery };
}

function deliveryViolations(context: CheckContext, delivery: ReceivedCallback): string[] {
  const messages: string[] = [];
  if (delivery.method !== 'POST') messages.push(`the callback came as ${delivery.method}; expected POST`);
  const mediaType = delivery.headers['content-type']?.split(';')[0].trim().toLowerCase();
  if (mediaType !== 'application/json')
    messages.push(`Content-Type is ${JSON.stringify(delivery.headers['content-type'] ?? null)}; expected application/json`);
  for (const [name, validate] of context.contract.callbackHeaders) {
    const value = delivery.headers[name];
    if (value === undefined) messages.push(`header ${name} is missing`);
    else if (!validate(value)) messages.push(`header ${name} is ${JSON.stringify(value)}: ${formatSchemaErrors(validate)}`);
  }
  const event = parseJsonBody({ status: 0, headers: {}, body: delivery.body });
  const validate = context.validators.validatorFor('CheckoutCompletedEvent');
  if (event === undefined) messages.push('the body is not JSON');
  else if (!validate(event)) messages.push(`the body is not a CheckoutCompletedEvent: ${formatSchemaErrors(validate)}`);
  // The schema's date-time admits any offset; the contract says "in UTC".
  const timestamp = (event as { timestamp?: unknown } | undefined)?.timestamp;
  if (typeof timestamp === 'string' && !/(?:Z|[+-]00:00)$/i.test(timestamp)) {
    messages.push(`timestamp ${JSON.stringify(timestamp)} is not in UTC (Z or +00:00)`);
  }
  return messages;
}

/** Why the delivery's signature does not verify with the secret (standardwebhooks: also a timestamp 5 minutes off). */
export function signatureViolations(secret: string, delivery: ReceivedCallback): string[] {
  try {
    new Webhook(secret).verify(delivery.body, {
      'webhook-id': delivery.headers['webhook-id'] ?? '',
      'webhook-timestamp': delivery.headers['webhook-timestamp'] ?? '',
      'webhook-signature': delivery.headers['webhook-signature'] ?? '',
    });
    return [];
  } catch (error) {
    return [`the signature does not verify with CHECKOUT_CALLBACK_SECRET: ${(error as Error).message}`];
  }
}

function verificationFindings(
  context: CheckContext,
  secret: string,
  delivery: ReceivedCallback,
  created: Record<string, unknown>,
): { failures: string[]; warnings: string[] } {
  const messages = signatureViolations(secret, delivery);
  const event = parseJsonBody({ status: 0, headers: {}, body: delivery.body }) as { data?: Record<string, unknown> } | undefined;
  const data = event?.data;
  if (!data || typeof data !== 'object') {
    return { failures: [...messages, 'the event has no data to compare with the created checkout'], warnings: [] };
  }
  if (data.id !== created.id) messages.push(`data.id is ${JSON.stringify(data.id)}; expected the completed checkout ${created.id}`);
  if (data.status !== 'complete') messages.push(`data.status is ${JSON.stringify(data.status)}; expected "complete"`);
  if (!(Number(data.updatedAt) >= Number(created.createdAt)))
    messages.push(`data.updatedAt ${JSON.stringify(data.updatedAt)} is before createdAt ${created.createdAt}`);
  const changed = Object.keys({ ...created, ...data }).filter(
    (key) => !FIELDS_CHANGED_BY_COMPLETION.includes(key) && !isDeepStrictEqual(data[key], created[key]),
  );
  const documented = changed.filter((key) => context.contract.checkoutFields.has(key));
  const undocumented = changed.filter((key) => !context.contract.checkoutFields.has(key));
  if (documented.length > 0) {
    messages.push(
      `data differs from the created checkout in ${documented.join(', ')} (of the documented fields only ${FIELDS_CHANGED_BY_COMPLETION.join(' and ')} may change)`,
    );
  }
  const warnings =
    undocumented.length > 0
      ? [`data differs from the created checkout in undocumented ${undocumented.join(', ')} (allowed by D26/D28; shown so you can tell)`]
      : [];
  return { failures: messages, warnings };
}

/** Run by the callback step (callbacks.ts), with the other callback checks. */
export const CALLBACK_MODULE: CheckModule<typeof CALLBACK_CHECKS> = { checks: CALLBACK_CHECKS };
