// The delivery state of one callback event, as the sandbox helper `GET /sandbox/v1/checkouts/{id}/deliveries`
// shows it (openapi-sandbox/openapi.yaml, schema CallbackDelivery).
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

export interface CallbackDelivery {
  /** The Standard Webhooks `webhook-id`: the same for every attempt of this event. */
  eventId: string;
  eventType: 'checkout.completed';
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
  /** When the next attempt is due, RFC 3339, or null when none is scheduled. */
  nextAttemptAt: string | null;
}

/** One attempt of a callback as it goes out: the URL, the headers and the exact signed body. */
export interface OutgoingCallback {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What the receiver answered an attempt. */
export interface CallbackReply {
  status: number;
  /** Its Retry-After header, when it sent one. */
  retryAfter: string | null;
}

/** Carries one attempt to its receiver; rejects when there was no reply (or `signal` ended the attempt). */
export type SendCallback = (callback: OutgoingCallback, signal: AbortSignal) => Promise<CallbackReply>;

/** The sandbox's way: a POST to the callback_url, redirects not followed. */
export const sendCallbackOverHttp: SendCallback = async ({ url, headers, body }, signal) => {
  const response = await fetch(url, { method: 'POST', redirect: 'manual', headers, body, signal });
  await response.body?.cancel();
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
};
