// POST /api/v1/checkouts/: the contract's one operation, behind the request front (which has checked the API key,
// 401). Its envelope is checked in the shared steps, in the order both servers keep (src/http/check-envelope.ts), with
// the sandbox's policy between them: rate limit (429), media type (415), Idempotency-Key (422), idempotency in flight
// (409), size (413), JSON (400); then schema and rules (422), idempotency replay or reuse (201 replayed / 422), and
// the checkout is created (201).
import { nowMillis } from '../../clock/clock.js';
import { toMillis } from '../../clock/timestamps.js';
import { checkIdempotencyKey, checkMediaType, type EnvelopeRules, readEnvelopeBody } from '../../http/check-envelope.js';
import { type Answer, jsonAnswer } from '../../http/exchange.js';
import type { Refusal } from '../../http/problems.js';
import type { RoutedRequest } from '../../http/request-front.js';
import { buildCheckout } from '../checkout/build-checkout.js';
import { createStoredCheckout } from '../checkout/checkout-store.js';
import { findLinesRoundingToZero } from '../checkout/refuse-zero-lines.js';
import { fingerprintBody, type IdempotencyEntry } from '../idempotency-store.js';
import type { SandboxContext } from '../sandbox-context.js';

export async function createCheckout({ request, keyIndex }: RoutedRequest, context: SandboxContext): Promise<Answer | Refusal> {
  const { problems } = context;
  const nowMs = () => nowMillis(context.clock);
  // The operation's media types, read from the contract (src/contract/contract-facts.ts).
  const rules: EnvelopeRules = { mediaTypes: context.createOperation.requestMediaTypes, hasIdempotencyKey: true };

  const waitSeconds = context.rateLimiter?.take(keyIndex, nowMs());
  if (waitSeconds !== undefined) return { problem: problems.rateLimited(waitSeconds), headers: { 'retry-after': String(waitSeconds) } };
  const refusal = checkMediaType(request, rules, problems) ?? checkIdempotencyKey(request, rules, problems);
  if (refusal) return refusal;

  const idempotencyKey = request.headers['idempotency-key']?.[0];
  const scope = idempotencyKey === undefined ? undefined : `${keyIndex}\n${idempotencyKey}`;
  const earlier = findEarlier(scope, context);
  if (earlier?.state === 'in-flight') return { problem: problems.idempotencyRequestInProgress(), headers: {} };
  // The key is held from here until the request has created its checkout or been refused.
  const claimed = scope !== undefined && earlier === undefined;
  if (claimed) context.idempotency.claim(scope, nowMs());
  let stored = false;
  try {
    const envelope = await readEnvelopeBody(request, rules, problems);
    if (envelope.refusal) return envelope.refusal;
    // The client went away mid-body: no one reads this answer, but the route still ends with one.
    if (envelope.aborted) return { problem: problems.bodyCutOff(), headers: {} };

    if (earlier?.state === 'done') {
      if (earlier.fingerprint === fingerprintBody(envelope.body)) return jsonAnswer(201, earlier.body, { 'idempotent-replayed': 'true' });
      return { problem: problems.idempotencyKeyReused(), headers: {} };
    }

    const check = context.validateRequest(envelope.value);
    if (!check.ok) return { problem: problems.validationFailed(check.errors), headers: {} };

    const nowMicros = context.clock.nowMicros();
    const record = buildCheckout(check.request, context.checkoutSettings, nowMicros);
    const zeroLines = findLinesRoundingToZero(record);
    if (zeroLines.length > 0) return { problem: problems.validationFailed(zeroLines), headers: {} };
    const body = JSON.stringify(record);
    context.checkouts.add(createStoredCheckout(record, body, check.request.callback_url ?? null));
    if (scope !== undefined) {
      context.idempotency.complete(scope, fingerprintBody(envelope.body), body, toMillis(nowMicros));
      stored = true;
    }
    return jsonAnswer(201, body);
  } finally {
    // A request that created nothing leaves its key free for a corrected retry.
    if (claimed && !stored) context.idempotency.release(scope);
  }
}

// The earlier request with this key (scoped to the API key), if any.
function findEarlier(scope: string | undefined, context: SandboxContext): IdempotencyEntry | undefined {
  return scope === undefined ? undefined : context.idempotency.find(scope, nowMillis(context.clock));
}
