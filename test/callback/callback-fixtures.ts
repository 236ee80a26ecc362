// Signed deliveries for the verifier tests, made with the standardwebhooks package exactly as the service signs.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { loadContract } from '../../src/contract/load-contract.js';

export const secret = `whsec_${randomBytes(32).toString('base64')}`;
export const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;

/** The contract's own example of a checkout.completed event. */
export function exampleEvent(): Record<string, any> {
  return structuredClone(loadContract().components.examples.CheckoutCompletedEvent.value) as Record<string, any>;
}

export interface Delivery {
  payload: string;
  headers: Record<string, string>;
}

export function signDelivery(
  body: unknown,
  { timestampSeconds = Math.floor(Date.now() / 1000), signWith = secret, id = 'msg_2Kq8fZx1VbN7cR4tLm9pYs3w' } = {},
): Delivery {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = new Webhook(signWith).sign(id, new Date(timestampSeconds * 1000), payload);
  return {
    payload,
    headers: { 'webhook-id': id, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': signature },
  };
}
