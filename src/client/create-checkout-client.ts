// The typed client: openapi-fetch over the contract's `paths`, with the API key, network errors and non-problem
// error bodies handled by middleware, and openapi-fetch's Request replaced by a RequestDraft for speed.
import createClient from 'openapi-fetch';
import type { Checkout, CreateCheckoutRequest, Problem, paths } from '../../generated/openapi.js';
import { createApiKeyMiddleware } from './api-key-middleware.js';
import { networkErrorMiddleware } from './network-error-middleware.js';
import { problemBodyMiddleware } from './problem-body-middleware.js';
import { createDraftFetch, type FetchFunction, RequestDraft } from './request-draft.js';

export interface CheckoutClientOptions {
  /** Scheme and host of the API, such as `https://api.checkout.example`; the client adds `/api/v1/checkouts/`. */
  baseUrl: string;
  /** Your secret API key, sent as `Authorization: Api-Key <key>`. Read it from a secret store, never from source. */
  apiKey: string;
  /** A fetch-compatible function, called as `fetch(url, init)`. Default: `globalThis.fetch`. */
  fetch?: FetchFunction;
  /** Extra headers sent with every request (for example a `User-Agent`). `Authorization` is always the API key. */
  headers?: Record<string, string>;
}

export interface CreateCheckoutOptions {
  /** Sent as `Idempotency-Key`: a retry with the same key and body returns the first checkout (1–255 visible ASCII). */
  idempotencyKey?: string;
  /** Aborts the request; the promise then rejects with the signal's reason (an `AbortError` by default). */
  signal?: AbortSignal;
}

/**
 * The result: `data` (a Checkout) on 201 or 200 (D1), else `error` (a Problem); `response` always. This is the shape
 * openapi-fetch returns, written with the generated types themselves: openapi-fetch's own result type maps each
 * field through a deep `Readable<>`, which turns the open enums' `string & {}` (D26) into an object type.
 */
export type CreateCheckoutResult =
  | { data: Checkout; error?: never; response: Response }
  | { data?: never; error: Problem; response: Response };

export interface CheckoutClient {
  /** Create a hosted checkout. Resolves for every HTTP answer; rejects only when no response arrives. */
  createCheckout(body: CreateCheckoutRequest, options?: CreateCheckoutOptions): Promise<CreateCheckoutResult>;
}

function checkBaseUrl(baseUrl: unknown): string {
  const parsed = typeof baseUrl === 'string' && URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new TypeError(
      'createCheckoutClient: baseUrl must be an absolute http(s) URL of the API host, such as https://api.checkout.example.',
    );
  }
  return baseUrl as string;
}

function checkFetch(fetchFunction: unknown): FetchFunction {
  // Looked up at call time, and called as a plain function: some runtimes refuse an unbound `fetch` reference.
  if (fetchFunction === undefined) return (input, init) => globalThis.fetch(input, init);
  if (typeof fetchFunction !== 'function') {
    throw new TypeError('createCheckoutClient: fetch must be a fetch-compatible function, or left out to use globalThis.fetch.');
  }
  return fetchFunction as FetchFunction;
}

export function createCheckoutClient(options: CheckoutClientOptions): CheckoutClient {
  const baseUrl = checkBaseUrl(options?.baseUrl);
  const apiKeyMiddleware = createApiKeyMiddleware(options.apiKey);
  const client = createClient<paths>({
    baseUrl,
    headers: options.headers,
    // See request-draft.ts: one Request per call instead of two.
    Request: RequestDraft as unknown as typeof Request,
    fetch: createDraftFetch(checkFetch(options.fetch)),
  });
  client.use(apiKeyMiddleware, networkErrorMiddleware, problemBodyMiddleware);

  return Object.freeze({
    createCheckout(body: CreateCheckoutRequest, { idempotencyKey, signal }: CreateCheckoutOptions = {}) {
      return client.POST('/api/v1/checkouts/', {
        body,
        params: idempotencyKey === undefined ? {} : { header: { 'Idempotency-Key': idempotencyKey } },
        signal,
      }) as Promise<CreateCheckoutResult>;
    },
  });
}
