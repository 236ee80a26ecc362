// `npm run proxy -- <upstream-url>`: Prism as a validation proxy on HOST:PORT in front of a running
// implementation. Prism forwards each request, checks the request and the upstream's response against the
// contract, logs every violation and adds them to the sl-violations response header; answers are not rewritten,
// since the point is to see what the implementation really does.
import { ensureFreshBundle, locateBundle } from '../bundle.js';
import { findFreePort, startPrism } from '../prism-process.js';
import { formatBaseUrl, formatProxyBanner } from '../banner.js';
import { waitForStop } from '../lifecycle.js';

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
  try {
    log(formatProxyBanner({ baseUrl: formatBaseUrl(config.host, port), upstream: config.upstream }));
    const stop = await waitForStop(prism);
    if (stop.reason === 'prism-exited') throw new Error(`Prism exited unexpectedly (code ${stop.code ?? stop.signal}).`);
    log(`Stopping the proxy (${stop.signal})…`);
  } finally {
    await prism.stop();
  }
}
