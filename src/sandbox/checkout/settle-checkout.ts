// The two sandbox operations that end a checkout, shared by the helper routes (over HTTP) and the testing kit (in
// process): complete it, which starts its callback, or expire it. Each finds the checkout as a read would (expired
// first if its lifetime has passed) and moves it only from `open` (D22).
import type { Checkout } from '../../../generated/openapi.js';
import { nowMillis } from '../../clock/clock.js';
import { toMillis } from '../../clock/timestamps.js';
import type { SandboxContext } from '../sandbox-context.js';
import { type FinalStatus, type StoredCheckout, transitionCheckout } from './checkout-store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Settlement =
  | { ok: true; entry: StoredCheckout; record: Checkout; firstCallbackAttempt: Promise<void> }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'not-open'; entry: StoredCheckout };

/** The stored checkout with this id (any case), expired first if due; undefined when unknown or evicted. */
export function findStoredCheckout(context: SandboxContext, id: string): StoredCheckout | undefined {
  return UUID.test(id) ? context.checkouts.find(id.toLowerCase(), nowMillis(context.clock)) : undefined;
}

/** Move an open checkout to `status`; completing it dispatches its callback when it has a callback_url. */
export function settleCheckout(context: SandboxContext, id: string, status: FinalStatus): Settlement {
  const entry = findStoredCheckout(context, id);
  if (!entry) return { ok: false, reason: 'not-found' };
  const record = transitionCheckout(entry, status, context.clock.nowMicros());
  if (!record) return { ok: false, reason: 'not-open', entry };
  let firstCallbackAttempt = Promise.resolve();
  if (status === 'complete' && entry.callbackUrl) {
    const dispatched = context.callbacks.dispatch(record, entry.callbackUrl, toMillis(entry.changedAtMicros));
    entry.deliveries.push(dispatched.delivery);
    firstCallbackAttempt = dispatched.firstAttempt;
  }
  return { ok: true, entry, record, firstCallbackAttempt };
}

export const CHECKOUT_NOT_FOUND =
  'No checkout has this id in the sandbox: it was never created here, or it was evicted (the sandbox keeps a bounded number of checkouts in memory and forgets them when it restarts).';

/** Why a checkout could not be settled, in words for people. */
export function describeRefusal(refusal: Exclude<Settlement, { ok: true }>, status: FinalStatus): string {
  if (refusal.reason === 'not-found') return CHECKOUT_NOT_FOUND;
  const current = refusal.entry.status;
  return `The checkout is ${current}, and only an open checkout can become ${status}; ${current} is final.`;
}
