// Sending one request on to an upstream as bytes, over node:http or node:https: the method, the target and the body
// exactly as they came, the request's end-to-end header lines as they came (repeated lines stay repeated). Nothing
// is re-encoded and no redirect is followed: node:http follows none, so a 3xx is the upstream's answer like any other,
// and the request (with its API key) goes to the upstream's host and nowhere else. The head of the answer must arrive
// within the timeout; its body is the caller's to read (relay-answer.ts).
import { Agent as HttpAgent, type IncomingMessage, type RequestOptions, request as requestOverHttp } from 'node:http';
import { Agent as HttpsAgent, request as requestOverHttps } from 'node:https';

// The headers of one connection rather than of the message (RFC 9110 §7.6.1), and the two meant for a proxy itself:
// never passed on in either direction.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
]);

/**
 * Header lines as IncomingMessage.rawHeaders gives them (name, value, name, value…), without the hop-by-hop ones,
 * those the message's Connection header names, and those in `dropped` (lower-case names).
 */
export function keepEndToEnd(rawHeaders: readonly string[], dropped: readonly string[] = []): string[] {
  const named = new Set(dropped);
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() !== 'connection') continue;
    for (const token of rawHeaders[i + 1].split(',')) named.add(token.trim().toLowerCase());
  }
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (!HOP_BY_HOP.has(name) && !named.has(name)) kept.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return kept;
}

/** One request as it came from the client, to send on. */
export interface ForwardedRequest {
  method: string;
  /** The target in origin-form (path and query), appended to the upstream's path prefix as it is. */
  target: string;
  /** The client's header lines as IncomingMessage.rawHeaders gives them. */
  rawHeaders: readonly string[];
  /** The whole body, already read (empty for none). */
  body: Buffer;
}

/** How sending a request on ended: the head of the upstream's answer (its body still to read), or why there is none. */
export type UpstreamOutcome =
  | { kind: 'answered'; answer: IncomingMessage }
  /** No answer's head within the timeout; the request was abandoned. */
  | { kind: 'timed-out' }
  /** No answer: Node's error code (ECONNREFUSED, ECONNRESET, a TLS or HPE_ parser code) and message. */
  | { kind: 'failed'; code: string | undefined; message: string }
  /** The caller's signal ended it first (the client went away). */
  | { kind: 'cancelled' };

export interface Upstream {
  send(request: ForwardedRequest, signal: AbortSignal): Promise<UpstreamOutcome>;
  /** Closes the connections kept for later requests. */
  close(): void;
}

/**
 * The upstream at `baseUrl` (scheme, host, port and an optional path prefix, no trailing slash), whose answers must
 * start within `timeoutMs`. Connections are kept alive between requests, one agent per upstream.
 */
export function createUpstream(baseUrl: string, timeoutMs: number): Upstream {
  const base = new URL(baseUrl);
  const https = base.protocol === 'https:';
  const agent = https ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const prefix = base.pathname.replace(/\/+$/, '');

  function send(request: ForwardedRequest, signal: AbortSignal): Promise<UpstreamOutcome> {
    return new Promise((resolve) => {
      if (signal.aborted) {
        resolve({ kind: 'cancelled' });
        return;
      }
      // The body is read whole, so it goes with its length; a client's `Expect: 100-continue` was answered already.
      const headers = keepEndToEnd(request.rawHeaders, ['host', 'content-length', 'expect']);
      const hasBody = request.body.length > 0 || request.rawHeaders.some((name, i) => i % 2 === 0 && /^content-length$/i.test(name));
      const options: RequestOptions = {
        method: request.method,
        protocol: base.protocol,
        // An IPv6 literal without its brackets, as node:http takes it.
        hostname: base.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: base.port || undefined,
        path: `${prefix}${request.target}`,
        headers: ['Host', base.host, ...headers, ...(hasBody ? ['Content-Length', String(request.body.length)] : [])],
        agent,
      };
      let settled = false;
      const settle = (outcome: UpstreamOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      let outgoing: ReturnType<typeof requestOverHttp>;
      try {
        outgoing = (https ? requestOverHttps : requestOverHttp)(options);
      } catch (error) {
        // node:http refuses a path or header it cannot send (ERR_UNESCAPED_CHARACTERS, ERR_INVALID_CHAR).
        const { code, message } = error as NodeJS.ErrnoException;
        resolve({ kind: 'failed', code, message });
        return;
      }
      const timer = setTimeout(() => {
        settle({ kind: 'timed-out' });
        outgoing.destroy();
      }, timeoutMs);
      function onAbort() {
        settle({ kind: 'cancelled' });
        outgoing.destroy();
      }
      signal.addEventListener('abort', onAbort, { once: true });
      outgoing.on('response', (answer: IncomingMessage) => settle({ kind: 'answered', answer }));
      // After the head, an error belongs to the answer's body, which the reader of the answer sees end short.
      outgoing.on('error', (error: NodeJS.ErrnoException) => settle({ kind: 'failed', code: error.code, message: error.message }));
      outgoing.end(request.body);
    });
  }

  return { send, close: () => agent.destroy() };
}
