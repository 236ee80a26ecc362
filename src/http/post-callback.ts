// One callback attempt on the wire, the one way both servers send a callback: the mock's completion callback
// (src/mock/completion-callback.ts) and each attempt of the sandbox and the testing kit (src/sandbox/callbacks).
// It goes over node:http or node:https, not fetch: fetch refuses the ports of its "bad port" list (6000, 6666, 5060,
// 10080, …) whatever the URL says, and the contract accepts a callback_url on any port, so a URL it accepts must be
// one the servers can call (D7). Redirects are not followed (a 3xx is the receiver's answer, and a failure, D7); the
// reply is judged by its status line and headers alone, and its body is never read: the connection is closed as soon
// as the head has arrived, so a receiver that answers with gigabytes costs nothing (the connection is this attempt's
// own, never pooled). How long an attempt may take is the caller's: it ends the attempt through `signal`. A host
// reserved for documentation (`shop.example.com`, `.test`…) is never called, nor looked up (reserved-hosts.ts).

import { type IncomingMessage, type RequestOptions, request as requestOverHttp } from 'node:http';
import { request as requestOverHttps } from 'node:https';
import type { LookupFunction } from 'node:net';
import { findReservedName, isLocalhostSubdomain, ReservedHostRefusal } from './reserved-hosts.js';

/** One attempt of a callback as it goes out: the URL, the headers and the exact body. */
export interface OutgoingCallback {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What the receiver answered an attempt. */
export interface CallbackReply {
  status: number;
  /** Its Retry-After header, when it sent one. */
  retryAfter: string | null;
}

/**
 * POSTs `callback` to its URL and resolves with the receiver's status line and Retry-After as soon as they arrive,
 * closing the connection without reading the reply's body. Rejects when there was no reply: with an Error whose
 * `cause` is Node's error (its `code` says why: ECONNREFUSED, ECONNRESET, ENOTFOUND, a TLS code), with a
 * ReservedHostRefusal when the host is reserved for documentation (nothing was sent), or with `signal.reason` once
 * `signal` has ended the attempt.
 */
export function postCallback({ url, headers, body }: OutgoingCallback, signal: AbortSignal): Promise<CallbackReply> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const options = toRequestOptions(url, headers, body);
    const reserved = findReservedName(options.hostname ?? '');
    if (reserved) {
      reject(new ReservedHostRefusal(reserved));
      return;
    }
    const outgoing = (options.protocol === 'https:' ? requestOverHttps : requestOverHttp)(options);
    let settled = false;
    const settle = (end: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      end();
    };
    function onAbort() {
      settle(() => reject(signal.reason));
      outgoing.destroy();
    }
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('response', (reply: IncomingMessage) => {
      const retryAfter = reply.headers['retry-after'];
      settle(() => resolve({ status: reply.statusCode ?? 0, retryAfter: retryAfter ?? null }));
      // The body is not wanted: closing now, rather than reading it to the end, is what bounds the memory and the
      // time an attempt takes whatever the receiver sends.
      reply.on('error', () => {});
      reply.destroy();
    });
    // After the reply's head, an error is only the closing of the connection this attempt no longer needs.
    outgoing.on('error', (error) => settle(() => reject(new Error(`the callback request failed: ${error.message}`, { cause: error }))));
    outgoing.end(body);
  });
}

// The URL taken apart, so that nothing of it is sent but the host, the port and the path with its query. A URL with
// user information is refused (the contract forbids it in callback URLs, D14), as fetch refused it, rather than
// turned into an Authorization header as node:http would.
function toRequestOptions(url: string, headers: Record<string, string>, body: string): RequestOptions {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new TypeError(`A callback URL is http or https, not ${target.protocol}`);
  }
  // Refused in the words fetch used, so that an attempt's record reads as before; the URL is redacted where logged.
  if (target.username !== '' || target.password !== '') {
    throw new TypeError(`Request cannot be constructed from a URL that includes credentials: ${url}`);
  }
  return {
    method: 'POST',
    protocol: target.protocol,
    // An IPv6 literal without its brackets, as node:http takes it.
    hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: target.port || undefined,
    path: `${target.pathname}${target.search}`,
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    // A connection of its own, closed after the reply: nothing is pooled between attempts or receivers.
    agent: false,
    ...(isLocalhostSubdomain(target.hostname) ? { lookup: lookupLoopback } : {}),
  };
}

// `*.localhost` is this machine (RFC 6761 §6.3): answered here, so that no resolver is ever asked for such a name (a
// system resolver may send `shop.localhost` on to the network's DNS).
const lookupLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};
