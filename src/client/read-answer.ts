// Turns whatever arrived into createCheckout's result, so that the promise keeps its word (docs/client.md): `data`
// only for a 201 or 200 (D1) whose body is a checkout, otherwise a truthy `error` that is always a problem document, and no
// rejection once an answer has arrived. The service itself answers 201 (or 200) or a problem, but a proxy, a cache or a
// broken connection in between can hand over anything: a 200 HTML page, a 304, a 201 cut short, a body that breaks
// off or falsely claims gzip. Those get a problem made here (the status as it arrived, a `type` naming what was
// wrong); an error status whose body is not a problem document gets an `about:blank` problem (RFC 9457: nothing to
// say beyond the status).
import type { Checkout, Problem } from '../../generated/openapi.js';

/**
 * The result: `data` (a Checkout) on 201 or 200 (D1) with a checkout, else `error` (a Problem); `response` always. Written with
 * the generated types themselves: openapi-fetch's own result type maps each field through a deep `Readable<>`,
 * which turns the open enums' `string & {}` (D26) into an object type.
 */
export type CreateCheckoutResult =
  | { data: Checkout; error?: never; response: Response }
  | { data?: never; error: Problem; response: Response };

const CLIENT_PROBLEM = 'urn:checkout-api-contract:client:';

/** The `type` of each problem the client makes itself, when what arrived was not an answer of the Checkout API. */
const CLIENT_PROBLEM_TYPES = {
  /** A status the API never gives createCheckout: not 201 or 200, and not an error (4xx or 5xx). */
  unexpectedStatus: `${CLIENT_PROBLEM}unexpected-status`,
  /** A 201 or 200 whose body is empty, not JSON, or not an object with the checkout's `id` and `url`. */
  invalidCheckout: `${CLIENT_PROBLEM}invalid-checkout`,
  /** A body that could not be read to its end: the connection broke off, or its Content-Encoding did not decode. */
  unreadableBody: `${CLIENT_PROBLEM}unreadable-body`,
} as const;

// The statuses the contract documents for a created checkout, both with the record (D1); the test in
// test/client/create-checkout.test.ts holds this list to the contract's.
export const CHECKOUT_STATUSES: readonly number[] = [200, 201];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// What every caller reads of a checkout: the id to find it again and the url to send the customer to. The rest of
// the record is not checked here (the client stays small, and v1 only adds fields, D26).
function isCheckout(body: unknown): body is Checkout {
  return isObject(body) && typeof body.id === 'string' && typeof body.url === 'string';
}

function isProblem(body: unknown): body is Problem {
  if (!isObject(body)) return false;
  const { type, title, status, detail } = body;
  return typeof type === 'string' && typeof title === 'string' && typeof status === 'number' && typeof detail === 'string';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeStatus(response: Response): string {
  return `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
}

function describeBody(response: Response, text: string, kind: string): string {
  if (text === '') return 'an empty body';
  const mediaType = response.headers.get('Content-Type')?.split(';')[0]?.trim();
  return `a ${mediaType || 'body without Content-Type'} that is not ${kind}`;
}

function describeReadFailure(failure: unknown): string {
  const error = failure as { message?: unknown; cause?: { message?: unknown } } | undefined;
  const message = error?.cause?.message ?? error?.message;
  return typeof message === 'string' ? message : String(failure);
}

function problemOf(response: Response, type: string, title: string, detail: string): Problem {
  return { type, title, status: response.status, detail };
}

/** The body as text, or the read failure; an abort of the caller's signal rejects with its reason, as fetch would. */
async function readText(response: Response, signal: AbortSignal | null): Promise<{ text: string } | { failure: unknown }> {
  try {
    return { text: await response.text() };
  } catch (failure) {
    if (signal?.aborted) throw signal.reason;
    return { failure };
  }
}

/** Reads the answer's body once and judges it; rejects only with the caller's abort. */
export async function readAnswer(response: Response, signal: AbortSignal | null): Promise<CreateCheckoutResult> {
  const isError = response.status >= 400 && response.status <= 599;
  if (!isError && !CHECKOUT_STATUSES.includes(response.status)) {
    // Its body (a 304 has none, a 200 HTML page one nobody needs) is left unread; the connection is released.
    await response.body?.cancel().catch(() => {});
    const detail = `The server answered ${describeStatus(response)}, which the Checkout API never gives createCheckout (it answers 201 or 200 with the checkout, or 4xx/5xx with a problem), so the answer probably came from a proxy, cache or gateway in between. No checkout is known to have been created: retry with the same idempotencyKey.`;
    return { error: problemOf(response, CLIENT_PROBLEM_TYPES.unexpectedStatus, 'Unexpected status', detail), response };
  }
  const read = await readText(response, signal);
  if ('failure' in read) {
    const detail = `The server answered ${describeStatus(response)} but its body could not be read to its end (${describeReadFailure(read.failure)}): the connection broke off, or the body was not encoded as its Content-Encoding said. Retry with the same idempotencyKey.`;
    return { error: problemOf(response, CLIENT_PROBLEM_TYPES.unreadableBody, 'Unreadable body', detail), response };
  }
  const body = parseJson(read.text);
  if (!isError) {
    if (isCheckout(body)) return { data: body, response };
    const detail = `The server answered ${describeStatus(response)} with ${describeBody(response, read.text, 'a checkout (a JSON object with an id and a url)')}, so no checkout can be read from it (a body cut short, or a proxy's page). Retry with the same idempotencyKey to get the checkout.`;
    return { error: problemOf(response, CLIENT_PROBLEM_TYPES.invalidCheckout, 'Invalid checkout', detail), response };
  }
  if (isProblem(body)) return { error: body, response };
  const title = response.statusText || `HTTP ${response.status}`;
  const detail = `The server answered ${describeStatus(response)} with ${describeBody(response, read.text, 'a problem document')}, so it probably came from a proxy or gateway rather than the Checkout API.`;
  return { error: problemOf(response, 'about:blank', title, detail), response };
}
