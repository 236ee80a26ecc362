// The CORS headers Prism 5.14.2 puts on every answer (its default --cors; setCommonCORSHeaders in
// @stoplight/prism-http-server), so that a browser script reads every answer, the mock's own problems included, and
// the preflight answer Prism's server gives.
import type { Answer, ServerRequest } from '../http/exchange.js';

type Headers = ServerRequest['headers'];

/** A header's lines joined as Node joins a repeated header it does not discard. */
function joinLines(headers: Headers, name: string): string | undefined {
  return headers[name]?.join(', ');
}

export function buildCorsHeaders(headers: Headers): Record<string, string> {
  return {
    'access-control-allow-origin': joinLines(headers, 'origin') || '*',
    'access-control-allow-headers': joinLines(headers, 'access-control-request-headers') || '*',
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': joinLines(headers, 'access-control-expose-headers') || '*',
  };
}

export function isPreflight(request: ServerRequest): boolean {
  return (
    request.method === 'OPTIONS' &&
    Boolean(joinLines(request.headers, 'origin')) &&
    Boolean(joinLines(request.headers, 'access-control-request-method'))
  );
}

/** A CORS preflight, answered as Prism's server answers it: the method asked for, no body. */
export function answerPreflight(request: ServerRequest, cors: Record<string, string>): Answer {
  const method = joinLines(request.headers, 'access-control-request-method') || 'GET,DELETE,HEAD,PATCH,POST,PUT,OPTIONS';
  return { status: 204, headers: { ...cors, 'access-control-allow-methods': method, vary: 'origin' }, body: '' };
}
