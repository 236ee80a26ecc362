// The one error verifyCallback throws for a delivery it refuses: a CallbackVerificationError whose `code` says why,
// so a receiver branches with `switch (error.code)`, never on the message. None of them ever holds the signing secret.

/** Why a delivery was refused; each code's meaning and the reply it calls for are in docs/client.md. */
export type CallbackErrorCode =
  | 'missing_headers'
  | 'malformed_headers'
  | 'bad_signature'
  | 'stale_timestamp'
  | 'future_timestamp'
  | 'malformed_body'
  | 'unknown_event_type';

/** What a refusal tells besides its code; each field is set for the codes its comment names, and absent otherwise. */
export interface CallbackErrorDetails {
  /** `missing_headers`: the Standard Webhooks headers that are absent or empty, in the order webhook-id, -timestamp, -signature. */
  missing?: readonly string[];
  /** `stale_timestamp`, `future_timestamp`: the delivery's webhook-timestamp, in Unix seconds. */
  timestamp?: number;
  /** `stale_timestamp`, `future_timestamp`: the verifier's clock, in Unix seconds. */
  now?: number;
  /** `unknown_event_type`: the event's `type`. */
  eventType?: string;
}

/**
 * The delivery was refused: reply with a non-2xx status (400), except for `unknown_event_type`, a genuine event of a
 * type this version does not know, which the contract lets v1 add: acknowledge it (2xx) and ignore it.
 */
export class CallbackVerificationError extends Error {
  override name = 'CallbackVerificationError';
  readonly code: CallbackErrorCode;
  // Declared, not defined: only the details a code carries become properties, so a refusal (as logged or inspected)
  // shows nothing that does not apply to it.
  declare readonly missing?: readonly string[];
  declare readonly timestamp?: number;
  declare readonly now?: number;
  declare readonly eventType?: string;

  constructor(code: CallbackErrorCode, message: string, details: CallbackErrorDetails = {}) {
    super(message);
    this.code = code;
    Object.assign(this, details);
  }
}

/** Each refusal by its code, with its message; the verifier's modules throw only what these make. */
export const refuseCallback = {
  /** One of webhook-id, webhook-timestamp, webhook-signature is absent or empty. */
  missingHeaders: (missing: readonly string[]) =>
    new CallbackVerificationError(
      'missing_headers',
      `The callback lacks the Standard Webhooks header(s) ${missing.join(', ')}. Pass the request's headers as received.`,
      { missing },
    ),
  /** A header is present but not in its documented shape; `detail` names the header and what is wrong. */
  malformedHeaders: (detail: string) =>
    new CallbackVerificationError('malformed_headers', `The callback's Standard Webhooks headers are malformed: ${detail}.`),
  /** No `v1` signature matches the raw body under the secret (tampered body, wrong secret, parsed body). */
  badSignature: () =>
    new CallbackVerificationError(
      'bad_signature',
      'No webhook-signature matches the payload. Check the signing secret, and verify the raw request body as received, not re-serialized JSON.',
    ),
  /** Genuine, but signed longer ago than the tolerance allows: a replay, or a clock far behind. */
  staleTimestamp: (timestamp: number, now: number, toleranceSeconds: number) =>
    new CallbackVerificationError(
      'stale_timestamp',
      `The callback was signed ${now - timestamp} s ago, more than the ${toleranceSeconds} s tolerance: refuse it as a possible replay (a genuine retry carries a fresh timestamp), and check this server's clock.`,
      { timestamp, now },
    ),
  /** Genuine, but signed further in the future than the tolerance allows: a clock out of sync. */
  futureTimestamp: (timestamp: number, now: number, toleranceSeconds: number) =>
    new CallbackVerificationError(
      'future_timestamp',
      `The callback's timestamp is ${timestamp - now} s ahead of this server's clock, more than the ${toleranceSeconds} s tolerance; check the clock (NTP).`,
      { timestamp, now },
    ),
  /** Genuine, but the body is not JSON, or not a `checkout.completed` event's shape. */
  malformedBody: (detail: string) =>
    new CallbackVerificationError('malformed_body', `The callback body is not a valid checkout event: ${detail}.`),
  /** A genuine, well-formed event of a type this version does not know. */
  unknownEventType: (eventType: string) =>
    new CallbackVerificationError(
      'unknown_event_type',
      `The callback is a "${eventType}" event, which this version does not handle; acknowledge it with a 2xx and ignore it.`,
      { eventType },
    ),
};
