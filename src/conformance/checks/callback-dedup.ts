// What lets a receiver de-duplicate (D6, D7). callback-ids-unique: each completed checkout of the run is announced
// under a webhook-id of its own, so a receiver that de-duplicates on it never drops a second event as a repeat.
// callback-not-redelivered: an event acknowledged with 2xx is not sent again, under its webhook-id or another, while
// the kit listens for the retry wait after the ack (the contract's first delay and jitter, and 1 s).

import type { CheckDefinition } from '../check-definition.js';
import type { CheckModule } from '../check-module.js';
import type { DeliveredCallback } from './callback.js';
import { type CallbackSession, deliveryAsExchange } from './callback-session.js';
import type { CheckContext } from './check-context.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const CALLBACK_DEDUP_CHECKS = [
  {
    name: 'callback-ids-unique',
    level: 'full',
    source: 'D6; D7',
    needsCallback: true,
    title: 'Each completed checkout is announced under a webhook-id of its own',
    promises: ['callback.id-stable-across-retries'],
  },
  {
    name: 'callback-not-redelivered',
    level: 'full',
    source: 'D7',
    needsCallback: true,
    title:
      'An event acknowledged with 2xx is not delivered again, under its webhook-id or another (listened for the retry wait after the ack)',
    promises: ['callback.ack-2xx'],
  },
] as const satisfies readonly CheckDefinition[];

export async function checkNotRedelivered(context: CheckContext, session: CallbackSession, delivered: DeliveredCallback): Promise<void> {
  if (!context.recorder.isActive('callback-not-redelivered')) return;
  const { checkout, first } = delivered;
  const wait = session.callback.retryWaitMs;
  const again = await session.receiver.waitForAttempt(checkout.token, 2, first.answeredAt + wait - Date.now());
  const messages: string[] = [];
  if (again) {
    const firstId = first.headers['webhook-id'];
    const againId = again.headers['webhook-id'];
    const under =
      againId === firstId
        ? `under the same webhook-id ${JSON.stringify(firstId)}`
        : `under another webhook-id ${JSON.stringify(againId ?? null)} (the first was ${JSON.stringify(firstId)}), so de-duplication cannot catch it`;
    messages.push(`the event came again ${again.arrivedAt - first.answeredAt} ms after the receiver acknowledged it with 204, ${under}`);
  }
  context.recorder.record(
    'callback-not-redelivered',
    `callback acknowledged with 204, listened for ${wait} ms`,
    messages,
    deliveryAsExchange(checkout.created, again ?? first),
  );
}

export function checkCallbackIdsUnique(context: CheckContext, session: CallbackSession): void {
  if (!context.recorder.isActive('callback-ids-unique')) return;
  const { firstDeliveries } = session;
  if (firstDeliveries.length < 2) return;
  const casesById = new Map<string, string[]>();
  for (const { caseName, attempt } of firstDeliveries) {
    const id = attempt.headers['webhook-id'] ?? '(none)';
    casesById.set(id, [...(casesById.get(id) ?? []), caseName]);
  }
  const shared = [...casesById].filter(([, cases]) => cases.length > 1);
  const repeated = firstDeliveries.find(({ attempt }) => shared.some(([id]) => id === attempt.headers['webhook-id']));
  context.recorder.record(
    'callback-ids-unique',
    `${firstDeliveries.length} completed checkouts`,
    shared.map(
      ([id, cases]) =>
        `${cases.length} different checkouts (${cases.join('; ')}) were announced under one webhook-id ${JSON.stringify(id)}`,
    ),
    repeated ? deliveryAsExchange(repeated.created, repeated.attempt) : undefined,
  );
}

/** Run by the callback step (callbacks.ts), with the other callback checks. */
export const CALLBACK_DEDUP_MODULE: CheckModule<typeof CALLBACK_DEDUP_CHECKS> = { checks: CALLBACK_DEDUP_CHECKS };
