// Start the sandbox: an HTTP server for the create call, the sandbox helpers and the stand-in checkout page, with
// its in-memory stores, the periodic expiry sweep and the callback dispatcher. Returns a handle to stop it, which
// lets callback attempts in flight finish for a short while and reports the events left undelivered.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OpenApiDocument, readContract } from '../contract/load-contract.js';
import { createProblemMaker } from '../http/problems.js';
import { redactUrls } from '../http/redact.js';
import { answerClientError, sendProblem } from '../http/send-response.js';
import { CallbackDispatcher, type UndeliveredCallback } from './callbacks/callback-dispatcher.js';
import { CheckoutStore } from './checkout/checkout-store.js';
import { type Clock, systemClock, toMillis } from './checkout/clock.js';
import { createRateTable } from './checkout/test-rates.js';
import type { SandboxConfig } from './config/read-sandbox-config.js';
import { SHUTDOWN_GRACE_MS } from './config/sandbox-settings.js';
import { IdempotencyStore } from './idempotency-store.js';
import { createAuthenticator } from './routes/authenticate.js';
import { routeRequest } from './routes/route-request.js';
import { SANDBOX_PROBLEM_SLUGS, SANDBOX_PROBLEM_TYPES, type SandboxContext } from './sandbox-context.js';
import { createRequestValidator } from './validation/validate-create-request.js';

export interface SandboxOptions {
  config: SandboxConfig;
  /** Where operational lines go (callback failures, bugs); never given a key. Defaults to stderr. */
  log?: (line: string) => void;
  clock?: Clock;
  contract?: OpenApiDocument;
}

export interface RunningSandbox {
  /** `http://host:port` the sandbox listens on. */
  url: string;
  port: number;
  context: SandboxContext;
  /** How long close() waits at most for callback attempts in flight. */
  shutdownGraceMs: number;
  /** Stop listening, give callback attempts in flight up to `shutdownGraceMs` to finish, and resolve with every
   *  callback event that is still undelivered (its retries are dropped with the process). */
  close(): Promise<UndeliveredCallback[]>;
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const { config } = options;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const clock = options.clock ?? systemClock;
  const contract = options.contract ?? readContract();
  const context: SandboxContext = {
    clock,
    authenticate: createAuthenticator(config.apiKeys),
    createProblem: createProblemMaker(contract, SANDBOX_PROBLEM_SLUGS, SANDBOX_PROBLEM_TYPES),
    validateRequest: createRequestValidator(contract),
    checkoutSettings: {
      merchant: { id: randomUUID(), name: config.merchantName },
      checkoutPageUrl: config.checkoutPageUrl ?? '',
      sessionLifetimeMs: config.sessionLifetimeMs,
      initialUpdateDelayMs: config.initialUpdateDelayMs,
      offerAllMethods: config.offerAllMethods,
      rateBetween: createRateTable(config.testRates),
    },
    checkouts: new CheckoutStore({ maxSessions: config.maxSessions, retentionMs: config.retentionMs }),
    idempotency: new IdempotencyStore(config.maxSessions),
    callbacks: new CallbackDispatcher({
      secret: config.callbackSecret,
      retryDelaysMs: config.callbackRetryDelaysMs,
      jitter: config.callbackRetryJitter,
      timeoutMs: config.callbackTimeoutMs,
      log,
    }),
    log,
  };

  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    routeRequest(req, res, context).catch((error: unknown) => {
      // Only a bug gets here: log the stack (never the request's headers) and answer 500.
      // An absolute-form target (`POST http://user:pass@host/...`) or the error's message can quote a URL: redact it.
      const target = (req.url ?? '').split('?')[0];
      log(redactUrls(`sandbox bug while answering ${req.method} ${target}: ${(error as Error)?.stack ?? String(error)}`));
      if (!res.headersSent)
        sendProblem(
          res,
          context.createProblem('internal-error', 'The sandbox failed to answer this request; this is a bug in the sandbox.'),
        );
      else res.destroy();
    });
  });
  // Each such answer gets its own Request-Id, as a routed one does.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) =>
    answerClientError(error, socket, context.createProblem, `urn:uuid:${randomUUID()}`),
  );

  await listen(server, config.port, config.host);
  const port = (server.address() as AddressInfo).port;
  const url = `http://${formatHost(config.host)}:${port}`;
  if (!config.checkoutPageUrl) context.checkoutSettings.checkoutPageUrl = url;

  const sweeper = setInterval(() => {
    const nowMs = toMillis(clock.nowMicros());
    context.checkouts.sweep(nowMs);
    context.idempotency.sweep(nowMs);
  }, config.sweepIntervalMs);
  sweeper.unref();

  const shutdownGraceMs = Math.min(config.callbackTimeoutMs, SHUTDOWN_GRACE_MS);
  return {
    url,
    port,
    context,
    shutdownGraceMs,
    close: async () => {
      clearInterval(sweeper);
      // First stop taking requests, so that no checkout completes (and no callback starts) while the rest winds down.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      const undelivered = await context.callbacks.close(shutdownGraceMs);
      await closed;
      return undelivered;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function formatHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
