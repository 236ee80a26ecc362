// What a test does besides calling the API, the same for the fetch sandbox and the in-process sandbox server: complete or
// expire a checkout (as the sandbox helper routes do), and read the stored checkouts and their callback deliveries.
import type { Checkout } from '../../generated/openapi.js';
import type { CallbackDeliveryLog, SandboxCheckouts, SettleResult } from '../sandbox/sandbox-api.js';

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
 * The kit's controls over the core's checkout API (src/sandbox/sandbox-core.ts). `runDueTimers` is called first on
 * every use: with a test's clock (the `now` option), it runs the callback retries and other timers that clock has
 * reached since, so that a test that moves its clock sees them (testing-options.ts).
 */
export function createCheckoutControls(sandbox: SandboxCheckouts, runDueTimers: () => void = () => {}): CheckoutControls {
  const settled = async (result: Promise<SettleResult>) => {
    const outcome = await result;
    if (!outcome.settled) throw new CheckoutStateError(outcome.reason, outcome.message);
    return outcome.record;
  };
  return {
    complete: async (id) => {
      runDueTimers();
      return settled(sandbox.complete(id));
    },
    expire: async (id) => {
      runDueTimers();
      return settled(sandbox.expire(id));
    },
    checkout: (id) => {
      runDueTimers();
      return sandbox.find(id);
    },
    checkouts: () => {
      runDueTimers();
      return sandbox.list();
    },
    deliveries: (id) => {
      runDueTimers();
      return sandbox.deliveries(id);
    },
  };
}
