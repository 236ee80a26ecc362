// Start the sandbox server: an HTTP server in front of the sandbox core (the create call, the sandbox helpers and the
// stand-in checkout page), with the periodic expiry sweep. Returns a handle with the core's checkout API and a way to
// stop it, which lets callback attempts in flight finish for a short while and reports the events left undelivered.
import type { Server } from 'node:http';
import type { ScheduledTask } from '../clock/clock.js';
import { formatBaseUrl, listen } from '../http/listen.js';
import { createFrontServer } from '../http/send-response.js';
import type { SandboxConfig } from './config/read-sandbox-config.js';
import { readSandboxFront } from './routes/route-request.js';
import type { SandboxCheckouts, UndeliveredCallback } from './sandbox-api.js';
import { attachSandboxContext, readSandboxContext } from './sandbox-context.js';
import { createSandboxCore, type SandboxCore, type SandboxCoreOptions } from './sandbox-core.js';

/** The core's options, with the whole configuration (where to listen, how often to sweep) in place of its policies. */
export interface SandboxServerOptions extends Omit<SandboxCoreOptions, 'policies'> {
  config: SandboxConfig;
}

export interface RunningSandbox extends SandboxCheckouts {
  /** `http://host:port` the sandbox listens on. */
  url: string;
  port: number;
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

export async function startSandboxServer(options: SandboxServerOptions): Promise<RunningSandbox> {
  return prepareSandbox(options).listen();
}

/** Build the sandbox without listening, so that a bin can still stop before it listens (src/sandbox/sandbox-command.ts). */
export function prepareSandbox(options: SandboxServerOptions): PreparedSandbox {
  const { config } = options;
  const core = createSandboxCore({ ...options, policies: config });
  const context = readSandboxContext(core);

  const front = readSandboxFront(context);
  const server = createFrontServer({ answer: core.answer, answerUnparsed: front.answerUnparsed }, { keepAliveTimeout: 5_000 });
  return { listen: () => listenPrepared(config, core, server) };
}

async function listenPrepared(config: SandboxConfig, core: SandboxCore, server: Server): Promise<RunningSandbox> {
  const context = readSandboxContext(core);
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

  const running: RunningSandbox = {
    url,
    port,
    complete: core.complete,
    expire: core.expire,
    find: core.find,
    list: core.list,
    deliveries: core.deliveries,
    shutdownGraceMs: core.shutdownGraceMs,
    close: async () => {
      sweeper.cancel();
      // First stop taking requests, so that no checkout completes (and no callback starts) while the rest winds down.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      const undelivered = await core.close();
      await closed;
      return undelivered;
    },
  };
  return attachSandboxContext(running, context);
}
