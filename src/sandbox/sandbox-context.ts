// Everything a route needs, built once per running sandbox.

import type { Clock } from '../clock/clock.js';
import type { CompiledOperation } from '../contract/contract-value.js';
import type { Authenticate } from '../http/authorization.js';
import type { OwnProblemType, Problems } from '../http/problems.js';
import type { CallbackDispatcher } from './callbacks/callback-dispatcher.js';
import type { CheckoutSettings } from './checkout/build-checkout.js';
import type { CheckoutStore } from './checkout/checkout-store.js';
import type { IdempotencyStore } from './idempotency-store.js';
import type { RateLimiter } from './rate-limiter.js';
import type { RequestCheck } from './validate-create-request.js';

// The problem types only the sandbox answers with, for its helper routes, which the public contract does not describe.
export const SANDBOX_PROBLEM_TYPES = {
  'checkout-not-found': [404, 'Checkout not found'],
  'checkout-not-open': [409, 'Checkout not open'],
} as const satisfies Record<string, OwnProblemType>;

export interface SandboxContext {
  clock: Clock;
  /** The contract's createCheckout: its path, method and 401 challenge, as the routes serve them. */
  createOperation: CompiledOperation;
  /** A fresh Request-Id for each answer, shaped like the contract's example (D2; src/contract/contract-value.ts). */
  newRequestId: () => string;
  /** The API key check of every route but the checkout page (src/http/authorization.ts). */
  authenticate: Authenticate;
  /** The sandbox's problems, by name (src/http/problems.ts), its helper routes' own types included. */
  problems: Problems<keyof typeof SANDBOX_PROBLEM_TYPES>;
  validateRequest: (body: unknown) => RequestCheck;
  checkoutSettings: CheckoutSettings;
  checkouts: CheckoutStore;
  idempotency: IdempotencyStore;
  /** Absent when the sandbox has no rate limit (the default). */
  rateLimiter: RateLimiter | undefined;
  callbacks: CallbackDispatcher;
  log: (line: string) => void;
}

// The context is the core's private state: the testing kit reaches a sandbox only through the core's API
// (src/sandbox/sandbox-core.ts). The sandbox's own modules and white-box tests read it here, by the handle.
const contexts = new WeakMap<object, SandboxContext>();

/** Tie `context` to a sandbox handle (a core, a running sandbox), for readSandboxContext. */
export function attachSandboxContext<Handle extends object>(handle: Handle, context: SandboxContext): Handle {
  contexts.set(handle, context);
  return handle;
}

/** The context behind a sandbox core or a running sandbox: for the sandbox's own modules and white-box tests. */
export function readSandboxContext(handle: object): SandboxContext {
  const context = contexts.get(handle);
  if (!context) throw new TypeError('readSandboxContext: not a sandbox core or a running sandbox.');
  return context;
}
