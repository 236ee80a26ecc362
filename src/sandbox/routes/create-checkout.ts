// POST /api/v1/checkouts/: the contract's one operation. Checks run in the order that lets each answer be exact:
// auth (401), rate limit (429), media type (415), idempotency in flight (409), size (413), JSON (400), schema and
// rules (422), idempotency replay or reuse (201 replayed / 422), then the checkout is created (201).
import { type Answer, headerValue, jsonAnswer } from '../../http/exchange.js';
import {
  describeBadIdempotencyKey,
  describeMalformedJson,
  describePayloadTooLarge,
  describeUnsupportedMediaType,
  describeValidationFailed,
  isBadIdempotencyKey,
} from '../../http/problems.js';
import { BODY_LIMIT_BYTES, isAcceptedMediaType, parseJsonBody } from '../../http/request-body.js';
import { buildCheckout } from '../checkout/build-checkout.js';
import { createStoredCheckout } from '../checkout/checkout-store.js';
import { toMillis } from '../checkout/clock.js';
import { fingerprintBody } from '../idempotency-store.js';
import type { SandboxContext } from '../sandbox-context.js';
import { answerProblem, type RoutedRequest, requireApiKey } from './routed-request.js';

export async function createCheckout(routed: RoutedRequest, context: SandboxContext): Promise<Answer> {
  const { request } = routed;
  const authorized = requireApiKey(routed, context);
  if ('refusal' in authorized) return authorized.refusal;
  const nowMs = () => toMillis(context.clock.nowMicros());

  const waitSeconds = context.rateLimiter?.take(authorized.keyIndex, nowMs());
  if (waitSeconds !== undefined) {
    const detail = `Too many requests for this API key; retry after ${waitSeconds} second${waitSeconds === 1 ? '' : 's'}.`;
    return answerProblem(routed, context.createProblem('rate-limited', detail), { 'retry-after': String(waitSeconds) });
  }

  const contentType = headerValue(request, 'content-type');
  if (!isAcceptedMediaType(contentType, ['application/json'])) {
    return answerProblem(routed, context.createProblem('unsupported-media-type', describeUnsupportedMediaType(contentType)));
  }

  const keyLines = request.headers['idempotency-key'];
  const idempotencyKey = keyLines?.[0];
  if (isBadIdempotencyKey(keyLines)) {
    return answerProblem(routed, context.createProblem('validation-failed', describeBadIdempotencyKey(), []));
  }
  const scope = idempotencyKey === undefined ? undefined : `${authorized.keyIndex}\n${idempotencyKey}`;
  const earlier = scope === undefined ? undefined : context.idempotency.find(scope, nowMs());
  if (earlier?.state === 'in-flight') {
    return answerProblem(
      routed,
      context.createProblem(
        'idempotency-request-in-progress',
        'A request with this Idempotency-Key is still being processed; retry it after the first one has finished.',
      ),
    );
  }
  if (scope !== undefined && earlier === undefined) context.idempotency.claim(scope, nowMs());

  let stored = false;
  try {
    if (request.declaredLength !== undefined && request.declaredLength > BODY_LIMIT_BYTES) {
      return answerTooLarge(routed, context, request.declaredLength);
    }
    const read = await request.readBody(BODY_LIMIT_BYTES);
    if (!read.ok) {
      if (read.reason === 'too-large') return answerTooLarge(routed, context, read.receivedBytes);
      // The client went away mid-body: no one reads this answer, but the route still ends with one.
      return answerProblem(routed, context.createProblem('bad-request', 'The request body was cut off before its end.'));
    }

    const parsed = parseJsonBody(read.body);
    if (!parsed.ok) return answerProblem(routed, context.createProblem('malformed-json', describeMalformedJson(parsed.reason)));

    if (earlier?.state === 'done') {
      if (earlier.fingerprint === fingerprintBody(read.body)) return jsonAnswer(201, earlier.body, { 'idempotent-replayed': 'true' });
      return answerProblem(
        routed,
        context.createProblem(
          'idempotency-key-reused',
          'This Idempotency-Key was already used with a different request body; use a new key for a new checkout.',
        ),
      );
    }

    const check = context.validateRequest(parsed.value);
    if (!check.ok) {
      return answerProblem(routed, context.createProblem('validation-failed', describeValidationFailed(check.errors.length), check.errors));
    }

    const nowMicros = context.clock.nowMicros();
    const record = buildCheckout(check.request, context.checkoutSettings, nowMicros);
    const body = JSON.stringify(record);
    context.checkouts.add(createStoredCheckout(record, body, check.request.callback_url ?? null, nowMicros));
    if (scope !== undefined) {
      context.idempotency.complete(scope, fingerprintBody(read.body), body, toMillis(nowMicros));
      stored = true;
    }
    return jsonAnswer(201, body);
  } finally {
    // A request that created nothing leaves its key free for a corrected retry.
    if (scope !== undefined && earlier === undefined && !stored) context.idempotency.release(scope);
  }
}

function answerTooLarge(routed: RoutedRequest, context: SandboxContext, bytes: number): Answer {
  return answerProblem(routed, context.createProblem('payload-too-large', describePayloadTooLarge(bytes)));
}
