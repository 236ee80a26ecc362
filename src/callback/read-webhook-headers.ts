// Pick the three Standard Webhooks headers out of whatever the receiver's framework hands over: a fetch `Headers`
// object or a plain record such as Node's `IncomingHttpHeaders` (any case of name).
import { CallbackMalformedHeadersError, CallbackMissingHeadersError } from './callback-errors.js';

export type CallbackHeaders = Headers | Record<string, string | readonly string[] | undefined>;

export interface WebhookHeaders {
  id: string;
  /** Unix seconds. */
  timestamp: number;
  /** The space-separated signature list, as sent. */
  signature: string;
}

const NAMES = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
const UNIX_SECONDS = /^[0-9]{1,12}$/;

function lowerCaseRecord(headers: CallbackHeaders): Map<string, string | readonly string[] | undefined> {
  const all = new Map<string, string | readonly string[] | undefined>();
  if (typeof Headers !== 'undefined' && headers instanceof Headers) headers.forEach((value, name) => all.set(name, value));
  else for (const [name, value] of Object.entries(headers)) all.set(name.toLowerCase(), value);
  return all;
}

export function readWebhookHeaders(headers: CallbackHeaders): WebhookHeaders {
  if (typeof headers !== 'object' || headers === null) {
    throw new TypeError('verifyCallback: headers must be the request headers (a Headers object or a plain record).');
  }
  const all = lowerCaseRecord(headers);
  const values = NAMES.map((name) => all.get(name));
  const missing = NAMES.filter((_, index) => values[index] === undefined || values[index] === '');
  if (missing.length > 0) throw new CallbackMissingHeadersError(missing);

  const repeated = NAMES.filter((_, index) => typeof values[index] !== 'string');
  if (repeated.length > 0) throw new CallbackMalformedHeadersError(`${repeated.join(', ')} sent more than once`);
  const [id, timestamp, signature] = values as string[];

  if (!UNIX_SECONDS.test(timestamp)) {
    throw new CallbackMalformedHeadersError('webhook-timestamp is not integer Unix seconds');
  }
  return { id, timestamp: Number(timestamp), signature };
}
