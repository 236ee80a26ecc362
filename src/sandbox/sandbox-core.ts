// The sandbox without a transport: its stores, rules, validation, problem documents, policies and callback
// dispatcher, behind one API: the answer to a request, and what the sandbox helper routes do besides (complete,
// expire, find, list, deliveries), the sweep and close. The sandbox server (start-sandbox.ts) puts node:http in front
// of it; the testing kit's fetch sandbox (src/testing/fetch-sandbox.ts) puts a `fetch` function in front of the very
// same core, so that the fetch sandbox and the sandbox server cannot answer differently. The kit uses this API only
// (its types in sandbox-api.ts); the state behind it (SandboxContext) stays private to the sandbox.
import { randomUUID } from 'node:crypto';
import { type Clock, nowMillis, systemClock } from '../clock/clock.js';
import type { Contract } from '../contract/contract-value.js';
import { createAuthenticator } from '../http/authorization.js';
import type { Answer, ServerRequest } from '../http/exchange.js';
import { createProblems } from '../http/problems.js';
import type { SendCallback } from './callbacks/callback-delivery.js';
import { CallbackDispatcher, type UndeliveredCallback } from './callbacks/callback-dispatcher.js';
import { CheckoutStore, type FinalStatus, readRecord } from './checkout/checkout-store.js';
import { describeRefusal, findStoredCheckout, settleCheckout } from './checkout/settle-checkout.js';
import { createRateTable } from './checkout/test-rates.js';
import type { SandboxConfig } from './config/read-sandbox-config.js';
import { SHUTDOWN_GRACE_MS } from './config/sandbox-settings.js';
import { IdempotencyStore } from './idempotency-store.js';
import { RateLimiter } from './rate-limiter.js';
import { routeRequest } from './routes/route-request.js';
import type { SandboxCheckouts, SettleResult } from './sandbox-api.js';
import { attachSandboxContext, SANDBOX_PROBLEM_TYPES, type SandboxContext } from './sandbox-context.js';
import { createRequestValidator } from './validate-create-request.js';

/** What the core needs of a configuration: everything but where a server listens and how often it sweeps. */
export type SandboxPolicies = Omit<SandboxConfig, 'host' | 'port' | 'apiKeysGenerated' | 'callbackSecretGenerated' | 'sweepIntervalMs'>;

export interface SandboxCoreOptions {
  policies: SandboxPolicies;
  /** Where operational lines go (callback failures, bugs); never given a key. Defaults to stderr. */
  log?: (line: string) => void;
  /** The one clock of records, expiry, windows, callbacks, their retries and the sweep; the real one by default. */
  clock?: Clock;
  /** The contract value its entry made (src/contract/contract-value.ts createContract). */
  contract: Contract;
  /** How callback attempts reach their receivers; over HTTP by default. */
  sendCallback?: SendCallback;
}

export interface SandboxCore extends SandboxCheckouts {
  /** The answer to one request; never rejects (a bug becomes a 500 problem). */
  answer(request: ServerRequest): Promise<Answer>;
  /** Mark overdue checkouts expired and forget the old ones and old idempotency keys. */
  sweep(): void;
  /** How long close() waits at most for callback attempts in flight: the callback timeout, at most 5 s. */
  readonly shutdownGraceMs: number;
  /** Stop the callbacks: attempts in flight get up to shutdownGraceMs; resolves with every event left undelivered. */
  close(): Promise<UndeliveredCallback[]>;
}

export function createSandboxCore(options: SandboxCoreOptions): SandboxCore {
  const { policies } = options;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const clock = options.clock ?? systemClock;
  const { contract } = options;
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
  const createOperation = contract.operation('createCheckout');
  const problems = createProblems(contract, SANDBOX_PROBLEM_TYPES);
  const context: SandboxContext = {
    clock,
    createOperation,
    newRequestId: contract.newRequestId,
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
  const shutdownGraceMs = Math.min(policies.callbackTimeoutMs, SHUTDOWN_GRACE_MS);
  const core: SandboxCore = {
    answer: (request) => routeRequest(request, context),
    complete: (id) => settle(context, id, 'complete'),
    expire: (id) => settle(context, id, 'expired'),
    find: (id) => {
      const entry = findStoredCheckout(context, id);
      return entry && readRecord(entry);
    },
    list: () => context.checkouts.list(nowMillis(clock)).map(readRecord),
    deliveries: (id) => structuredClone(findStoredCheckout(context, id)?.deliveries ?? []),
    sweep: () => {
      const nowMs = nowMillis(clock);
      context.checkouts.sweep(nowMs);
      context.idempotency.sweep(nowMs);
    },
    shutdownGraceMs,
    close: () => context.callbacks.close(shutdownGraceMs),
  };
  return attachSandboxContext(core, context);
}

async function settle(context: SandboxContext, id: string, status: FinalStatus): Promise<SettleResult> {
  // After close() no callback can start, so a completion would leave its event pending with nothing to report it.
  if (context.callbacks.closing) {
    const call = status === 'complete' ? 'complete' : 'expire';
    throw new Error(
      `${call}(${JSON.stringify(id)}) after close(): the callbacks are stopped, so no checkout can be completed or expired any more.`,
    );
  }
  const settlement = settleCheckout(context, id, status);
  if (!settlement.ok) return { settled: false, reason: settlement.reason, message: describeRefusal(settlement, status) };
  await settlement.firstCallbackAttempt;
  return { settled: true, record: settlement.record };
}
