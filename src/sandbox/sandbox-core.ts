// The sandbox without a transport: its stores, rules, validation, problem documents, policies and callback
// dispatcher, and one function from a request to its answer. The sandbox server (start-sandbox.ts) puts node:http in
// front of it; the testing kit's fetch sandbox (src/testing/fetch-sandbox.ts) puts a `fetch` function in front of
// the very same core, so that the fetch sandbox and the sandbox server cannot answer differently.
import { randomUUID } from 'node:crypto';
import { type Clock, nowMillis, systemClock } from '../clock/clock.js';
import { findOperation } from '../contract/contract-facts.js';
import { loadContract, type OpenApiDocument } from '../contract/load-contract.js';
import { createAuthenticator } from '../http/authorization.js';
import type { Answer, ServerRequest } from '../http/exchange.js';
import { createProblems } from '../http/problems.js';
import { createRequestIdMinter } from '../http/request-front.js';
import type { SendCallback } from './callbacks/callback-delivery.js';
import { CallbackDispatcher, type UndeliveredCallback } from './callbacks/callback-dispatcher.js';
import { CheckoutStore } from './checkout/checkout-store.js';
import { createRateTable } from './checkout/test-rates.js';
import type { SandboxConfig } from './config/read-sandbox-config.js';
import { IdempotencyStore } from './idempotency-store.js';
import { RateLimiter } from './rate-limiter.js';
import { routeRequest } from './routes/route-request.js';
import { SANDBOX_PROBLEM_TYPES, type SandboxContext } from './sandbox-context.js';
import { createRequestValidator } from './validate-create-request.js';

/** What the core needs of a configuration: everything but where a server listens and how often it sweeps. */
export type SandboxPolicies = Omit<SandboxConfig, 'host' | 'port' | 'apiKeysGenerated' | 'callbackSecretGenerated' | 'sweepIntervalMs'>;

export interface SandboxCoreOptions {
  policies: SandboxPolicies;
  /** Where operational lines go (callback failures, bugs); never given a key. Defaults to stderr. */
  log?: (line: string) => void;
  /** The one clock of records, expiry, windows, callbacks, their retries and the sweep; the real one by default. */
  clock?: Clock;
  contract?: OpenApiDocument;
  /** How callback attempts reach their receivers; over HTTP by default. */
  sendCallback?: SendCallback;
}

export interface SandboxCore {
  context: SandboxContext;
  /** The answer to one request; never rejects (a bug becomes a 500 problem). */
  answer(request: ServerRequest): Promise<Answer>;
  /** Mark overdue checkouts expired and forget the old ones and old idempotency keys. */
  sweep(): void;
  /** Stop the callbacks: attempts in flight get up to `graceMs`; resolves with every event left undelivered. */
  close(graceMs: number): Promise<UndeliveredCallback[]>;
}

export function createSandboxCore(options: SandboxCoreOptions): SandboxCore {
  const { policies } = options;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const clock = options.clock ?? systemClock;
  const contract = options.contract ?? loadContract();
  const callbacks = new CallbackDispatcher({
    secret: policies.callbackSecret,
    retryDelaysMs: policies.callbackRetryDelaysMs,
    jitter: policies.callbackRetryJitter,
    timeoutMs: policies.callbackTimeoutMs,
    log,
    send: options.sendCallback,
    maxDroppedListed: policies.maxSessions,
    clock,
  });
  const createOperation = findOperation(contract, 'createCheckout');
  const problems = createProblems(contract, SANDBOX_PROBLEM_TYPES);
  const context: SandboxContext = {
    clock,
    createOperation,
    newRequestId: createRequestIdMinter(contract),
    // The contract's create operation declares the API key every authenticated route of the sandbox asks for.
    authenticate: createAuthenticator(createOperation, problems, policies.apiKeys),
    problems,
    validateRequest: createRequestValidator(contract),
    checkoutSettings: {
      merchant: { id: randomUUID(), name: policies.merchantName },
      checkoutPageUrl: policies.checkoutPageUrl ?? '',
      sessionLifetimeMs: policies.sessionLifetimeMs,
      initialUpdateDelayMs: policies.initialUpdateDelayMs,
      offerAllMethods: policies.offerAllMethods,
      rateBetween: createRateTable(policies.testRates),
    },
    // A checkout's pending callback goes with it, so pending events stay as bounded as the store (issue 21, R5).
    checkouts: new CheckoutStore({
      maxSessions: policies.maxSessions,
      retentionMs: policies.retentionMs,
      onEvict: (entry) => callbacks.dropEventsOf(entry.id),
    }),
    idempotency: new IdempotencyStore(policies.maxSessions),
    rateLimiter: policies.rateLimit ? new RateLimiter(policies.rateLimit) : undefined,
    callbacks,
    log,
  };
  return {
    context,
    answer: (request) => routeRequest(request, context),
    sweep: () => {
      const nowMs = nowMillis(clock);
      context.checkouts.sweep(nowMs);
      context.idempotency.sweep(nowMs);
    },
    close: (graceMs) => context.callbacks.close(graceMs),
  };
}
