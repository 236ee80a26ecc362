// POST /api/v1/checkouts/: the contract's one operation. Its envelope is checked in the order both servers keep
// (src/http/check-envelope.ts), with the sandbox's policy between the steps: auth (401), rate limit (429), media type
// (415), Idempotency-Key (422), idempotency in flight (409), size (413), JSON (400); then schema and rules (422),
// idempotency replay or reuse (201 replayed / 422), and the checkout is created (201).

import { nowMillis } from '../../clock/clock.js';
import { toMillis } from '../../clock/timestamps.js';
import { checkEnvelope, type EnvelopeRules, type Refusal } from '../../http/check-envelope.js';
import { type Answer, jsonAnswer } from '../../http/exchange.js';
import { buildCheckout } from '../checkout/build-checkout.js';
import { createStoredCheckout } from '../checkout/checkout-store.js';
import { findLinesRoundingToZero } from '../checkout/refuse-zero-lines.js';
import { fingerprintBody, type IdempotencyEntry } from '../idempotency-store.js';
import type { SandboxContext } from '../sandbox-context.js';
import { answerProblem, type RoutedRequest } from './routed-request.js';

export async function createCheckout(routed: RoutedRequest, context: SandboxContext): Promise<Answer> {
  const { request } = routed;
  const { problems } = context;
  const nowMs = () => nowMillis(context.clock);
  const refused = ({ problem, headers }: Refusal) => answerProblem(routed, problem, headers);

  let keyIndex = -1;
  const rules: EnvelopeRules = {
    describeCredentials: () => {
      const authentication = context.authenticate(request.headers.authorization);
      if (!authentication.ok) return authentication.detail;
      keyIndex = authentication.keyIndex;
      return undefined;
    },
    // The operation's own 401 challenge and media types, read from the contract (src/contract/contract-facts.ts);
    // sandbox-core refuses a contract whose create operation declares no challenge.
    challenge: context.createOperation.authChallenge,
    mediaTypes: context.createOperation.requestMediaTypes,
    hasIdempotencyKey: true,
  };

  const idempotencyKey = request.headers['idempotency-key']?.[0];
  // The key's state, found once the envelope's key check has passed.
  const key: { scope?: string; earlier?: IdempotencyEntry; claimed: boolean } = { claimed: false };
  let stored = false;
  try {
    const envelope = await checkEnvelope(request, rules, problems, {
      afterCredentials: () => {
        const waitSeconds = context.rateLimiter?.take(keyIndex, nowMs());
        if (waitSeconds === undefined) return undefined;
        const detail = `Too many requests for this API key; retry after ${waitSeconds} second${waitSeconds === 1 ? '' : 's'}.`;
        return { problem: context.createProblem('rate-limited', detail), headers: { 'retry-after': String(waitSeconds) } };
      },
      beforeBody: () => {
        key.scope = idempotencyKey === undefined ? undefined : `${keyIndex}\n${idempotencyKey}`;
        key.earlier = key.scope === undefined ? undefined : context.idempotency.find(key.scope, nowMs());
        if (key.earlier?.state === 'in-flight') {
          const detail = 'A request with this Idempotency-Key is still being processed; retry it after the first one has finished.';
          return { problem: context.createProblem('idempotency-request-in-progress', detail), headers: {} };
        }
        if (key.scope !== undefined && key.earlier === undefined) {
          context.idempotency.claim(key.scope, nowMs());
          key.claimed = true;
        }
        return undefined;
      },
    });
    if (envelope.refusal) return refused(envelope.refusal);
    // The client went away mid-body: no one reads this answer, but the route still ends with one.
    if (envelope.aborted) {
      return answerProblem(routed, context.createProblem('bad-request', 'The request body was cut off before its end.'));
    }

    const { scope, earlier } = key;
    if (earlier?.state === 'done') {
      if (earlier.fingerprint === fingerprintBody(envelope.body)) return jsonAnswer(201, earlier.body, { 'idempotent-replayed': 'true' });
      return answerProblem(
        routed,
        context.createProblem(
          'idempotency-key-reused',
          'This Idempotency-Key was already used with a different request body; use a new key for a new checkout.',
        ),
      );
    }

    const check = context.validateRequest(envelope.value);
    if (!check.ok) return answerProblem(routed, problems.validationFailed(check.errors));

    const nowMicros = context.clock.nowMicros();
    const record = buildCheckout(check.request, context.checkoutSettings, nowMicros);
    const zeroLines = findLinesRoundingToZero(record);
    if (zeroLines.length > 0) return answerProblem(routed, problems.validationFailed(zeroLines));
    const body = JSON.stringify(record);
    context.checkouts.add(createStoredCheckout(record, body, check.request.callback_url ?? null));
    if (scope !== undefined) {
      context.idempotency.complete(scope, fingerprintBody(envelope.body), body, toMillis(nowMicros));
      stored = true;
    }
    return jsonAnswer(201, body);
  } finally {
    // A request that created nothing leaves its key free for a corrected retry.
    if (key.scope !== undefined && key.claimed && !stored) context.idempotency.release(key.scope);
  }
}
