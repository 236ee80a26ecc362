// The run step of `checkout-mock`: the mock (`npm start`, `npm run mock`) or the proxy (`npm run proxy`). It loads
// Prism in this process (its engine for the mock, its validator for the proxy), binds one server, prints its banner
// and runs until a stop signal or the end of the process chain that launched it. There is no child process to
// supervise or leave behind.
import type { Server } from 'node:http';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { closeServer, describeStop, listenOrExplain, serveUntilStopped } from '../cli/lifecycle.js';
import { EXIT, type RunIo, StartError } from '../cli/run-command.js';
import { createContract } from '../contract/contract-value.js';
import { readContract } from '../contract/load-contract.js';
import { formatBaseUrl } from '../http/listen.js';
import { formatMockBanner, formatProxyBanner } from './banner.js';
import { ensureFreshBundle, locateBundle } from './bundle.js';
import { createCallbackSender } from './completion-callback.js';
import type { MockConfig } from './mock-config.js';
import { createPrismEngine } from './prism-engine.js';
import { createProxyServer } from './proxy-server.js';
import { createMockServer } from './server.js';

type Log = (line: string) => void;

/** A server ready to listen, and its banner once the base URL is known. */
interface PreparedServer {
  server: Server;
  formatBanner: (baseUrl: string) => string;
}

/** The run of `checkout-mock` (cli.ts imports it once a run begins): 1 when it cannot start, 0 once stopped. */
export async function runMock(config: MockConfig, io: RunIo): Promise<number> {
  const log: Log = (line) => io.stdout(`${line}\n`);
  const { server, formatBanner } = await whileStarting(() =>
    config.command === 'proxy' ? prepareProxy(config, log) : prepareMock(config, log),
  );
  await serveUntilStopped(
    async () => {
      const port = await whileStarting(() => listenOrExplain(server, config.host, config.port));
      log(formatBanner(formatBaseUrl(config.host, port)));
    },
    // A stop while Prism's engine was loading ends the run here too, before the server listens: closing it is a no-op.
    async (_running, reason) => {
      log(`Stopping the ${config.command} (${describeStop(reason)})…`);
      await closeServer(server);
    },
    io.stopWatch,
  );
  return EXIT.ok;
}

async function prepareMock(config: MockConfig, log: Log): Promise<PreparedServer> {
  const bundle = config.build ? ensureFreshBundle(log) : locateBundle();
  const contract = createContract(readContract(bundle.json));
  const engine = await createPrismEngine({ document: bundle.json, logLevel: config.logLevel, log, dynamic: config.dynamic });
  const sendCallbacks = createCallbackSender({ headers: contract.callbackHeaderExamples, log });
  return {
    server: createMockServer({ engine, contract, pairExamples: !config.dynamic, sendCallbacks, log }),
    formatBanner: (baseUrl) => formatMockBanner({ baseUrl, contract, dynamic: config.dynamic }),
  };
}

async function prepareProxy(config: MockConfig, log: Log): Promise<PreparedServer> {
  const upstream = config.upstream;
  if (!upstream) throw new Error('The proxy needs an upstream URL.');
  const bundle = config.build ? ensureFreshBundle(log) : locateBundle();
  const contract = createContract(readContract(bundle.json));
  const operations = await getHttpOperationsFromSpec(bundle.json);
  const server = createProxyServer({
    upstream,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    contract,
    operations,
    logLevel: config.logLevel,
    log,
  });
  return { server, formatBanner: (baseUrl) => formatProxyBanner({ baseUrl, upstream, timeoutMs: config.upstreamTimeoutMs }) };
}

/** A step before the banner: what fails there (a stale bundle that does not build, a busy port) could not start. */
async function whileStarting<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new StartError((error as Error).message, { cause: error });
  }
}
