// The two commands of `checkout-mock`: the mock (`npm start`, `npm run mock`) and the proxy (`npm run proxy`). Each
// loads Prism's engine in this process, binds one server, prints its banner and runs until a stop signal or the end
// of the process chain that launched it. There is no child process to supervise or leave behind.
import type { Server } from 'node:http';
import { readContract } from '../contract/load-contract.js';
import { formatBaseUrl, formatMockBanner, formatProxyBanner } from './banner.js';
import { ensureFreshBundle, locateBundle } from './bundle.js';
import { createCallbackSender } from './completion-callback.js';
import type { MockConfig } from './config.js';
import { readCallbackHeaderExamples } from './contract-facts.js';
import { closeServer, describeStop, listen, watchForStop } from './lifecycle.js';
import { createPrismEngine } from './prism-engine.js';
import { createProxyServer } from './proxy-server.js';
import { createMockServer } from './server.js';

const log = (line: string) => process.stdout.write(`${line}\n`);

export async function runMock(config: MockConfig): Promise<void> {
  const bundle = config.build ? ensureFreshBundle(log) : locateBundle();
  const contract = readContract(bundle.json);
  const engine = await createPrismEngine({ document: bundle.json, logLevel: config.logLevel, log, dynamic: config.dynamic });
  const sendCallbacks = createCallbackSender({ headers: readCallbackHeaderExamples(contract), log });
  const server = createMockServer({ engine, contract, pairExamples: !config.dynamic, sendCallbacks, log });
  await serveUntilStopped(server, config, 'mock', (port) =>
    formatMockBanner({
      baseUrl: formatBaseUrl(config.host, port),
      contract,
      dynamic: config.dynamic,
    }),
  );
}

export async function runProxy(config: MockConfig): Promise<void> {
  const upstream = config.upstream;
  if (!upstream) throw new Error('The proxy needs an upstream URL.');
  const bundle = config.build ? ensureFreshBundle(log) : locateBundle();
  const engine = await createPrismEngine({ document: bundle.json, logLevel: config.logLevel, log, upstream });
  await serveUntilStopped(createProxyServer(engine), config, 'proxy', (port) =>
    formatProxyBanner({
      baseUrl: formatBaseUrl(config.host, port),
      upstream,
    }),
  );
}

async function serveUntilStopped(server: Server, config: MockConfig, name: string, formatBanner: (port: number) => string) {
  const watch = watchForStop();
  try {
    const port = await listen(server, config.host, config.port);
    log(formatBanner(port));
    log(`Stopping the ${name} (${describeStop(await watch.stopped)})…`);
  } finally {
    watch.dispose();
    await closeServer(server);
  }
}
