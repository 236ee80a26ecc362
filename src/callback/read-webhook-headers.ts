// Pick the three Standard Webhooks headers out of whatever the receiver's framework hands over: a plain record such
// as Node's `req.headers` or `req.headersDistinct` (any case of name, string or array values), any Headers-like
// object with `get` (the global Headers, undici's, a framework's own), a Map, or an array of [name, value] entries.
// Nothing here tests `instanceof`: a Headers object from another copy of undici is not an instance of the global one.
import { refuseCallback } from './callback-errors.js';

type HeaderValue = string | readonly string[] | undefined;

/** The request headers, in any shape Node frameworks give them. */
export type CallbackHeaders =
  | { get(name: string): string | null | undefined }
  | ReadonlyMap<string, HeaderValue>
  | ReadonlyArray<readonly [string, HeaderValue]>
  | { readonly [name: string]: HeaderValue };

export interface WebhookHeaders {
  id: string;
  /** Unix seconds. */
  timestamp: number;
  /** The space-separated signature list, as sent. */
  signature: string;
}

const NAMES = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
type Name = (typeof NAMES)[number];
const UNIX_SECONDS = /^[0-9]{1,12}$/;
const SHAPES = 'a Headers object, a Map, [name, value] entries or a plain record such as req.headers';

// Every value given for each of the three names, whatever their case, as received (not yet checked to be text).
function collectValues(headers: CallbackHeaders): Map<Name, unknown[]> {
  const found = new Map<Name, unknown[]>(NAMES.map((name) => [name, []]));
  const add = (name: unknown, value: unknown) => {
    if (typeof name !== 'string') throw new TypeError(`verifyCallback: a header name must be a string; pass ${SHAPES}.`);
    const values = found.get(name.toLowerCase() as Name);
    if (values && value !== undefined && value !== null) values.push(...(Array.isArray(value) ? value : [value]));
  };
  if (Array.isArray(headers)) {
    for (const entry of headers as unknown[]) {
      if (!Array.isArray(entry) || entry.length !== 2) {
        throw new TypeError(`verifyCallback: header entries must be [name, value] pairs; pass ${SHAPES}.`);
      }
      add(entry[0], entry[1]);
    }
  } else if (headers instanceof Map) {
    // A Map's get() is case-sensitive, so read every entry.
    for (const [name, value] of headers) add(name, value);
  } else if (typeof (headers as { get?: unknown }).get === 'function') {
    // A Headers-like object: get() is case-insensitive and joins repeated lines with ", ".
    for (const name of NAMES) add(name, (headers as { get(name: string): unknown }).get(name));
  } else {
    for (const [name, value] of Object.entries(headers)) add(name, value);
  }
  return found;
}

// The one text value of a header: empty when absent, or the reason it is not usable.
function readText(name: Name, values: unknown[]): { text: string } | { problem: string } {
  const texts = values.filter((value) => value !== '');
  if (texts.length === 0) return { text: '' };
  if (texts.length > 1) return { problem: `${name} was sent ${texts.length} times; a delivery carries it once` };
  const [value] = texts;
  if (typeof value === 'string') return { text: value };
  const kind = typeof value === 'number' ? `the number ${value}` : `a ${typeof value}`;
  return { problem: `${name} is ${kind}, not text; pass the headers as received, where every value is a string` };
}

export function readWebhookHeaders(headers: CallbackHeaders): WebhookHeaders {
  if (typeof headers !== 'object' || headers === null) {
    throw new TypeError(`verifyCallback: headers must be the request headers: ${SHAPES}.`);
  }
  const values = collectValues(headers);
  const read = NAMES.map((name) => readText(name, values.get(name)!));
  const missing = NAMES.filter((_, index) => 'text' in read[index] && (read[index] as { text: string }).text === '');
  if (missing.length > 0) throw refuseCallback.missingHeaders(missing);
  const problems = read.flatMap((result) => ('problem' in result ? [result.problem] : []));
  if (problems.length > 0) throw refuseCallback.malformedHeaders(problems.join('; '));
  const [id, timestamp, signature] = read.map((result) => (result as { text: string }).text);

  if (!UNIX_SECONDS.test(timestamp)) {
    throw refuseCallback.malformedHeaders('webhook-timestamp is not integer Unix seconds');
  }
  return { id, timestamp: Number(timestamp), signature };
}
