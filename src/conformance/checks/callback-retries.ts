// Retries of a failed callback (D6, D7). callback-retried: a first attempt answered 503, one answered 302 with a
// Location (not followed: sent again to the callback_url, nothing to the Location), and one whose connection the
// receiver closes without an answer, are each sent again within the contract's first delay plus its jitter (5.5 s;
// --retry-wait adds 1 s for the attempt to travel), under the same webhook-id, with the same body, a fresh
// webhook-timestamp and a signature that verifies. A service with a shorter schedule passes as soon as its retry
// comes; none fails for its own schedule within the contract's. callback-retry-stops-on-410: after a 410 Gone, no
// further attempt comes while the kit listens for the same wait. callback-retry-after: a first attempt answered 503
// with a Retry-After longer than the retry wait (so longer than any first delay the kit accepts) is retried no sooner
// than that, and within the retry wait after it: the step then takes about one second more than the retry wait.
//
// "No answer" is a connection closed without a reply, not one held open: the contract lets a receiver take 15 s to
// answer, so holding the attempt until the service gives up would keep every run over 20 s.

import { randomBytes } from 'node:crypto';
import { CONTRACT_RETRY_JITTER } from '../../contract/callback-schedule.js';
import { callbackPath, type ReceivedAttempt, type Reply } from '../callback-receiver.js';
import type { CheckDefinition, CheckId } from '../check-definition.js';
import type { CheckModule } from '../check-module.js';
import { signatureViolations } from './callback.js';
import { type CallbackSession, deliveryAsExchange } from './callback-session.js';
import type { CheckContext } from './check-context.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const CALLBACK_RETRIES_CHECKS = [
  {
    name: 'callback-retried',
    level: 'full',
    source: 'D6; D7',
    needsCallback: true,
    needsSecret: true,
    title:
      'A first attempt answered 503, one answered 302 (not followed), and one ended without an answer, is retried within the first delay and its jitter (5.5 s), with the same webhook-id and body, a fresh webhook-timestamp and a valid signature',
    promises: ['callback.retried-on-failure', 'callback.id-stable-across-retries'],
  },
  {
    name: 'callback-retry-schedule',
    level: 'full',
    source: 'D7',
    needsCallback: true,
    needsRetrySchedule: true,
    title: 'Every attempt failed: one retry per delay of --retry-schedule, each within its delay and jitter, then no more (it gives up)',
    promises: ['callback.retry-schedule'],
  },
  {
    name: 'callback-retry-stops-on-410',
    level: 'full',
    source: 'D7',
    needsCallback: true,
    title: 'A first attempt answered 410 Gone is not retried (listened for the retry wait after the 410)',
    promises: ['callback.410-stops'],
  },
  {
    name: 'callback-retry-after',
    level: 'full',
    source: 'D7',
    needsCallback: true,
    title:
      'A first attempt answered 503 with a Retry-After longer than the retry wait is retried no sooner than the Retry-After, and within the retry wait after it',
    promises: ['callback.retry-after-honoured'],
  },
] as const satisfies readonly CheckDefinition[];

const FAILED_FIRST_ATTEMPTS: Array<{ caseName: string; reply: Reply; failure: string }> = [
  { caseName: 'first attempt answered 503', reply: 503, failure: 'the 503' },
  { caseName: 'first attempt ended without an answer', reply: 'drop', failure: 'closing the connection without an answer' },
];

export async function checkCallbackRetries(context: CheckContext, session: CallbackSession): Promise<void> {
  await Promise.all([
    ...FAILED_FIRST_ATTEMPTS.map((failed) => checkRetried(context, session, failed)),
    checkStopsOn410(context, session),
    checkRetryAfter(context, session),
    checkRedirectNotFollowed(context, session),
    checkWholeSchedule(context, session),
  ]);
}

/** The most a retry may come after its delay: the contract's jitter, and the retry wait's second for travel. */
const TRAVEL_MS = 1_000;

/**
 * callback-retry-schedule (D7, with --retry-schedule): every attempt of one checkout answered 503, so the service
 * retries on its whole schedule: one retry per delay, each no later than the delay with its jitter (10 %) and a
 * second to travel (sooner fails nothing: D7 bounds how late a retry comes), and after the last, nothing more while
 * the kit listens for the retry wait (it gave up).
 */
async function checkWholeSchedule(context: CheckContext, session: CallbackSession): Promise<void> {
  const check: CheckId = 'callback-retry-schedule';
  const schedule = session.callback.retryScheduleMs;
  if (!context.recorder.isActive(check) || !schedule) return;
  const caseName = `every attempt answered 503, on a schedule of ${schedule.length} retries`;
  const first = await deliverFirst(session, check, caseName, Array(schedule.length + 1).fill(503));
  if (!first) return;
  const { wait, checkout } = first;
  let previous = first.attempt;
  for (const [index, delay] of schedule.entries()) {
    const latest = previous.answeredAt + Math.round(delay * (1 + CONTRACT_RETRY_JITTER)) + TRAVEL_MS;
    const retry = await session.receiver.waitForAttempt(checkout.token, index + 2, latest - Date.now());
    const which = `retry ${index + 1} of ${schedule.length}`;
    if (!retry) {
      const messages = [`${which} did not come within ${delay} ms, its jitter and ${TRAVEL_MS} ms of the failed attempt before it`];
      context.recorder.record(check, caseName, messages, deliveryAsExchange(checkout.created, previous));
      return;
    }
    previous = retry;
  }
  const extra = await session.receiver.waitForAttempt(checkout.token, schedule.length + 2, previous.answeredAt + wait - Date.now());
  const messages = extra
    ? [
        `attempt ${schedule.length + 2} came ${extra.arrivedAt - previous.answeredAt} ms after the last of the schedule; the service gives up after it`,
      ]
    : [];
  context.recorder.record(check, caseName, messages, deliveryAsExchange(checkout.created, extra ?? previous));
}

/** D7: a 3xx is a failure, "since redirects are not followed": retried at the callback_url, never sent to Location. */
async function checkRedirectNotFollowed(context: CheckContext, session: CallbackSession): Promise<void> {
  const check: CheckId = 'callback-retried';
  if (!context.recorder.isActive(check)) return;
  const caseName = 'first attempt answered 302 with a Location';
  const elsewhere = randomBytes(16).toString('hex');
  const location = `http://${session.host}${callbackPath(elsewhere)}`;
  // Issued like every path of the run, so that the receiver answers (204) and keeps an attempt a service sends there.
  session.receiver.script(elsewhere, []);
  const first = await deliverFirst(session, check, caseName, [{ status: 302, headers: { location } }]);
  if (!first) return;
  const { wait, checkout, attempt } = first;
  const retry = await session.receiver.waitForAttempt(checkout.token, 2, attempt.answeredAt + wait - Date.now());
  const followed = await session.receiver.waitForAttempt(elsewhere, 1, 0);
  const messages: string[] = [];
  if (followed)
    messages.push(
      `the callback followed the redirect to its Location ${followed.arrivedAt - attempt.answeredAt} ms after the 302; redirects are not followed (D7)`,
    );
  if (!retry) messages.push(`no retry came to the callback_url within ${wait} ms of the 302 (D7: a 3xx is a failure, retried)`);
  context.recorder.record(check, caseName, messages, deliveryAsExchange(checkout.created, retry ?? followed ?? attempt));
}

// Timers may fire a few milliseconds early, and the service measures from when the reply reached it (later).
const RETRY_AFTER_SLACK_MS = 50;

async function checkRetryAfter(context: CheckContext, session: CallbackSession): Promise<void> {
  const check: CheckId = 'callback-retry-after';
  if (!context.recorder.isActive(check)) return;
  const retryAfterSeconds = Math.ceil(session.callback.retryWaitMs / 1000);
  const caseName = `first attempt answered 503 with Retry-After: ${retryAfterSeconds}`;
  const first = await deliverFirst(session, check, caseName, [{ status: 503, headers: { 'retry-after': String(retryAfterSeconds) } }]);
  if (!first) return;
  const { wait, checkout, attempt } = first;
  const earliest = attempt.answeredAt + retryAfterSeconds * 1000;
  const retry = await session.receiver.waitForAttempt(checkout.token, 2, earliest + wait - Date.now());
  if (!retry) {
    const messages = [`no retry came within ${retryAfterSeconds} s (the Retry-After) and ${wait} ms (the retry wait) of the 503`];
    context.recorder.record(check, caseName, messages, deliveryAsExchange(checkout.created, attempt));
    return;
  }
  const after = retry.arrivedAt - attempt.answeredAt;
  const messages =
    retry.arrivedAt < earliest - RETRY_AFTER_SLACK_MS
      ? [`the retry came ${after} ms after a 503 with Retry-After: ${retryAfterSeconds}; D7: the next attempt waits at least that long`]
      : [];
  context.recorder.record(check, caseName, messages, deliveryAsExchange(checkout.created, retry));
}

async function checkRetried(
  context: CheckContext,
  session: CallbackSession,
  { caseName, reply, failure }: (typeof FAILED_FIRST_ATTEMPTS)[number],
): Promise<void> {
  const check: CheckId = 'callback-retried';
  if (!context.recorder.isActive(check)) return;
  const first = await deliverFirst(session, check, caseName, [reply]);
  if (!first) return;
  const { wait, checkout, attempt } = first;
  const retry = await session.receiver.waitForAttempt(checkout.token, 2, attempt.answeredAt + wait - Date.now());
  if (!retry) {
    context.recorder.record(
      check,
      caseName,
      [`no retry came within ${wait} ms of ${failure} (the contract's first delay is 5 s, with up to 10 % jitter)`],
      deliveryAsExchange(checkout.created, attempt),
    );
    return;
  }
  context.recorder.record(
    check,
    caseName,
    retryViolations(attempt, retry, session.callback.secret!),
    deliveryAsExchange(checkout.created, retry),
  );
}

async function checkStopsOn410(context: CheckContext, session: CallbackSession): Promise<void> {
  const check: CheckId = 'callback-retry-stops-on-410';
  if (!context.recorder.isActive(check)) return;
  const caseName = 'first attempt answered 410 Gone';
  const first = await deliverFirst(session, check, caseName, [410]);
  if (!first) return;
  const { wait, checkout, attempt } = first;
  const again = await session.receiver.waitForAttempt(checkout.token, 2, attempt.answeredAt + wait - Date.now());
  context.recorder.record(
    check,
    caseName,
    again
      ? [`another attempt came ${again.arrivedAt - attempt.answeredAt} ms after the receiver answered 410 Gone; 410 stops the retries`]
      : [],
    deliveryAsExchange(checkout.created, again ?? attempt),
  );
}

/** Create and complete a checkout whose first attempt gets `replies`; that attempt, or undefined (recorded). */
async function deliverFirst(session: CallbackSession, check: CheckId, caseName: string, replies: Reply[]) {
  const checkout = await session.createCheckout(check, caseName, replies);
  if (!checkout || !(await session.drive(checkout, 'complete', check, caseName))) return undefined;
  const attempt = await session.awaitFirstDelivery(checkout, check, caseName);
  return attempt ? { checkout, attempt, wait: session.callback.retryWaitMs } : undefined;
}

function retryViolations(first: ReceivedAttempt, retry: ReceivedAttempt, secret: string): string[] {
  const messages: string[] = [];
  const firstId = first.headers['webhook-id'];
  const retryId = retry.headers['webhook-id'];
  if (retryId !== firstId)
    messages.push(
      `the retry's webhook-id is ${JSON.stringify(retryId ?? null)}; the first attempt's was ${JSON.stringify(firstId)} (it must stay the same)`,
    );
  if (retry.body !== first.body) messages.push('the retry carries another body than the first attempt (it must be the same event)');
  const firstTimestamp = Number(first.headers['webhook-timestamp']);
  const retryTimestamp = Number(retry.headers['webhook-timestamp']);
  // Compared with each other, not with this machine's clock, which may differ from the service's.
  const elapsedSeconds = Math.floor((retry.arrivedAt - first.arrivedAt) / 1000);
  if (!(retryTimestamp >= firstTimestamp + elapsedSeconds - 1)) {
    messages.push(
      `the retry's webhook-timestamp ${JSON.stringify(retry.headers['webhook-timestamp'] ?? null)} is not fresh: the first attempt's was ${firstTimestamp}, ${elapsedSeconds} s earlier`,
    );
  }
  return [...messages, ...signatureViolations(secret, retry)];
}

/** Run by the callback step (callbacks.ts), with the other callback checks. */
export const CALLBACK_RETRIES_MODULE: CheckModule<typeof CALLBACK_RETRIES_CHECKS> = { checks: CALLBACK_RETRIES_CHECKS };
