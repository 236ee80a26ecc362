// RFC 9457 problem documents with the contract's type URIs and titles (docs/decisions.md D2, D3). The sandbox-only
// helpers add their own types (checkout-not-found, checkout-not-open) under the same base.
import { randomUUID } from 'node:crypto';
import type { FieldError, Problem } from '../../../generated/openapi.js';

export const PROBLEM_TYPE_BASE = 'https://api.checkout.example/problems/';

const TITLES = {
  'malformed-json': [400, 'Malformed JSON'],
  'bad-request': [400, 'Bad request'],
  unauthorized: [401, 'Unauthorized'],
  'not-found': [404, 'Not found'],
  'checkout-not-found': [404, 'Checkout not found'],
  'method-not-allowed': [405, 'Method not allowed'],
  'idempotency-request-in-progress': [409, 'Idempotency request in progress'],
  'checkout-not-open': [409, 'Checkout not open'],
  'payload-too-large': [413, 'Payload too large'],
  'unsupported-media-type': [415, 'Unsupported media type'],
  'validation-failed': [422, 'Validation failed'],
  'idempotency-key-reused': [422, 'Idempotency key reused'],
  'request-header-fields-too-large': [431, 'Request header fields too large'],
  'internal-error': [500, 'Internal error'],
} as const satisfies Record<string, readonly [number, string]>;

export type ProblemSlug = keyof typeof TITLES;

export function createProblem(slug: ProblemSlug, detail: string, errors?: FieldError[]): Problem & { status: number } {
  const [status, title] = TITLES[slug];
  return {
    type: `${PROBLEM_TYPE_BASE}${slug}`,
    title,
    status,
    detail,
    instance: `urn:uuid:${randomUUID()}`,
    ...(errors ? { errors } : {}),
  };
}
