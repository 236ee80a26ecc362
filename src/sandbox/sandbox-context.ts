// Everything a route needs, built once per running sandbox.
import type { Authentication, AuthorizationHeader } from './auth/authenticate.js';
import type { CallbackDispatcher } from './callbacks/callback-dispatcher.js';
import type { CheckoutSettings } from './checkout/build-checkout.js';
import type { CheckoutStore } from './checkout/checkout-store.js';
import type { Clock } from './checkout/clock.js';
import type { IdempotencyStore } from './idempotency/idempotency-store.js';
import type { RequestCheck } from './validation/validate-create-request.js';

export interface SandboxContext {
  clock: Clock;
  authenticate: (authorization: AuthorizationHeader) => Authentication;
  validateRequest: (body: unknown) => RequestCheck;
  checkoutSettings: CheckoutSettings;
  checkouts: CheckoutStore;
  idempotency: IdempotencyStore;
  callbacks: CallbackDispatcher;
  log: (line: string) => void;
}
