// The contract's promise for every error (D2, D3): the documented status, served as application/problem+json, a
// body valid against the Problem schema whose `status` repeats the HTTP status and whose `type` ends in the
// problem's slug. Returns what is wrong, empty when the answer keeps the promise.
import type { ValidateFunction } from 'ajv';
import { mediaTypeOf, parseJsonBody, type Exchange } from '../send-request.js';

export interface ExpectedProblem {
  status: number;
  slug: string;
}

export function describeStatus(exchange: Exchange): string {
  if (!exchange.response) return `no response (${exchange.error})`;
  return `answered ${exchange.response.status}`;
}

export function problemViolations(exchange: Exchange, expected: ExpectedProblem, validateProblem: ValidateFunction): string[] {
  const { response } = exchange;
  const wanted = `${expected.status} ${expected.slug}`;
  if (!response) return [`no response (${exchange.error}); expected ${wanted}`];
  if (response.status >= 500) return [`answered ${response.status}, a server error on client input; expected ${wanted}`];
  if (response.status >= 200 && response.status < 300) return [`answered ${response.status}: the request was accepted; expected ${wanted}`];
  const messages: string[] = [];
  if (response.status !== expected.status) messages.push(`answered ${response.status}; expected ${wanted}`);
  const mediaType = mediaTypeOf(response.headers);
  if (mediaType !== 'application/problem+json') messages.push(`Content-Type is ${JSON.stringify(response.headers['content-type'] ?? null)}; expected application/problem+json`);
  const body = parseJsonBody(response) as Record<string, unknown> | undefined;
  if (body === undefined) return [...messages, 'the body is not JSON; expected a Problem document'];
  if (!validateProblem(body)) messages.push(`the body is not a Problem: ${formatSchemaErrors(validateProblem)}`);
  if (body && typeof body === 'object') {
    if (typeof body.status === 'number' && body.status !== response.status) messages.push(`body.status is ${body.status} but the HTTP status is ${response.status}`);
    if (typeof body.type === 'string' && response.status === expected.status && !body.type.endsWith(`/${expected.slug}`)) {
      messages.push(`type is ${JSON.stringify(body.type)}; expected a URI ending in /${expected.slug}`);
    }
  }
  return messages;
}

export function formatSchemaErrors(validate: ValidateFunction, limit = 5): string {
  const errors = validate.errors ?? [];
  const shown = errors.slice(0, limit).map((e) => `${e.instancePath || '(root)'} ${e.message}${e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : ''}`);
  return shown.join('; ') + (errors.length > limit ? `; and ${errors.length - limit} more` : '');
}
