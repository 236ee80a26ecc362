// `npm start` / `npm run mock`: Prism mocks the contract on an internal port; the front answers on HOST:PORT.
// Prism is restarted when it dies: no request may stop the mock, even one that finds a new way to crash Prism.
import { ensureFreshBundle, locateBundle } from '../bundle.js';
import { readContract, readCallbackHeaderExamples } from '../contract-facts.js';
import { createCallbackRelay } from '../callback-relay.js';
import { createFrontServer } from '../front-server.js';
import { findFreePort, startPrism } from '../prism-process.js';
import { formatBaseUrl, formatMockBanner } from '../banner.js';
import { closeServer, describeStop, listen, watchForStop } from '../lifecycle.js';

export async function runMock(config) {
  const log = (line) => process.stdout.write(`${line}\n`);
  const bundle = config.build ? ensureFreshBundle(log) : locateBundle();
  const contract = readContract(bundle.json);

  const relay = createCallbackRelay({ deliveryHeaders: readCallbackHeaderExamples(contract), log });
  await relay.listen();
  const prismPort = await findFreePort();
  const prismArgs = ['mock', bundle.yaml, '--verboseLevel', config.logLevel];
  if (config.dynamic) prismArgs.push('--dynamic', '--json-schema-faker-fillProperties=false');
  const launchPrism = () => startPrism({
    args: prismArgs, host: '127.0.0.1', port: prismPort, onOutput: (stream, chunk) => process[stream].write(chunk),
  });
  const slot = createPrismSlot();
  const front = createFrontServer({
    prismOrigin: `http://127.0.0.1:${prismPort}`, waitForPrism: slot.waitFor, pairExamples: !config.dynamic, contract, relay, log,
  });
  const watch = watchForStop();
  let prism;
  try {
    // The front binds first, so a busy port fails at once instead of after Prism's start-up; requests that arrive
    // meanwhile wait at the front.
    const port = await listen(front, config.host, config.port);
    prism = await launchPrism();
    slot.markUp();
    log(formatMockBanner({ baseUrl: formatBaseUrl(config.host, port), contract, dynamic: config.dynamic }));
    for (;;) {
      const event = await Promise.race([watch.stopped, prism.exited.then((exit) => ({ reason: 'prism-exited', ...exit }))]);
      if (event.reason !== 'prism-exited') {
        log(`Stopping the mock (${describeStop(event)})…`);
        break;
      }
      slot.markDown();
      log(`Prism exited unexpectedly (code ${event.code ?? event.signal}); restarting it. Requests wait meanwhile.`);
      await prism.stop(); // anything it forked
      prism = undefined;
      const starting = launchPrism();
      prism = await Promise.race([starting, watch.stopped.then(() => undefined)]);
      if (!prism) {
        starting.then((late) => late.stop(), () => {}); // stopped while Prism was starting: stop it once it is up
        break;
      }
      slot.markUp();
    }
  } finally {
    watch.dispose();
    await closeServer(front);
    await relay.close();
    await prism?.stop();
  }
}

// Which Prism requests go to. Each Prism that comes up gets the next number; `waitFor(after)` resolves with the
// number of the Prism that is up, once one newer than `after` is (any, when `after` is not given).
function createPrismSlot() {
  let started = 0;
  let up = 0; // 0 while none is
  const waiting = new Set();
  return {
    markUp() {
      up = ++started;
      for (const wake of [...waiting]) wake();
    },
    markDown() {
      up = 0;
    },
    waitFor(after = 0) {
      return new Promise((resolve) => {
        const wake = () => {
          if (up === 0 || up <= after) return;
          waiting.delete(wake);
          resolve(up);
        };
        waiting.add(wake);
        wake();
      });
    },
  };
}
