// The typed client: openapi-fetch over the contract's `paths`, with the API key, network errors and the reading of
// the answer handled by middleware, and openapi-fetch's Request replaced by a RequestDraft for speed.
import createClient, { type Middleware } from 'openapi-fetch';
import type { CreateCheckoutRequest, paths } from '../../generated/openapi.js';
import { createApiKeyMiddleware } from './api-key-middleware.js';
import { networkErrorMiddleware } from './network-error-middleware.js';
import { type CreateCheckoutResult, readAnswer } from './read-answer.js';
import { createDraftFetch, type FetchFunction, RequestDraft } from './request-draft.js';

export type { CreateCheckoutResult } from './read-answer.js';

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

export interface CheckoutClient {
  /**
   * Create a hosted checkout. Resolves for every answer that arrives: `data` only for a 201 with a checkout, `error`
   * (a problem document) for anything else; rejects only when no answer arrives.
   */
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

// What openapi-fetch is handed once readAnswer has the result: bodiless, so one instance serves every call (building a
// Response costs more than the rest of the middleware).
const ANSWER_READ = new Response(null, { status: 204 });

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
  client.use(apiKeyMiddleware, networkErrorMiddleware);

  return Object.freeze({
    async createCheckout(body: CreateCheckoutRequest, { idempotencyKey, signal }: CreateCheckoutOptions = {}) {
      let result: CreateCheckoutResult | undefined;
      // This call's own middleware reads the answer (readAnswer: a body that breaks off, a 304 or a 201 that is no
      // checkout all become a problem) and hands openapi-fetch a bodiless 204 in its place, which openapi-fetch
      // returns without parsing: its own parsing would reject on such answers, or give `data` with an `ok` status.
      const answerReader: Middleware = {
        async onResponse({ response, request }) {
          result = await readAnswer(response, request.signal);
          return ANSWER_READ;
        },
      };
      await client.POST('/api/v1/checkouts/', {
        body,
        params: idempotencyKey === undefined ? {} : { header: { 'Idempotency-Key': idempotencyKey } },
        signal,
        middleware: [answerReader],
      });
      return result as CreateCheckoutResult;
    },
  });
}
