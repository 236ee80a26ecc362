// Turns a failed fetch (no response at all) into a CheckoutNetworkError that says where the client tried to go.
// An abort is the caller's own decision and is passed through unchanged, so `err.name === 'AbortError'` still works.
import type { Middleware } from 'openapi-fetch';
import { CheckoutNetworkError } from './checkout-network-error.js';

function isAbort(error: unknown, signal: AbortSignal | null): boolean {
  if (signal?.aborted) return true;
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

export const networkErrorMiddleware: Middleware = {
  onError({ error, request }) {
    if (isAbort(error, request.signal)) return undefined;
    return new CheckoutNetworkError(request.url, error);
  },
};
