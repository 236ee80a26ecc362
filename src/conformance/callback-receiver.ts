// A one-purpose HTTP receiver for callbacks: each checkout gets its own unguessable path, and for each path the
// replies to its attempts in order (204 unless scripted otherwise: another status, or "drop" to end the connection
// without an answer). Anything else gets 404. It keeps every attempt with the times it arrived and was answered, so
// the checks can wait for the nth attempt, or listen for one that must not come.
import http from 'node:http';
import { listen } from '../http/listen.js';

export interface ReceivedCallback {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface ReceivedAttempt extends ReceivedCallback {
  /** Date.now() when the whole request had arrived. */
  arrivedAt: number;
  /** Date.now() when the receiver answered it (or dropped the connection). */
  answeredAt: number;
}

/** The receiver's answer to one attempt: a status, a status with headers (Retry-After, Location), or "drop" to close
 *  the connection without an answer. */
export type Reply = number | 'drop' | { status: number; headers: Record<string, string> };

export interface CallbackReceiver {
  port: number;
  /** Answer the attempts on /checkout-conformance/<token> with these replies, in order; later ones get 204. */
  script(token: string, replies: Reply[]): void;
  /** The nth attempt (1-based) on /checkout-conformance/<token>, or undefined if it has not come after timeoutMs. */
  waitForAttempt(token: string, nth: number, timeoutMs: number): Promise<ReceivedAttempt | undefined>;
  /** The first delivery on /checkout-conformance/<token>, or undefined after timeoutMs. */
  waitFor(token: string, timeoutMs: number): Promise<ReceivedAttempt | undefined>;
  close(): Promise<void>;
}

const PATH_PREFIX = '/checkout-conformance/';
const MAX_BODY_BYTES = 1024 * 1024;

export function callbackPath(token: string): string {
  return `${PATH_PREFIX}${token}`;
}

export async function startCallbackReceiver(listenAddress: string, port: number): Promise<CallbackReceiver> {
  const arrived = new Map<string, ReceivedAttempt[]>();
  const scripts = new Map<string, Reply[]>();
  const waiting = new Set<() => void>();
  const server = http.createServer((req, res) => {
    // The token is the path's last segment; a query the callback_url carried stays in the attempt's path.
    const token = req.url?.startsWith(PATH_PREFIX) ? req.url.slice(PATH_PREFIX.length).split('?')[0] : undefined;
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
      const attempts = arrived.get(token) ?? [];
      arrived.set(token, attempts);
      const reply = scripts.get(token)?.[attempts.length] ?? 204;
      const now = Date.now();
      attempts.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
        arrivedAt: now,
        answeredAt: now,
      });
      if (reply === 'drop') req.socket.destroy();
      else if (typeof reply === 'object') res.writeHead(reply.status, reply.headers).end();
      else res.writeHead(reply).end();
      for (const wake of waiting) wake();
    });
  });
  const boundPort = await listen(server, listenAddress, port);
  const waitForAttempt = (token: string, nth: number, timeoutMs: number) =>
    new Promise<ReceivedAttempt | undefined>((resolve) => {
      const check = () => {
        const attempt = arrived.get(token)?.[nth - 1];
        if (!attempt) return false;
        finish(attempt);
        return true;
      };
      const finish = (attempt: ReceivedAttempt | undefined) => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve(attempt);
      };
      const wake = () => {
        check();
      };
      const timer = setTimeout(() => finish(undefined), Math.max(0, timeoutMs));
      if (!check()) waiting.add(wake);
    });
  return {
    port: boundPort,
    script: (token, replies) => scripts.set(token, replies),
    waitForAttempt,
    waitFor: (token, timeoutMs) => waitForAttempt(token, 1, timeoutMs),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
