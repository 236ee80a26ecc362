// A free loopback port for a server a benchmark starts in another process. The same helper as test/support/ports.ts,
// kept in JavaScript because the benches run under plain Node 20, which cannot load that TypeScript file.
import { createServer } from 'node:net';

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}
