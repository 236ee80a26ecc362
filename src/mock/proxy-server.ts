// `npm run proxy -- <upstream-url>`: Prism's engine as a validation proxy in front of a running implementation, as
// `prism proxy` serves it. Each request is forwarded as it came; the request and the upstream's response are checked
// against the contract, every violation is logged and listed in the sl-violations response header, and the answer
// is not rewritten, since the point is to see what the implementation really does.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readBody } from '../http/request-body.js';
import { buildCorsHeaders } from './cors.js';
import type { PrismEngine } from './prism-engine.js';

// Prism's own server reads bodies up to 10 MB (micri's limit in prism-http-server).
const PROXY_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

export function createProxyServer(engine: PrismEngine): Server {
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const cors = buildCorsHeaders(request.headersDistinct);
    const read = await readBody(request, PROXY_BODY_LIMIT_BYTES);
    if (!read.ok) {
      // An aborted request has no one to answer.
      if (read.reason === 'too-large') {
        response.writeHead(413, { ...cors, 'content-type': 'text/plain' }).end('The request body is over 10 MB.');
      }
      return;
    }
    const { body } = read;
    const answer = await engine.answer({
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
      body: readBodyAsPrism(request, body),
    });
    const violations = answer.violations.length > 0 ? { 'sl-violations': escapeNonAscii(JSON.stringify(answer.violations)) } : {};
    response.writeHead(answer.status, { ...cors, ...answer.headers, ...violations, 'content-length': String(answer.body.length) });
    response.end(answer.body);
  }
  return createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (response.headersSent) response.destroy();
      else response.writeHead(500, { 'content-type': 'text/plain' }).end(`The proxy failed on this request (${error.message}).`);
    });
  });
}

// As Prism's server reads a body: none without one, JSON for a JSON media type (text when it does not parse, so that
// Prism reports it), text otherwise.
function readBodyAsPrism(request: IncomingMessage, body: Buffer): unknown {
  if (body.length === 0) return null;
  const text = body.toString('utf8');
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// Node refuses a header value with characters above U+00FF; JSON with them escaped reads the same.
function escapeNonAscii(json: string): string {
  return json.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
