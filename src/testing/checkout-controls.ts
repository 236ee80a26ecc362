// What a test does besides calling the API, the same for the fetch sandbox and the in-process sandbox server: complete or
// expire a checkout (as the sandbox helper routes do), and read the stored checkouts and their callback deliveries.
import type { Checkout } from '../../generated/openapi.js';
import { nowMillis } from '../clock/clock.js';
import type { CallbackDeliveryLog } from '../sandbox/callbacks/callback-delivery.js';
import { readRecord } from '../sandbox/checkout/checkout-store.js';
import { describeRefusal, findStoredCheckout, settleCheckout } from '../sandbox/checkout/settle-checkout.js';
import type { SandboxContext } from '../sandbox/sandbox-context.js';

/** complete() or expire() of a checkout that is unknown (`not-found`) or already final (`not-open`). */
export class CheckoutStateError extends Error {
  override name = 'CheckoutStateError';
  constructor(
    readonly reason: 'not-found' | 'not-open',
    message: string,
  ) {
    super(message);
  }
}

export interface CheckoutControls {
  /**
   * Complete an open checkout, as a paying customer would. Its callback (when it has a callback_url) starts at once;
   * the promise resolves with the completed record after the callback's first attempt has ended. After close(), it
   * rejects (as expire() does).
   */
  complete(id: string): Promise<Checkout>;
  /** Expire an open checkout now, whatever its expiresAt. */
  expire(id: string): Promise<Checkout>;
  /** The record of a stored checkout, or undefined. */
  checkout(id: string): Checkout | undefined;
  /** Every stored checkout, oldest first. */
  checkouts(): Checkout[];
  /** The callback deliveries of a checkout, with each attempt's status or error. */
  deliveries(id: string): CallbackDeliveryLog[];
}

/**
 * `runDueTimers` is called first on every use: with a test's clock (the `now` option), it runs the callback retries
 * and other timers that clock has reached since, so that a test that moves its clock sees them (testing-options.ts).
 */
export function createCheckoutControls(context: SandboxContext, runDueTimers: () => void = () => {}): CheckoutControls {
  const settle = async (id: string, status: 'complete' | 'expired') => {
    runDueTimers();
    // After close() no callback can start, so a completion would leave its event pending with nothing to report it.
    if (context.callbacks.closing) {
      const call = status === 'complete' ? 'complete' : 'expire';
      throw new Error(
        `${call}(${JSON.stringify(id)}) after close(): the callbacks are stopped, so no checkout can be completed or expired any more.`,
      );
    }
    const settlement = settleCheckout(context, id, status);
    if (!settlement.ok) throw new CheckoutStateError(settlement.reason, describeRefusal(settlement, status));
    await settlement.firstCallbackAttempt;
    return settlement.record;
  };
  return {
    complete: (id) => settle(id, 'complete'),
    expire: (id) => settle(id, 'expired'),
    checkout: (id) => {
      runDueTimers();
      const entry = findStoredCheckout(context, id);
      return entry && readRecord(entry);
    },
    checkouts: () => {
      runDueTimers();
      return context.checkouts.list(nowMillis(context.clock)).map(readRecord);
    },
    deliveries: (id) => {
      runDueTimers();
      return structuredClone(findStoredCheckout(context, id)?.deliveries ?? []);
    },
  };
}
