// Sends the API key on every request. The key lives only in this closure: not on the client object, not in
// options a caller can inspect, not in any error.
import type { Middleware } from 'openapi-fetch';

const VISIBLE_ASCII = /^[\x21-\x7E]+$/;

export function createApiKeyMiddleware(apiKey: string): Middleware {
  if (typeof apiKey !== 'string' || !VISIBLE_ASCII.test(apiKey)) {
    // The message never repeats the value: it may be a real key with a stray newline.
    throw new TypeError(
      'createCheckoutClient: apiKey must be a non-empty string of visible ASCII characters (no spaces or line breaks). Read it from your secret store or environment.',
    );
  }
  const authorization = `Api-Key ${apiKey}`;
  return {
    onRequest({ request }) {
      request.headers.set('Authorization', authorization);
    },
  };
}
