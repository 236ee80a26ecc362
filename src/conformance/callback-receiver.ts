// A one-purpose HTTP receiver for the completion callback: it answers 204 to POSTs on its own unguessable path,
// 404 to anything else, and hands over what arrived.
import http from 'node:http';
import { listen } from '../http/listen.js';

export interface ReceivedCallback {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface CallbackReceiver {
  port: number;
  /** The first delivery on /checkout-conformance/<token>, or undefined after timeoutMs. */
  waitFor(token: string, timeoutMs: number): Promise<ReceivedCallback | undefined>;
  close(): Promise<void>;
}

const PATH_PREFIX = '/checkout-conformance/';
const MAX_BODY_BYTES = 1024 * 1024;

export function callbackPath(token: string): string {
  return `${PATH_PREFIX}${token}`;
}

export async function startCallbackReceiver(listenAddress: string, port: number): Promise<CallbackReceiver> {
  const arrived = new Map<string, ReceivedCallback>();
  const waiting = new Map<string, (callback: ReceivedCallback) => void>();
  const server = http.createServer((req, res) => {
    const token = req.url?.startsWith(PATH_PREFIX) ? req.url.slice(PATH_PREFIX.length) : undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (!token) {
        res.writeHead(404).end();
        return;
      }
      const callback: ReceivedCallback = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      if (!arrived.has(token)) arrived.set(token, callback);
      waiting.get(token)?.(callback);
      res.writeHead(204).end();
    });
  });
  const boundPort = await listen(server, listenAddress, port);
  return {
    port: boundPort,
    waitFor(token, timeoutMs) {
      const already = arrived.get(token);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(token);
          resolve(undefined);
        }, timeoutMs);
        waiting.set(token, (callback) => {
          clearTimeout(timer);
          waiting.delete(token);
          resolve(callback);
        });
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
