// `npm run proxy -- <upstream-url>`: Prism as a validation proxy on HOST:PORT in front of a running
// implementation. Prism forwards each request, checks the request and the upstream's response against the
// contract, logs every violation and adds them to the sl-violations response header; answers are not rewritten,
// since the point is to see what the implementation really does.
import { ensureFreshBundle, locateBundle } from '../bundle.js';
import { findFreePort, startPrism } from '../prism-process.js';
import { formatBaseUrl, formatProxyBanner } from '../banner.js';
import { describeStop, watchForStop } from '../lifecycle.js';

export async function runProxy(config) {
  const log = (line) => process.stdout.write(`${line}\n`);
  const bundle = config.build ? ensureFreshBundle(log) : locateBundle();
  const port = config.port === 0 ? await findFreePort(config.host) : config.port;
  const prism = await startPrism({
    args: ['proxy', bundle.yaml, config.upstream, '--verboseLevel', config.logLevel],
    host: config.host,
    port,
    onOutput: (stream, chunk) => process[stream].write(chunk),
  });
  const watch = watchForStop();
  try {
    log(formatProxyBanner({ baseUrl: formatBaseUrl(config.host, port), upstream: config.upstream }));
    const event = await Promise.race([watch.stopped, prism.exited.then((exit) => ({ reason: 'prism-exited', ...exit }))]);
    if (event.reason === 'prism-exited') throw new Error(`Prism exited unexpectedly (code ${event.code ?? event.signal}).`);
    log(`Stopping the proxy (${describeStop(event)})…`);
  } finally {
    watch.dispose();
    await prism.stop();
  }
}
