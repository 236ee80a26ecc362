// Loopback ports for the suites: the one way a test asks the system for a port that nothing listens on.
import { createServer } from 'node:net';

/** A loopback port that was free a moment ago and has nothing listening on it now (bind it, or use it as a refusing URL). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
