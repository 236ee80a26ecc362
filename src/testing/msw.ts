// checkout-api-contract/msw: request handlers for Mock Service Worker 2, backed by an in-process checkout mock, for a
// test suite that already intercepts its network with MSW. msw is an optional peer dependency: only this entry
// imports it.
import { type HttpHandler, http } from 'msw';
import type { CheckoutMock } from './checkout-mock.js';

export interface CheckoutHandlersOptions {
  /** The base URL your code calls, such as `https://api.checkout.example`; requests under it go to the mock. */
  baseUrl: string;
}

/** Handlers that answer every request under `baseUrl` from `mock`, as if the mock were served there. */
export function createCheckoutHandlers(mock: Pick<CheckoutMock, 'baseUrl' | 'fetch'>, { baseUrl }: CheckoutHandlersOptions): HttpHandler[] {
  const served = new URL(baseUrl);
  const prefix = `${served.origin}${served.pathname.replace(/\/+$/, '')}`;
  return [
    http.all(`${prefix}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const rest = `${url.origin}${url.pathname}`.slice(prefix.length);
      // The same request, re-addressed under the mock's own base URL.
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      return mock.fetch(`${mock.baseUrl}${rest}${url.search}`, { method: request.method, headers: request.headers, body });
    }),
  ];
}
