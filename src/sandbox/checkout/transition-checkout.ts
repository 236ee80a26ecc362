// The two transitions a checkout can make (D22): open → complete and open → expired; both are final.
import type { Checkout } from '../../../generated/openapi.js';
import { changeStatus, type StoredCheckout } from './checkout-store.js';

export type FinalStatus = 'complete' | 'expired';

/** Move an open checkout to a final status and return its record; undefined when it is not open (answer 409). */
export function transitionCheckout(entry: StoredCheckout, status: FinalStatus, nowMicros: number): Checkout | undefined {
  if (entry.status !== 'open') return undefined;
  return changeStatus(entry, status, nowMicros);
}
