// A callback receiver on a loopback port that can be down (connections refused), up, answering an error status, or
// holding its reply (late or never), and records every delivery it gets with its raw body and headers.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { freePort } from '../../support/ports.js';
import { waitFor } from '../../support/wait-for.js';

/** One delivery as it arrived: when (Date.now()), its headers and its raw body. */
export interface ArrivedDelivery {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RecordingReceiver {
  url: string;
  received: ArrivedDelivery[];
  /** Reply with this status (default 204); a function sees the delivery's number, from 1, and may return a promise:
   *  the reply waits for it, and one that never settles holds the connection open without a byte of reply. */
  reply: number | ((delivery: number) => number | Promise<number>);
  up(): Promise<void>;
  down(): Promise<void>;
  /** Resolves once `count` deliveries have arrived; fails after `deadlineMs` (default: wait-for.ts's). */
  waitFor(count: number, deadlineMs?: number): Promise<void>;
}

/** A reply that never comes: the receiver holds the connection open without sending a byte. */
export const NEVER_REPLY = (): Promise<number> => new Promise<number>(() => {});

/** A receiver whose port is reserved but closed: deliveries to it are refused until up() is called. */
export async function startRecordingReceiver(): Promise<RecordingReceiver> {
  let server: Server | undefined;
  const port = await freePort();
  const receiver: RecordingReceiver = {
    url: `http://127.0.0.1:${port}/webhooks/checkout`,
    received: [],
    reply: 204,
    up: () =>
      new Promise((resolve, reject) => {
        server = createServer((req, res) => {
          let body = '';
          req.setEncoding('utf8');
          req.on('data', (chunk) => {
            body += chunk;
          });
          req.on('end', () => {
            receiver.received.push({ at: Date.now(), headers: req.headers, body });
            const status = typeof receiver.reply === 'function' ? receiver.reply(receiver.received.length) : receiver.reply;
            void Promise.resolve(status).then((code) => res.writeHead(code).end());
          });
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    down: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
        server = undefined;
      }),
    waitFor: async (count, deadlineMs) => {
      await waitFor(() => receiver.received.length >= count, {
        what: () => `callback ${count} at the receiver (it got ${receiver.received.length})`,
        deadlineMs,
      });
    },
  };
  return receiver;
}
