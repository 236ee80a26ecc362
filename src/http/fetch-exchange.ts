// The Fetch API side of src/http/exchange.ts: a web Request as a ServerRequest, and an Answer as a web Response. The
// testing kit's fetch sandbox (src/testing/fetch-sandbox.ts) serves its `fetch` function through these, with no
// socket in between.
import type { Answer, BodyResult, ServerRequest } from './exchange.js';

/** `request` as a ServerRequest whose target drops `basePath`, the path of the base URL it was sent to. */
export function fromFetchRequest(request: Request, basePath = ''): ServerRequest {
  const url = new URL(request.url);
  const headers: Record<string, string[]> = {};
  // Headers joins repeated lines with ", "; each name keeps one value, as a proxy that merged them would send it.
  request.headers.forEach((value, name) => {
    headers[name] = [value];
  });
  const length = request.headers.get('content-length');
  return {
    method: request.method,
    target: targetUnder(url, basePath),
    headers,
    declaredLength: length !== null && /^[0-9]+$/.test(length) ? Number(length) : undefined,
    readBody: (limit) => readStream(request.body, limit),
  };
}

/**
 * `fetch(url, init)` as a ServerRequest, without building a web Request, for the way clients call fetch (a URL, a
 * string body, a plain header record): the answer is the same, at a fraction of the cost. Undefined for anything else
 * (a stream or binary body, or a GET or HEAD with a body, which fetch refuses), which the caller sends through a
 * Request instead, so that the runtime's own Request decides (and throws its own TypeError).
 */
export function fromFetchArguments(url: URL, init: RequestInit, basePath = ''): ServerRequest | undefined {
  const { body } = init;
  if (body !== undefined && body !== null && typeof body !== 'string') return undefined;
  const method = normalizeMethod(init.method ?? 'GET');
  if (body !== undefined && body !== null && (method === 'GET' || method === 'HEAD')) return undefined;
  const headers: Record<string, string[]> = {};
  // As Headers does: names in lower case, repeated names joined with ", ", values trimmed.
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = [value];
  });
  const bytes = body ? Buffer.from(body) : Buffer.alloc(0);
  if (body && !headers['content-type']) headers['content-type'] = ['text/plain;charset=UTF-8'];
  return {
    method,
    target: targetUnder(url, basePath),
    headers,
    declaredLength: undefined,
    readBody: async (limit) =>
      bytes.length > limit ? { ok: false, reason: 'too-large', receivedBytes: bytes.length } : { ok: true, body: bytes },
  };
}

// fetch upper-cases the standard methods only (Fetch standard, "normalize a method").
function normalizeMethod(method: string): string {
  const upper = method.toUpperCase();
  return ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'].includes(upper) ? upper : method;
}

function targetUnder(url: URL, basePath: string): string {
  const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
  return `${path}${url.search}`;
}

export function toFetchResponse(answer: Answer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

async function readStream(body: ReadableStream<Uint8Array> | null, limit: number): Promise<BodyResult> {
  if (!body) return { ok: true, body: Buffer.alloc(0) };
  const chunks: Buffer[] = [];
  let received = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > limit) {
        await reader.cancel();
        return { ok: false, reason: 'too-large', receivedBytes: received };
      }
      chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    }
  } catch {
    return { ok: false, reason: 'aborted' };
  }
  return { ok: true, body: Buffer.concat(chunks, received) };
}
