// Keeps `error` true to its type. The service answers every error with a problem document, but a proxy or load
// balancer in between may answer 502 with an HTML page or 401 with no body at all; openapi-fetch would then hand
// back a string or `undefined` as `error` (and `if (error)` would miss the failure). Such a response is replaced by
// an RFC 9457 `about:blank` problem (status, title, a detail naming what arrived); the status and headers are kept.
import type { Middleware } from 'openapi-fetch';
import type { Problem } from '../../generated/openapi.js';

function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  const { type, title, status, detail } = body as Record<string, unknown>;
  return typeof type === 'string' && typeof title === 'string' && typeof status === 'number' && typeof detail === 'string';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeBody(response: Response, text: string): string {
  if (text === '') return 'an empty body';
  const mediaType = response.headers.get('Content-Type')?.split(';')[0]?.trim();
  return `a ${mediaType || 'body without Content-Type'} that is not a problem document`;
}

async function replaceNonProblemBody(response: Response): Promise<Response | undefined> {
  const text = await response.clone().text();
  if (isProblem(parseJson(text))) return undefined;
  const title = response.statusText || `HTTP ${response.status}`;
  const problem: Problem = {
    type: 'about:blank',
    title,
    status: response.status,
    detail: `The server answered ${response.status} ${title} with ${describeBody(response, text)}, so it probably came from a proxy or gateway rather than the Checkout API.`,
  };
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/problem+json');
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  return new Response(JSON.stringify(problem), { status: response.status, statusText: response.statusText, headers });
}

export const problemBodyMiddleware: Middleware = {
  // Not async: a success answer (the common case) returns at once, without a promise of its own.
  onResponse({ response }) {
    if (response.status < 400 || response.status > 599) return undefined;
    return replaceNonProblemBody(response);
  },
};
