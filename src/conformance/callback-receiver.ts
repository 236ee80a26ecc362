// A one-purpose HTTP receiver for callbacks: each checkout gets its own unguessable path, and for each path the
// replies to its attempts in order (204 unless scripted otherwise: another status, or "drop" to end the connection
// without an answer). It keeps every attempt with the times it arrived and was answered, so the checks can wait for
// the nth attempt, or listen for one that must not come. The sender is untrusted, so what it keeps is bounded: only
// the paths it issued (scripted) are answered, anything else gets 404 unread; each path keeps at most
// MAX_ATTEMPTS_PER_PATH attempts and the receiver MAX_ATTEMPTS in all (later ones get 410, which ends a sender's
// retries); each body is kept up to MAX_BODY_BYTES.
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
  /** Date.now() once the receiver had handed its answer to the connection (or dropped it). The receiver answers as
   *  soon as the request has arrived, so this is arrivedAt or a moment later; the checks time the service's next
   *  attempt from it, since the service can start its retry delay only when it has the answer. */
  answeredAt: number;
}

/** The receiver's answer to one attempt: a status, a status with headers (Retry-After, Location), or "drop" to close
 *  the connection without an answer. */
export type Reply = number | 'drop' | { status: number; headers: Record<string, string> };

export interface CallbackReceiver {
  port: number;
  /**
   * Issue the path /checkout-conformance/<token>: answer its attempts with these replies, in order; later ones get
   * 204. A path never issued gets 404.
   */
  script(token: string, replies: Reply[]): void;
  /** The nth attempt (1-based) on /checkout-conformance/<token>, or undefined if it has not come after timeoutMs. */
  waitForAttempt(token: string, nth: number, timeoutMs: number): Promise<ReceivedAttempt | undefined>;
  /** The first delivery on /checkout-conformance/<token>, or undefined after timeoutMs. */
  waitFor(token: string, timeoutMs: number): Promise<ReceivedAttempt | undefined>;
  /** What the receiver holds: the attempts kept and the bytes of their bodies. */
  retained(): { attempts: number; bodyBytes: number };
  close(): Promise<void>;
}

const PATH_PREFIX = '/checkout-conformance/';
/** The largest body kept: a callback carries one checkout record, far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** The most retries --retry-schedule may name (parse-args.ts). */
export const MAX_SCHEDULED_RETRIES = 20;
/**
 * The most attempts kept for one path: the first, every retry of the longest schedule the kit takes, and one more,
 * which callback-retry-schedule must see arrive to fail a service that does not give up.
 */
export const MAX_ATTEMPTS_PER_PATH = MAX_SCHEDULED_RETRIES + 2;
/** The most attempts kept in all. */
const MAX_ATTEMPTS = 128;

export function callbackPath(token: string): string {
  return `${PATH_PREFIX}${token}`;
}

export async function startCallbackReceiver(listenAddress: string, port: number): Promise<CallbackReceiver> {
  const arrived = new Map<string, ReceivedAttempt[]>();
  const scripts = new Map<string, Reply[]>();
  const waiting = new Set<() => void>();
  let kept = 0;
  let keptBytes = 0;
  const server = http.createServer((req, res) => {
    // The token is the path's last segment; a query the callback_url carried stays in the attempt's path.
    const token = req.url?.startsWith(PATH_PREFIX) ? req.url.slice(PATH_PREFIX.length).split('?')[0] : undefined;
    const attempts = token === undefined ? undefined : arrived.get(token);
    if (token === undefined || attempts === undefined || attempts.length >= MAX_ATTEMPTS_PER_PATH || kept >= MAX_ATTEMPTS) {
      // Not a path it issued, or one that has had its share: answered at once, the body read and dropped.
      req.resume();
      res.writeHead(attempts === undefined ? 404 : 410).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size < MAX_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_BODY_BYTES - size));
      size += chunk.length;
    });
    req.on('end', () => {
      if (attempts.length >= MAX_ATTEMPTS_PER_PATH || kept >= MAX_ATTEMPTS) {
        res.writeHead(410).end();
        return;
      }
      const reply = scripts.get(token)?.[attempts.length] ?? 204;
      const body = Buffer.concat(chunks).toString('utf8');
      kept += 1;
      keptBytes += Buffer.byteLength(body);
      const attempt: ReceivedAttempt = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
        ),
        body,
        arrivedAt: Date.now(),
        answeredAt: 0,
      };
      attempts.push(attempt);
      if (reply === 'drop') req.socket.destroy();
      else if (typeof reply === 'object') res.writeHead(reply.status, reply.headers).end();
      else res.writeHead(reply).end();
      attempt.answeredAt = Date.now();
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
    script: (token, replies) => {
      scripts.set(token, replies);
      if (!arrived.has(token)) arrived.set(token, []);
    },
    retained: () => ({ attempts: kept, bodyBytes: keptBytes }),
    waitForAttempt,
    waitFor: (token, timeoutMs) => waitForAttempt(token, 1, timeoutMs),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
