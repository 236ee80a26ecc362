// A proxy in front of a working implementation (the sandbox) that breaks one promise of the contract at a time:
// it may change the request on its way in, the answer on its way out, or the callback on its way to the receiver
// (it then points callback_url at itself and relays). With no mutation it passes everything through unchanged.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The body is not UTF-8: its characters are its bytes (latin1), and it is sent on as those bytes. */
  binary?: boolean;
  /** Headers that came on more than one line (two Authorization headers), sent on the same way; they replace
   *  `headers`', which keeps the first (as Node does). */
  repeated?: Record<string, string[]>;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Sent with Transfer-Encoding: chunked, in pieces, instead of with a Content-Length. */
  chunked?: boolean;
  /** Sent compressed with gzip (Content-Encoding: gzip). */
  gzip?: boolean;
}

export interface ProxyTools {
  /** Send a request to the implementation behind the proxy, unchanged. */
  forward(request: ProxiedRequest): Promise<ProxiedResponse>;
  /** Per-run state a mutation may keep (the first id it saw, …). */
  state: Record<string, unknown>;
}

export interface Breakage {
  request?(request: ProxiedRequest, tools: ProxyTools): ProxiedRequest | undefined;
  response?(
    response: ProxiedResponse,
    request: ProxiedRequest,
    tools: ProxyTools,
  ): ProxiedResponse | undefined | Promise<ProxiedResponse | undefined>;
  /** Change a callback delivery; return null to drop it. */
  callback?(delivery: ProxiedRequest): ProxiedRequest | null;
  /** Take a callback delivery over: relay it (or not, or more than once) and choose the status the implementation gets. */
  deliver?(delivery: ProxiedRequest, tools: DeliveryTools): Promise<number>;
  /** Hide the receiver's Retry-After from the implementation (as one that never reads it). */
  hideRetryAfter?: boolean;
}

export interface DeliveryTools {
  /** The callback_url the implementation was given (the kit's receiver). */
  target: URL;
  /** Send a delivery on to the receiver; resolves with its status, rejects when it gave no answer. */
  relay(delivery: ProxiedRequest): Promise<number>;
  /** The receiver's last reply: its status and headers (a Retry-After goes back to the implementation with it). */
  lastReply(): { status: number; headers: Record<string, string> };
  state: Record<string, unknown>;
}

export interface BrokenProxy {
  url: string;
  use(breakage: Breakage | undefined): void;
  close(): Promise<void>;
}

const RELAY_PREFIX = '/__relay/';

export async function startBrokenProxy(upstream: string): Promise<BrokenProxy> {
  let breakage: Breakage | undefined;
  let state: Record<string, unknown> = {};
  const upstreamUrl = new URL(upstream);
  const forward = (request: ProxiedRequest, target = upstreamUrl): Promise<ProxiedResponse> =>
    sendRaw(request.path.startsWith('/') ? new URL(request.path, target) : target, request);
  let ownUrl = '';

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const text = bytes.toString('utf8');
    const binary = !Buffer.from(text, 'utf8').equals(bytes);
    let request: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: flatten(req.headers),
      body: binary ? bytes.toString('latin1') : text,
      ...(binary && { binary }),
      ...repeatedHeaders(req.rawHeaders),
    };
    delete request.headers.host;
    try {
      if (request.path.startsWith(RELAY_PREFIX)) {
        await relayCallback(request, res);
        return;
      }
      const tools: ProxyTools = { forward, state };
      if (breakage?.callback || breakage?.deliver || breakage?.hideRetryAfter) request = pointCallbackAtProxy(request);
      request = breakage?.request?.(request, tools) ?? request;
      let response = await forward(request);
      response = (await breakage?.response?.(response, request, tools)) ?? response;
      send(res, response);
    } catch (error) {
      send(res, { status: 502, headers: { 'content-type': 'text/plain' }, body: `broken proxy: ${(error as Error).message}` });
    }
  });

  async function relayCallback(delivery: ProxiedRequest, res: http.ServerResponse) {
    const target = new URL(decodeURIComponent(delivery.path.slice(RELAY_PREFIX.length)));
    // The receiver's Retry-After travels back with its status, as the implementation would see it (D7).
    const replyHeaders = (answer: { status: number; retryAfter?: string }, status: number): Record<string, string> =>
      answer.retryAfter !== undefined && answer.status === status && !breakage?.hideRetryAfter ? { 'retry-after': answer.retryAfter } : {};
    if (breakage?.deliver) {
      let last: { status: number; headers: Record<string, string> } = { status: 0, headers: {} };
      const relay = async (changed: ProxiedRequest) => {
        const answer = await sendRaw(target, { ...changed, path: target.pathname + target.search });
        last = { status: answer.status, headers: answer.headers };
        return answer.status;
      };
      const status = await breakage.deliver(delivery, { target, relay, lastReply: () => last, state });
      send(res, { status, headers: replyHeaders({ status: last.status, retryAfter: last.headers['retry-after'] }, status), body: '' });
      return;
    }
    const changed = breakage?.callback ? breakage.callback(delivery) : delivery;
    if (changed === null) {
      send(res, { status: 204, headers: {}, body: '' });
      return;
    }
    const answer = await sendRaw(target, { ...changed, path: target.pathname + target.search });
    send(res, {
      status: answer.status,
      headers: replyHeaders({ status: answer.status, retryAfter: answer.headers['retry-after'] }, answer.status),
      body: '',
    });
  }

  function pointCallbackAtProxy(request: ProxiedRequest): ProxiedRequest {
    try {
      const body = JSON.parse(request.body);
      // Only the kit's own receiver paths: an invalid callback_url (or an oversized body) must reach the implementation as sent.
      if (typeof body?.callback_url !== 'string' || !/^http:\/\/[^/]+\/checkout-conformance\//.test(body.callback_url)) return request;
      body.callback_url = `${ownUrl}${RELAY_PREFIX}${encodeURIComponent(body.callback_url)}`;
      return { ...request, body: JSON.stringify(body) };
    } catch {
      return request;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  ownUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: ownUrl,
    use(next) {
      breakage = next;
      state = {};
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function flatten(headers: http.IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
}

/** The headers that came on more than one line, from Node's raw list of names and values. */
function repeatedHeaders(raw: string[]): Pick<ProxiedRequest, 'repeated'> {
  const lines = new Map<string, string[]>();
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index].toLowerCase();
    lines.set(name, [...(lines.get(name) ?? []), raw[index + 1]]);
  }
  const repeated = Object.fromEntries([...lines].filter(([, values]) => values.length > 1));
  return Object.keys(repeated).length > 0 ? { repeated } : {};
}

function send(res: http.ServerResponse, response: ProxiedResponse): void {
  const headers = { ...response.headers };
  for (const name of ['content-length', 'transfer-encoding', 'connection', 'keep-alive']) delete headers[name];
  const body = response.gzip ? gzipSync(response.body) : Buffer.from(response.body);
  if (response.gzip) headers['content-encoding'] = 'gzip';
  if (response.chunked) {
    res.writeHead(response.status, { ...headers, 'transfer-encoding': 'chunked' });
    const middle = Math.floor(body.length / 2);
    res.write(body.subarray(0, middle));
    res.end(body.subarray(middle));
    return;
  }
  res.writeHead(response.status, { ...headers, 'content-length': body.length });
  res.end(body);
}

function sendRaw(url: URL, request: ProxiedRequest): Promise<ProxiedResponse> {
  const headers: Record<string, string | number | string[]> = { ...request.headers, ...request.repeated };
  delete headers['content-length'];
  delete headers.host;
  const body = Buffer.from(request.body, request.binary ? 'latin1' : 'utf8');
  if (request.body !== '' || request.method === 'POST') headers['content-length'] = body.length;
  return new Promise((resolve, reject) => {
    let answered = false;
    // A target that is not a path (`*`, an unreadable URL) is sent on as it came, not resolved against the upstream.
    const target = request.path.startsWith('/') ? {} : { path: request.path };
    const req = http.request(url, { method: request.method, headers, ...target }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: flatten(res.headers), body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    // An implementation may answer (413) and close before the whole body is written; the answer still counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}
