// `npm start` / `npm run mock`: Prism mocks the contract on an internal port; the front answers on HOST:PORT.
import { ensureFreshBundle, locateBundle } from '../bundle.js';
import { readContract, readCallbackHeaderExamples } from '../contract-facts.js';
import { createCallbackRelay } from '../callback-relay.js';
import { createFrontServer } from '../front-server.js';
import { findFreePort, startPrism } from '../prism-process.js';
import { formatBaseUrl, formatMockBanner } from '../banner.js';
import { closeServer, listen, waitForStop } from '../lifecycle.js';

export async function runMock(config) {
  const log = (line) => process.stdout.write(`${line}\n`);
  const bundle = config.build ? ensureFreshBundle(log) : locateBundle();
  const contract = readContract(bundle.json);

  const relay = createCallbackRelay({ deliveryHeaders: readCallbackHeaderExamples(contract), log });
  await relay.listen();
  const prismPort = await findFreePort();
  let markPrismReady;
  const prismReady = new Promise((resolve) => (markPrismReady = resolve));
  const front = createFrontServer({
    prismOrigin: `http://127.0.0.1:${prismPort}`, prismReady, pairExamples: !config.dynamic, contract, relay, log,
  });
  // The front binds first, so a busy port fails at once instead of after Prism's start-up; requests that arrive
  // meanwhile wait at the front until Prism is ready.
  let prism;
  try {
    const port = await listen(front, config.host, config.port);
    const prismArgs = ['mock', bundle.yaml, '--verboseLevel', config.logLevel];
    if (config.dynamic) prismArgs.push('--dynamic', '--json-schema-faker-fillProperties=false');
    prism = await startPrism({ args: prismArgs, host: '127.0.0.1', port: prismPort, onOutput: (stream, chunk) => process[stream].write(chunk) });
    markPrismReady();
    log(formatMockBanner({ baseUrl: formatBaseUrl(config.host, port), contract, dynamic: config.dynamic }));
    const stop = await waitForStop(prism);
    if (stop.reason === 'prism-exited') throw new Error(`Prism exited unexpectedly (code ${stop.code ?? stop.signal}); the mock stopped too.`);
    log(`Stopping the mock (${stop.signal})…`);
  } finally {
    await closeServer(front);
    await relay.close();
    await prism?.stop();
  }
}
