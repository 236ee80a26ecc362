// Everything a route needs, built once per running sandbox.

import type { Clock } from '../clock/clock.js';
import type { ContractOperation } from '../contract/contract-facts.js';
import type { ProblemFactory } from '../http/problem-factory.js';
import type { CreateProblem, OwnProblemType } from '../http/problems.js';
import type { CallbackDispatcher } from './callbacks/callback-dispatcher.js';
import type { CheckoutSettings } from './checkout/build-checkout.js';
import type { CheckoutStore } from './checkout/checkout-store.js';
import type { IdempotencyStore } from './idempotency-store.js';
import type { RateLimiter } from './rate-limiter.js';
import type { Authentication, AuthorizationHeader } from './routes/authenticate.js';
import type { RequestCheck } from './validate-create-request.js';

// The problem types the sandbox answers with: the contract's (titles from its examples), the parser's, and two of
// its own for the helper routes, which the public contract does not describe.
export const SANDBOX_PROBLEM_SLUGS = [
  'malformed-json',
  'bad-request',
  'unauthorized',
  'not-found',
  'checkout-not-found',
  'method-not-allowed',
  'idempotency-request-in-progress',
  'checkout-not-open',
  'payload-too-large',
  'unsupported-media-type',
  'validation-failed',
  'idempotency-key-reused',
  'rate-limited',
  'request-header-fields-too-large',
  'internal-error',
] as const;

export const SANDBOX_PROBLEM_TYPES: Record<string, OwnProblemType> = {
  'checkout-not-found': [404, 'Checkout not found'],
  'checkout-not-open': [409, 'Checkout not open'],
};

export interface SandboxContext {
  clock: Clock;
  /** The contract's createCheckout: its path, method and 401 challenge, as the routes serve them. */
  createOperation: ContractOperation;
  /** A fresh Request-Id for each answer, shaped like the contract's example (D2). */
  createRequestId: () => string;
  authenticate: (authorization: AuthorizationHeader) => Authentication;
  createProblem: CreateProblem<(typeof SANDBOX_PROBLEM_SLUGS)[number]>;
  /** The problems both servers make, by name (src/http/problem-factory.ts), over createProblem. */
  problems: ProblemFactory;
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
