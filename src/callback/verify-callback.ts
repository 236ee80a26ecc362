// Verify a `checkout.completed` callback the way the contract signs it (Standard Webhooks) and return the typed
// event. The HMAC comes from the `standardwebhooks` package; this file only adds what that package does not let a
// caller choose (the clock and the tolerance) and the refusals of callback-errors.ts, one error class with a `code`.
import { timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { CheckoutCompletedEvent } from '../../generated/openapi.js';
import { refuseCallback } from './callback-errors.js';
import { readCallbackEvent } from './read-callback-event.js';
import { type CallbackHeaders, readWebhookHeaders } from './read-webhook-headers.js';

/** How far the signing time may be from the receiver's clock, as the contract recommends (5 minutes). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyCallbackInput {
  /** The raw request body exactly as received (string or Buffer); never re-serialized JSON. */
  payload: string | Uint8Array;
  /** The request headers: Node's `req.headers`, any Headers-like object with `get`, a Map or [name, value] entries. */
  headers: CallbackHeaders;
  /** The callback signing secret, `whsec_` followed by base64. */
  secret: string;
  /** Allowed distance between webhook-timestamp and `now`, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The receiver's clock (a Date or epoch milliseconds). Default: the current time. */
  now?: Date | number;
}

function readPayload(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  if (payload instanceof Uint8Array) return new TextDecoder().decode(payload);
  throw new TypeError(
    'verifyCallback: payload must be the raw request body as a string or Buffer; parsed and re-serialized JSON does not match the signature.',
  );
}

const SECRET_PREFIX = 'whsec_';
const SECRET_SHAPE = 'the callback signing secret whole, "whsec_" followed by base64, as the sandbox or the service gave it';

// The messages say what is wrong with the secret, never any part of it.
function createWebhook(secret: unknown): Webhook {
  if (typeof secret !== 'string') {
    const given = secret === undefined ? 'missing' : `a ${secret === null ? 'null' : typeof secret}, not a string`;
    throw new TypeError(`verifyCallback: secret is ${given}; pass ${SECRET_SHAPE}.`);
  }
  // standardwebhooks would take bare base64 too; the prefix is required so that a key of another kind (an API key,
  // a truncated copy) is caught here rather than showing up as bad_signature on every delivery.
  if (!secret.startsWith(SECRET_PREFIX)) throw new TypeError(`verifyCallback: secret does not start with "whsec_"; pass ${SECRET_SHAPE}.`);
  if (secret === SECRET_PREFIX) throw new TypeError(`verifyCallback: secret has nothing after "whsec_"; pass ${SECRET_SHAPE}.`);
  try {
    return new Webhook(secret);
  } catch {
    // The library's message is dropped on purpose: nothing derived from the secret may reach a log.
    throw new TypeError(`verifyCallback: secret is not valid base64 after "whsec_"; pass ${SECRET_SHAPE}.`);
  }
}

function readNowSeconds(now: Date | number | undefined): number {
  const milliseconds = now === undefined ? Date.now() : now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(milliseconds)) throw new TypeError('verifyCallback: now must be a valid Date or epoch milliseconds.');
  return Math.floor(milliseconds / 1000);
}

function matchesAnySignature(expected: string, signatureHeader: string): boolean {
  const expectedBytes = Buffer.from(expected);
  return signatureHeader.split(' ').some((candidate) => {
    const candidateBytes = Buffer.from(candidate);
    return candidateBytes.length === expectedBytes.length && timingSafeEqual(candidateBytes, expectedBytes);
  });
}

/**
 * Verify a callback and return its event. Checks, in order: the three headers (missing/malformed), the signature
 * over the raw body (bad_signature), the signing time against `now` ± tolerance (stale/future: the delivery is
 * genuine but outside the window), then the body (malformed_body, unknown_event_type). Throws a
 * CallbackVerificationError for a refused delivery (its `code` says which check refused it), and a TypeError for a
 * misuse (bad secret or payload type).
 */
export function verifyCallback(input: VerifyCallbackInput): CheckoutCompletedEvent {
  const { payload, headers, secret, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now } = input;
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0) {
    throw new TypeError('verifyCallback: toleranceSeconds must be a non-negative number of seconds.');
  }
  const body = readPayload(payload);
  const webhook = createWebhook(secret);
  const nowSeconds = readNowSeconds(now);
  const delivery = readWebhookHeaders(headers);

  const expected = webhook.sign(delivery.id, new Date(delivery.timestamp * 1000), body);
  if (!matchesAnySignature(expected, delivery.signature)) throw refuseCallback.badSignature();

  if (nowSeconds - delivery.timestamp > toleranceSeconds) {
    throw refuseCallback.staleTimestamp(delivery.timestamp, nowSeconds, toleranceSeconds);
  }
  if (delivery.timestamp - nowSeconds > toleranceSeconds) {
    throw refuseCallback.futureTimestamp(delivery.timestamp, nowSeconds, toleranceSeconds);
  }
  return readCallbackEvent(body);
}
