// Putting a node:http server on an address, for the mock and the sandbox alike: listen and learn the port bound
// (PORT=0 picks a free one), and the base URL a client uses to reach it, the same in both banners.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listen on host:port; resolves with the port bound, rejects with the server's error (EADDRINUSE and the like). */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

// The addresses that mean "every interface": a client cannot connect to them everywhere, so it is shown the loopback one.
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

/** `http://host:port` for a server listening on host:port: a wildcard host as 127.0.0.1, an IPv6 address in brackets. */
export function formatBaseUrl(host: string, port: number): string {
  const reachable = WILDCARD_HOSTS.has(host) ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
