import type { CallbackReply, OutgoingCallback } from '../../http/post-callback.js';

// How the sandbox delivers a callback event and what it keeps of it: the log of each event's attempts, as the sandbox
// helper `GET /sandbox/v1/checkouts/{id}/deliveries` shows it (openapi-sandbox/openapi.yaml, schemas
// CallbackDeliveryLog and DeliveryAttempt), and the shape of a sender that carries one attempt (SendCallback).

/** One attempt to deliver an event. */
export interface DeliveryAttempt {
  attempt: number;
  /** When the attempt started, RFC 3339. */
  startedAt: string;
  durationMs: number;
  /** The receiver's HTTP status, or null when there was no reply (refused, timed out, reset). */
  responseStatus: number | null;
  /** Why the attempt failed without a reply, or null. */
  error: string | null;
}

/** One callback event and every attempt to deliver it: its state, kept with its checkout. */
export interface CallbackDeliveryLog {
  /** The Standard Webhooks `webhook-id`: the same for every attempt of this event. */
  eventId: string;
  eventType: 'checkout.completed';
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
  /** When the next attempt is due, RFC 3339, or null when none is scheduled. */
  nextAttemptAt: string | null;
}

export type { CallbackReply, OutgoingCallback } from '../../http/post-callback.js';

/** Carries one attempt to its receiver; rejects when there was no reply (or `signal` ended the attempt). */
export type SendCallback = (callback: OutgoingCallback, signal: AbortSignal) => Promise<CallbackReply>;
