// One HTTP exchange with the implementation, recorded whole (request and response) so that a failed check can show
// exactly what was sent and what came back. node:http rather than fetch: some probes must send no Content-Type or
// a body that is not JSON, which fetch would "fix".
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** `latin1`: each character of the body is one byte (U+0000 to U+00FF), sent as it is: a body that is not UTF-8. */
  bodyEncoding?: 'latin1';
  /** The request target sent as it is instead of the URL's path and query (`*`, a URL no parser reads). */
  target?: string;
  /** Headers sent on more than one line, one value a line (two `Authorization` headers); they replace `headers`'. */
  repeatedHeaders?: Record<string, string[]>;
  /** How many characters of the body were dropped when the run kept only its start (retain-finding.ts). */
  omittedChars?: number;
}

export interface ReceivedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How many characters of the body were dropped when the run kept only its start (retain-finding.ts). */
  omittedChars?: number;
}

export interface Exchange {
  request: SentRequest;
  response?: ReceivedResponse;
  /** Set when no response arrived: refused, reset, timed out. */
  error?: string;
  durationMs: number;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface Requester {
  send(request: SentRequest): Promise<Exchange>;
  /** Close the kept-alive sockets, so the process can exit as soon as the run ends. */
  close(): void;
}

const RATE_LIMIT_RETRIES = 3;

/** A requester with its own connection pool and the run's timeout. A 429 whose Retry-After fits in the timeout
 *  is waited out and retried (D25): a rate limit is the service working as documented, not a verdict. Each 429 so
 *  waited out is shown to `onRetried429` (the answer the caller gets is the one after it). */
export function createRequester(timeoutMs: number, onRetried429: (exchange: Exchange) => void = () => {}): Requester {
  const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 16 }), https: new https.Agent({ keepAlive: true, maxSockets: 16 }) };
  const send = async (request: SentRequest): Promise<Exchange> => {
    for (let attempt = 0; ; attempt += 1) {
      const exchange = await sendRequest(request, timeoutMs, agents);
      const retryAfterMs = Number(exchange.response?.headers['retry-after']) * 1000;
      if (exchange.response?.status !== 429 || attempt === RATE_LIMIT_RETRIES || !(retryAfterMs >= 0 && retryAfterMs <= timeoutMs))
        return exchange;
      onRetried429(exchange);
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
    }
  };
  return {
    send,
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function sendRequest(
  request: SentRequest,
  timeoutMs: number,
  agents: { http: http.Agent; https: https.Agent },
  staleSocketRetried = false,
): Promise<Exchange> {
  const started = performance.now();
  const url = new URL(request.url);
  const transport = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string | number | string[]> = { ...request.headers, ...request.repeatedHeaders };
  const body = request.body === undefined ? undefined : Buffer.from(request.body, request.bodyEncoding ?? 'utf8');
  if (body !== undefined) headers['content-length'] = body.length;

  return new Promise((resolve) => {
    let settled = false;
    let responded = false;
    const finish = (outcome: { response?: ReceivedResponse; error?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ request, ...outcome, durationMs: performance.now() - started });
    };
    const req = transport.request(
      url,
      {
        method: request.method,
        headers,
        agent: url.protocol === 'https:' ? agents.https : agents.http,
        ...(request.target !== undefined && { path: request.target }),
      },
      (res) => {
        responded = true;
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = () => ({
          status: res.statusCode ?? 0,
          headers: flattenHeaders(res.headers),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        // A compressed answer is read decoded (the kit sends no Accept-Encoding, so any coding is acceptable, RFC 9110
        // §12.5.3), and no further than the bound: a small body that inflates to gigabytes stops there.
        const decoder = decoderFor(res.headers['content-encoding']);
        const body = decoder ? res.pipe(decoder) : res;
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BODY_BYTES) chunks.push(chunk);
          else if (decoder) {
            res.destroy();
            decoder.destroy();
            finish({ response: answer() });
          }
        });
        body.on('end', () => finish({ response: answer() }));
        res.on('error', (error) => finish({ error: describeError(error) }));
        decoder?.on('error', (error) =>
          finish({ error: `the ${res.headers['content-encoding']} body could not be decoded: ${describeError(error)}` }),
        );
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ error: `no response within ${timeoutMs} ms (raise --timeout if the implementation is slow)` });
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed while idle, just as this request went out on it: the server never read
      // the request, so it is sent once more on a new socket (the retry Node's documentation gives for
      // `request.reusedSocket`), rather than blaming the service for its keep-alive timeout on a loaded machine.
      if (req.reusedSocket && error.code === 'ECONNRESET' && !responded && !settled && !staleSocketRetried) {
        settled = true;
        clearTimeout(timer);
        resolve(sendRequest(request, timeoutMs, agents, true));
        return;
      }
      finish({ error: describeError(error) });
    });
    // A server may answer (413) and close before the whole body is written; the answer still counts.
    req.end(body);
  });
}

/** A decoder for the content codings Node reads (gzip, deflate, br); undefined for none or another one (kept as sent). */
function decoderFor(coding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  switch (coding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
}

function describeError(error: NodeJS.ErrnoException): string {
  return error.code ? `${error.code}: ${error.message}` : error.message;
}

/**
 * How deep the kit reads a JSON answer. The contract's schemas are a few levels deep, so anything deeper is an extra
 * field (D28 allows them) that no schema constrains; kept as its JSON text, it can be compared but never walked, so no
 * check, serialiser or validator can run out of stack on a valid record.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The body parsed as JSON (every value deeper than MAX_JSON_DEPTH as its JSON text), or undefined when it is not
 * JSON.
 */
export function parseJsonBody(response: ReceivedResponse | undefined): unknown {
  if (!response || response.body === '') return undefined;
  try {
    // JSON.parse itself does not recurse; only a value found too deep is parsed again from the bounded text.
    const value: unknown = JSON.parse(response.body);
    return nestsDeeperThan(value, MAX_JSON_DEPTH) ? JSON.parse(boundJsonDepth(response.body, MAX_JSON_DEPTH)) : value;
  } catch {
    return undefined;
  }
}

/** Whether a parsed value nests objects or arrays deeper than `maxDepth`: a work list, no recursion. */
function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * The JSON text with every object or array nested deeper than `maxDepth` replaced by a string holding its text. One
 * pass over the characters, no recursion; text that is not JSON stays not JSON (JSON.parse then refuses it).
 */
function boundJsonDepth(text: string, maxDepth: number): string {
  const kept: string[] = [];
  let keptUpTo = 0;
  let depth = 0;
  let deepStart = -1;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{' || char === '[') {
      depth += 1;
      if (depth === maxDepth + 1) deepStart = index;
    } else if (char === '}' || char === ']') {
      if (depth === maxDepth + 1 && deepStart !== -1) {
        kept.push(text.slice(keptUpTo, deepStart), JSON.stringify(text.slice(deepStart, index + 1)));
        keptUpTo = index + 1;
        deepStart = -1;
      }
      depth -= 1;
    }
  }
  return keptUpTo === 0 ? text : `${kept.join('')}${text.slice(keptUpTo)}`;
}

/** The media type of a Content-Type header, lower-cased and without parameters. */
export function mediaTypeOf(headers: Record<string, string>): string | undefined {
  const value = headers['content-type'];
  return value === undefined ? undefined : value.split(';')[0].trim().toLowerCase();
}
