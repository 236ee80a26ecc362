// Putting a node:http server on an address, for the mock and the sandbox alike: listen and learn the port bound
// (PORT=0 picks a free one), and the base URL a client uses to reach it.
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

/** `http://host:port`, with an IPv6 address in brackets. */
export function formatBaseUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
