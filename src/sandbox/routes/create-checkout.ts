// POST /api/v1/checkouts/: the contract's one operation. Checks run in the order that lets each answer be exact:
// auth (401), media type (415), idempotency in flight (409), size (413), JSON (400), schema and rules (422),
// idempotency replay or reuse (201 replayed / 422), then the checkout is created (201).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeMalformedJson, describeUnsupportedMediaType } from '../../http/problems.js';
import { BODY_LIMIT_BYTES, declaredLength, isAcceptedMediaType, parseJsonBody, readBody } from '../../http/request-body.js';
import { sendJson, sendProblem } from '../../http/send-response.js';
import { buildCheckout } from '../checkout/build-checkout.js';
import { createStoredCheckout } from '../checkout/checkout-store.js';
import { toMillis } from '../checkout/clock.js';
import { fingerprintBody } from '../idempotency-store.js';
import type { SandboxContext } from '../sandbox-context.js';
import { requireApiKey } from './authenticate.js';

const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;
const UNAUTHENTICATED = -1;

export async function createCheckout(req: IncomingMessage, res: ServerResponse, context: SandboxContext): Promise<void> {
  const keyIndex = requireApiKey(req, res, context);
  if (keyIndex === UNAUTHENTICATED) return;

  if (!isAcceptedMediaType(req.headers['content-type'], ['application/json'])) {
    sendProblem(res, context.createProblem('unsupported-media-type', describeUnsupportedMediaType(req.headers['content-type'])));
    return;
  }

  const idempotencyKey = req.headers['idempotency-key'];
  if (idempotencyKey !== undefined && (Array.isArray(idempotencyKey) || !IDEMPOTENCY_KEY.test(idempotencyKey))) {
    sendProblem(
      res,
      context.createProblem(
        'validation-failed',
        'The Idempotency-Key header must be one value of 1 to 255 visible ASCII characters, such as a UUID.',
      ),
    );
    return;
  }
  const scope = idempotencyKey === undefined ? undefined : `${keyIndex}\n${idempotencyKey}`;
  const nowMs = () => toMillis(context.clock.nowMicros());
  const earlier = scope === undefined ? undefined : context.idempotency.find(scope, nowMs());
  if (earlier?.state === 'in-flight') {
    sendProblem(
      res,
      context.createProblem(
        'idempotency-request-in-progress',
        'A request with this Idempotency-Key is still being processed; retry it after the first one has finished.',
      ),
    );
    return;
  }
  if (scope !== undefined && earlier === undefined) context.idempotency.claim(scope, nowMs());

  let stored = false;
  try {
    const declared = declaredLength(req);
    if (declared !== undefined && declared > BODY_LIMIT_BYTES) {
      sendTooLarge(res, context, declared);
      return;
    }
    const read = await readBody(req);
    if (!read.ok) {
      if (read.reason === 'too-large') sendTooLarge(res, context, read.receivedBytes);
      return;
    }

    const parsed = parseJsonBody(read.body);
    if (!parsed.ok) {
      sendProblem(res, context.createProblem('malformed-json', describeMalformedJson(parsed.reason)));
      return;
    }

    if (earlier?.state === 'done') {
      if (earlier.fingerprint === fingerprintBody(read.body)) {
        sendJson(res, 201, earlier.body, { 'idempotent-replayed': 'true' });
      } else {
        sendProblem(
          res,
          context.createProblem(
            'idempotency-key-reused',
            'This Idempotency-Key was already used with a different request body; use a new key for a new checkout.',
          ),
        );
      }
      return;
    }

    const check = context.validateRequest(parsed.value);
    if (!check.ok) {
      const count = check.errors.length;
      sendProblem(
        res,
        context.createProblem('validation-failed', `The request body has ${count} invalid field${count === 1 ? '' : 's'}.`, check.errors),
      );
      return;
    }

    const nowMicros = context.clock.nowMicros();
    const record = buildCheckout(check.request, context.checkoutSettings, nowMicros);
    const body = JSON.stringify(record);
    context.checkouts.add(createStoredCheckout(record, body, check.request.callback_url ?? null, nowMicros));
    if (scope !== undefined) {
      context.idempotency.complete(scope, fingerprintBody(read.body), body, toMillis(nowMicros));
      stored = true;
    }
    sendJson(res, 201, body);
  } finally {
    // A request that created nothing leaves its key free for a corrected retry.
    if (scope !== undefined && earlier === undefined && !stored) context.idempotency.release(scope);
  }
}

function sendTooLarge(res: ServerResponse, context: SandboxContext, bytes: number): void {
  const size = bytes > BODY_LIMIT_BYTES ? `is ${bytes} bytes or more` : 'is too large';
  sendProblem(res, context.createProblem('payload-too-large', `The request body ${size}; the limit is ${BODY_LIMIT_BYTES} bytes (1 MiB).`));
}
