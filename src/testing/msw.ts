// checkout-api-contract/msw: request handlers for Mock Service Worker 2, backed by a fetch sandbox
// (createFetchSandbox), for a test suite that already intercepts its network with MSW. msw is an optional peer
// dependency: only this entry imports it.
import { type HttpHandler, http } from 'msw';
import { normalizeBaseUrl } from '../http/base-url.js';
import type { FetchSandbox } from './fetch-sandbox.js';

export interface CheckoutHandlersOptions {
  /** The base URL your code calls, such as `https://api.checkout.example`; requests under it go to the sandbox. */
  baseUrl: string;
}

/** Handlers that answer every request under `baseUrl` from `sandbox`, as if the sandbox were served there. */
export function createCheckoutHandlers(
  sandbox: Pick<FetchSandbox, 'baseUrl' | 'fetch'>,
  { baseUrl }: CheckoutHandlersOptions,
): HttpHandler[] {
  const prefix = readServedPrefix(baseUrl);
  return [
    http.all(matchUnder(prefix), async ({ request }) => {
      const url = new URL(request.url);
      const rest = `${url.origin}${url.pathname}`.slice(prefix.length);
      // The same request, re-addressed under the sandbox's own base URL.
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      return sandbox.fetch(`${sandbox.baseUrl}${rest}${url.search}`, { method: request.method, headers: request.headers, body });
    }),
  ];
}

/**
 * Origin and path of `baseUrl` as the WHATWG parser writes them (as MSW sees requests), without a trailing slash: the
 * base URL as every part reads one (src/http/base-url.ts). A user, password, query or fragment is refused, as MSW
 * would never see them in a request's origin and path.
 */
function readServedPrefix(baseUrl: string): string {
  const prefix = normalizeBaseUrl(baseUrl);
  if (prefix === undefined) {
    throw new TypeError(
      'createCheckoutHandlers: options.baseUrl must be an absolute http(s) URL without user, password, query or fragment, such as https://api.checkout.example.',
    );
  }
  return prefix;
}

// MSW reads a string as a path pattern, where `[`, `+`, `(`, `:` and `*` mean something: an IPv6 host or a path such
// as `/v1:beta` would break the pattern or match other paths. A RegExp of the escaped prefix is matched literally
// against the request's origin and path (MSW leaves the query out), so the handler takes the prefix's own path and
// everything below it, and nothing else. No group captures, so MSW decodes no parameter.
function matchUnder(prefix: string): RegExp {
  const literal = prefix.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  return new RegExp(`^${literal}(?:/.*)?$`, 's');
}
