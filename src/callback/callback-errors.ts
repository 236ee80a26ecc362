// The errors verifyCallback throws for a delivery it refuses. Each has a stable `code`; branch on the class or the
// code, never on the message. None of them ever holds the signing secret.

export type CallbackErrorCode =
  | 'missing_headers'
  | 'malformed_headers'
  | 'bad_signature'
  | 'stale_timestamp'
  | 'future_timestamp'
  | 'malformed_body'
  | 'unknown_event_type';

/** The base class: the delivery was refused. Reply with a non-2xx status (400) unless the subclass says otherwise. */
export class CallbackVerificationError extends Error {
  readonly code: CallbackErrorCode;

  constructor(code: CallbackErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/** `missing_headers`: one of webhook-id, webhook-timestamp, webhook-signature is absent or empty. */
export class CallbackMissingHeadersError extends CallbackVerificationError {
  readonly missing: readonly string[];

  constructor(missing: readonly string[]) {
    super(
      'missing_headers',
      `The callback lacks the Standard Webhooks header(s) ${missing.join(', ')}. Pass the request's headers as received.`,
    );
    this.missing = missing;
  }
}

/** `malformed_headers`: a header is present but not in its documented shape: a timestamp that is not integer seconds,
 *  a header sent more than once, a value that is not text. The message names the header and what is wrong. */
export class CallbackMalformedHeadersError extends CallbackVerificationError {
  constructor(detail: string) {
    super('malformed_headers', `The callback's Standard Webhooks headers are malformed: ${detail}.`);
  }
}

/** `bad_signature`: no `v1` signature matches the raw body under the secret (tampered body, wrong secret, parsed body). */
export class CallbackSignatureError extends CallbackVerificationError {
  constructor() {
    super(
      'bad_signature',
      'No webhook-signature matches the payload. Check the signing secret, and verify the raw request body as received, not re-serialized JSON.',
    );
  }
}

/** Common parent of the two timestamp errors: the signature is valid but the signing time is outside the tolerance. */
export class CallbackTimestampError extends CallbackVerificationError {
  /** The delivery's webhook-timestamp and the verifier's clock, in Unix seconds. */
  readonly timestamp: number;
  readonly now: number;

  constructor(code: 'stale_timestamp' | 'future_timestamp', message: string, timestamp: number, now: number) {
    super(code, message);
    this.timestamp = timestamp;
    this.now = now;
  }
}

/** `stale_timestamp`: signed longer ago than the tolerance allows; a replay, or a clock far behind. */
export class CallbackStaleTimestampError extends CallbackTimestampError {
  constructor(timestamp: number, now: number, toleranceSeconds: number) {
    super(
      'stale_timestamp',
      `The callback was signed ${now - timestamp} s ago, more than the ${toleranceSeconds} s tolerance: refuse it as a possible replay (a genuine retry carries a fresh timestamp), and check this server's clock.`,
      timestamp,
      now,
    );
  }
}

/** `future_timestamp`: signed further in the future than the tolerance allows; a clock out of sync. */
export class CallbackFutureTimestampError extends CallbackTimestampError {
  constructor(timestamp: number, now: number, toleranceSeconds: number) {
    super(
      'future_timestamp',
      `The callback's timestamp is ${timestamp - now} s ahead of this server's clock, more than the ${toleranceSeconds} s tolerance; check the clock (NTP).`,
      timestamp,
      now,
    );
  }
}

/** `malformed_body`: the signature is valid but the body is not JSON, or not a `checkout.completed` event's shape. */
export class CallbackMalformedBodyError extends CallbackVerificationError {
  constructor(detail: string) {
    super('malformed_body', `The callback body is not a valid checkout event: ${detail}.`);
  }
}

/**
 * `unknown_event_type`: a genuine, well-formed event of a type this version does not know. The contract lets new
 * types appear within v1, so acknowledge it (reply 2xx) and ignore it; refusing would only make the service retry.
 */
export class CallbackUnknownEventError extends CallbackVerificationError {
  readonly eventType: string;

  constructor(eventType: string) {
    super(
      'unknown_event_type',
      `The callback is a "${eventType}" event, which this version does not handle; acknowledge it with a 2xx and ignore it.`,
    );
    this.eventType = eventType;
  }
}
