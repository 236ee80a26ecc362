// The sandbox's API as a test meets it: what a test does to the checkouts besides the API's own call, and the types of
// the callbacks it sees. Apart from sandbox-core.ts, which takes the contract value, so that the testing kit's
// declarations reach neither the contract value nor the validators it holds (ajv is no dependency of the package).
import type { Checkout } from '../../generated/openapi.js';
import type { CallbackDeliveryLog } from './callbacks/callback-delivery.js';

export type { CallbackDeliveryLog, CallbackReply, DeliveryAttempt, OutgoingCallback, SendCallback } from './callbacks/callback-delivery.js';
export type { UndeliveredCallback } from './callbacks/callback-dispatcher.js';

/** What complete() and expire() did: the checkout's record, or why it could not move (unknown, or already final). */
export type SettleResult = { settled: true; record: Checkout } | { settled: false; reason: 'not-found' | 'not-open'; message: string };

/** What a test or the helper routes do to the checkouts besides the API's own call. */
export interface SandboxCheckouts {
  /**
   * Complete an open checkout, as a paying customer would; its callback (when it has a callback_url) starts at once,
   * and the promise resolves after the callback's first attempt has ended. Rejects after close().
   */
  complete(id: string): Promise<SettleResult>;
  /** Expire an open checkout now, whatever its expiresAt. Rejects after close(). */
  expire(id: string): Promise<SettleResult>;
  /** The record of a stored checkout (its id in any case), or undefined. */
  find(id: string): Checkout | undefined;
  /** Every stored checkout, oldest first. */
  list(): Checkout[];
  /** A copy of the callback deliveries of a checkout, with each attempt's status or error; [] when unknown. */
  deliveries(id: string): CallbackDeliveryLog[];
}
