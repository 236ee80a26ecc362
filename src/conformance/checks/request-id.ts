// Request-Id (D2): "Every response carries `Request-Id: urn:uuid:<uuid>`". The header schema admits any visible
// ASCII (so that a gateway's id still validates), but the decision fixes the form: each Request-Id the run receives
// must be `urn:uuid:` and a UUID. Every answer is a case, judged as it arrives (nothing kept for the end of the run);
// one without a Request-Id keeps this promise (D2 lets an implementation without request ids leave it out; the
// problem checks warn), so such an implementation passes.

import type { CheckDefinition } from '../check-definition.js';
import type { AnswerObserver, CheckModule } from '../check-module.js';
import type { Exchange } from '../send-request.js';
import type { CheckContext } from './check-context.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const REQUEST_ID_CHECKS = [
  {
    name: 'request-id-urn',
    level: 'full',
    source: 'D2',
    title: 'Every Request-Id header is exactly urn:uuid:<uuid> (an answer without one only warns elsewhere)',
    promises: ['request-id.urn-uuid'],
  },
] as const satisfies readonly CheckDefinition[];

const URN_UUID = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkRequestIdIsUrn(context: CheckContext, exchange: Exchange): void {
  if (!exchange.response) return;
  const requestId = exchange.response.headers['request-id'];
  const wrong = requestId !== undefined && !URN_UUID.test(requestId);
  context.recorder.record(
    'request-id-urn',
    `${exchange.request.method} ${new URL(exchange.request.url).pathname}`,
    wrong ? [`Request-Id is ${JSON.stringify(requestId)}; D2: urn:uuid: and a UUID`] : [],
    exchange,
  );
}

export const REQUEST_ID_MODULE: CheckModule<typeof REQUEST_ID_CHECKS> = {
  checks: REQUEST_ID_CHECKS,
  observer: (context): AnswerObserver | undefined =>
    context.recorder.isActive('request-id-urn') ? { observe: (exchange) => checkRequestIdIsUrn(context, exchange) } : undefined,
};
