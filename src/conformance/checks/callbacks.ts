// The callback step: one receiver, every callback case at once (each on a checkout of its own), so that the waits
// for retries and for deliveries that must not come overlap: the step takes about one retry wait, not one per check.

import type { CheckId } from '../check-definition.js';
import type { CheckModule, CheckStep, RunInputs } from '../check-module.js';
import { checkCallback, type DeliveredCallback } from './callback.js';
import { checkCallbackIdsUnique, checkNotRedelivered } from './callback-dedup.js';
import { checkNoCallbackOnExpiry } from './callback-expiry.js';
import { checkCallbackRetries } from './callback-retries.js';
import { startCallbackSession } from './callback-session.js';
import type { CheckContext } from './check-context.js';
import { checkStatusFinal } from './checkout-final.js';

const NEEDS_COMPLETION: CheckId[] = [
  'callback-delivered',
  'callback-verified',
  'callback-retried',
  'callback-retry-stops-on-410',
  'callback-retry-after',
  'callback-retry-schedule',
  'callback-ids-unique',
  'callback-not-redelivered',
];

export async function checkCallbacks(context: CheckContext, sample: Record<string, unknown>): Promise<void> {
  const session = await startCallbackSession(context, sample);
  try {
    const listenAfterAck = async () => {
      const delivered: DeliveredCallback | undefined = await checkCallback(context, session);
      if (delivered) await checkNotRedelivered(context, session, delivered);
    };
    await Promise.all([
      listenAfterAck(),
      checkCallbackRetries(context, session),
      checkNoCallbackOnExpiry(context, session),
      checkStatusFinal(context, session),
    ]);
    checkCallbackIdsUnique(context, session);
    // Without a completion helper nothing was completed: every check that needs a completed checkout says so.
    const { completionNotRun } = session;
    if (completionNotRun) for (const name of NEEDS_COMPLETION) context.recorder.notRun(name, completionNotRun);
  } finally {
    await session.close();
  }
}

/** The callback step: it has no check of its own; it runs those of the callback modules, all at once. */
export const CALLBACKS_MODULE: CheckModule<readonly []> = { checks: [], step: callbacksStep };

function callbacksStep(context: CheckContext, { first }: RunInputs): CheckStep | undefined {
  if (!context.config.callback) return undefined;
  return { label: 'callbacks', run: () => checkCallbacks(context, first) };
}
