// Rate limits (D25, RateLimited.yaml): a service may answer `429 rate-limited` with `Retry-After` seconds; how many
// calls it allows is the account's. Every 429 the run meets is a case (those the kit waits out and retries included,
// reported by the requester): it must be that problem with a `Retry-After` in whole seconds. A run that meets none has
// nothing to judge: the check then passes with no case, and the verdict names the promise as not checked.

import type { CheckDefinition } from '../check-definition.js';
import type { AnswerObserver, CheckModule } from '../check-module.js';
import type { Exchange } from '../send-request.js';
import type { CheckContext } from './check-context.js';
import { recordProblem } from './expect-problem.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const RATE_LIMIT_CHECKS = [
  {
    name: 'rate-limited-retry-after',
    level: 'full',
    source: 'D25',
    title: 'Every 429 the run meets is the rate-limited problem with Retry-After in whole seconds (a run that meets none judges nothing)',
    whenMet: 'a 429 answer',
    promises: ['errors.429-rate-limited'],
  },
] as const satisfies readonly CheckDefinition[];

/** RetryAfter.yaml: delay-seconds, a whole number of at least 1 (RFC 9110 §10.2.3; not the HTTP-date form). */
const isDelaySeconds = (value: string) => /^[0-9]+$/.test(value) && Number(value) >= 1;

export function checkRateLimited(context: CheckContext, exchange: Exchange): void {
  const { response } = exchange;
  if (response?.status !== 429 || !context.recorder.isActive('rate-limited-retry-after')) return;
  const retryAfter = response.headers['retry-after'];
  const own =
    retryAfter !== undefined && isDelaySeconds(retryAfter.trim())
      ? []
      : [`Retry-After is ${JSON.stringify(retryAfter ?? null)}; D25: a 429 says in whole seconds (at least 1) when to retry`];
  const caseName = `429 to ${exchange.request.method} ${new URL(exchange.request.url).pathname}`;
  recordProblem(context, 'rate-limited-retry-after', caseName, exchange, { status: 429, slug: 'rate-limited' }, own);
}

export const RATE_LIMIT_MODULE: CheckModule<typeof RATE_LIMIT_CHECKS> = {
  checks: RATE_LIMIT_CHECKS,
  observer: (context): AnswerObserver => ({ observe: (exchange) => checkRateLimited(context, exchange) }),
};
