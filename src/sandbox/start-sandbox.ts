// Start the sandbox: an HTTP server in front of the sandbox core (the create call, the sandbox helpers and the
// stand-in checkout page), with the periodic expiry sweep. Returns a handle to stop it, which lets callback attempts
// in flight finish for a short while and reports the events left undelivered.
import type { Server } from 'node:http';
import type { Clock, ScheduledTask } from '../clock/clock.js';
import type { OpenApiDocument } from '../contract/load-contract.js';
import { formatBaseUrl, listen } from '../http/listen.js';
import { createFrontServer } from '../http/send-response.js';
import type { SendCallback } from './callbacks/callback-delivery.js';
import type { UndeliveredCallback } from './callbacks/callback-dispatcher.js';
import type { SandboxConfig } from './config/read-sandbox-config.js';
import { SHUTDOWN_GRACE_MS } from './config/sandbox-settings.js';
import { readSandboxFront } from './routes/route-request.js';
import type { SandboxContext } from './sandbox-context.js';
import { createSandboxCore, type SandboxCore } from './sandbox-core.js';

export interface SandboxOptions {
  config: SandboxConfig;
  /** Where operational lines go (callback failures, bugs); never given a key. Defaults to stderr. */
  log?: (line: string) => void;
  clock?: Clock;
  contract?: OpenApiDocument;
  sendCallback?: SendCallback;
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

/** A sandbox built (its core compiled, its server made) but not listening yet: the slow part of a start, done. */
export interface PreparedSandbox {
  /** Listen on the configured host and port, and run until close(). */
  listen(): Promise<RunningSandbox>;
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  return prepareSandbox(options).listen();
}

/** Build the sandbox without listening, so that a bin can still stop before it listens (src/sandbox/sandbox-command.ts). */
export function prepareSandbox(options: SandboxOptions): PreparedSandbox {
  const { config } = options;
  const core = createSandboxCore({ ...options, policies: config });
  const { context } = core;

  const front = readSandboxFront(context);
  const server = createFrontServer({ answer: core.answer, answerUnparsed: front.answerUnparsed }, { keepAliveTimeout: 5_000 });
  return { listen: () => listenPrepared(config, core, server) };
}

async function listenPrepared(config: SandboxConfig, core: SandboxCore, server: Server): Promise<RunningSandbox> {
  const { context } = core;
  const port = await listen(server, config.host, config.port);
  const url = formatBaseUrl(config.host, port);
  if (!config.checkoutPageUrl) context.checkoutSettings.checkoutPageUrl = url;

  // The sweep runs on the sandbox's clock, like everything time-driven (a test clock moves it too), and never holds
  // the process open.
  const { clock } = context;
  let sweeper: ScheduledTask;
  const sweepAfterInterval = () => {
    sweeper = clock.schedule(
      config.sweepIntervalMs,
      () => {
        core.sweep();
        sweepAfterInterval();
      },
      { holdsProcessOpen: false },
    );
  };
  sweepAfterInterval();

  const shutdownGraceMs = Math.min(config.callbackTimeoutMs, SHUTDOWN_GRACE_MS);
  return {
    url,
    port,
    context,
    shutdownGraceMs,
    close: async () => {
      sweeper.cancel();
      // First stop taking requests, so that no checkout completes (and no callback starts) while the rest winds down.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      const undelivered = await core.close(shutdownGraceMs);
      await closed;
      return undelivered;
    },
  };
}
