// The contract's promise for every error (D2, D3): the documented status, served as application/problem+json, a
// body valid against the Problem schema (so each field error has its `code`) whose `status` repeats the HTTP status
// and whose `type` ends in the problem's slug; and, when the answer carries a Request-Id, that header in the
// contract's shape and equal to the problem's `instance`. The one place problems are judged: every check that
// expects one records it through recordProblem.
import type { ValidateFunction } from 'ajv';
import type { CheckId } from '../check-definition.js';
import type { ConformanceContract } from '../conformance-contract.js';
import { type Exchange, mediaTypeOf, parseJsonBody, type ReceivedResponse } from '../send-request.js';
import type { CheckContext } from './check-context.js';

export interface ExpectedProblem {
  status: number;
  slug: string;
}

/** What is wrong with an answer that should be the expected problem; empty when it keeps the promise. */
export function problemViolations(exchange: Exchange, expected: ExpectedProblem, contract: ConformanceContract): string[] {
  const { response } = exchange;
  const wanted = `${expected.status} ${expected.slug}`;
  if (!response) return [`no response (${exchange.error}); expected ${wanted}`];
  if (response.status >= 500) return [`answered ${response.status}, a server error on client input; expected ${wanted}`];
  if (response.status >= 200 && response.status < 300) {
    return [`answered ${response.status}: the request was accepted; expected ${wanted}`];
  }
  const messages: string[] = [];
  if (response.status !== expected.status) messages.push(`answered ${response.status}; expected ${wanted}`);
  const mediaType = mediaTypeOf(response.headers);
  if (mediaType !== 'application/problem+json') {
    messages.push(`Content-Type is ${JSON.stringify(response.headers['content-type'] ?? null)}; expected application/problem+json`);
  }
  messages.push(...requestIdViolations(response, contract));
  const body = parseJsonBody(response) as Record<string, unknown> | undefined;
  if (body === undefined) return [...messages, 'the body is not JSON; expected a Problem document'];
  const validateProblem = contract.value.validators.validatorFor('Problem');
  if (!validateProblem(body)) messages.push(`the body is not a Problem: ${formatSchemaErrors(validateProblem)}`);
  if (body && typeof body === 'object') {
    if (typeof body.status === 'number' && body.status !== response.status) {
      messages.push(`body.status is ${body.status} but the HTTP status is ${response.status}`);
    }
    if (typeof body.type === 'string' && response.status === expected.status && !body.type.endsWith(`/${expected.slug}`)) {
      messages.push(`type is ${JSON.stringify(body.type)}; expected a URI ending in /${expected.slug}`);
    }
    const requestId = response.headers['request-id'];
    if (requestId !== undefined && body.instance !== requestId) {
      const instance = JSON.stringify(body.instance ?? null);
      messages.push(`instance is ${instance} but the Request-Id header is ${JSON.stringify(requestId)}; D2: equal on an error`);
    }
  }
  return messages;
}

/** A Request-Id header, when there is one, in the contract's shape (D2). Any answer, problem or not. */
export function requestIdViolations(response: ReceivedResponse, contract: ConformanceContract): string[] {
  const requestId = response.headers['request-id'];
  if (requestId === undefined) return [];
  const validate = contract.validateRequestId;
  if (validate(requestId)) return [];
  return [`the Request-Id header ${JSON.stringify(requestId)} is not in the contract's shape: ${formatSchemaErrors(validate)}`];
}

/** D2 asks every answer for a Request-Id but lets an implementation without request ids leave it out: a warning. */
export function requestIdWarnings(response: ReceivedResponse | undefined): string[] {
  if (!response || response.headers['request-id'] !== undefined) return [];
  return ['no Request-Id header: D2 asks for one on every answer (an implementation without request ids may leave it out)'];
}

/** Record one case that expects a problem: what breaks the promise fails (with the check's own findings), a missing
 *  Request-Id warns. */
export function recordProblem(
  context: CheckContext,
  check: CheckId,
  caseName: string,
  exchange: Exchange,
  expected: ExpectedProblem,
  ownFindings: string[] = [],
): void {
  context.recorder.record(check, caseName, [...problemViolations(exchange, expected, context.contract), ...ownFindings], exchange);
  context.recorder.warn(check, caseName, requestIdWarnings(exchange.response), exchange);
}

export function formatSchemaErrors(validate: ValidateFunction, limit = 5): string {
  const errors = validate.errors ?? [];
  const shown = errors.slice(0, limit).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
    return `${e.instancePath || '(root)'} ${e.message}${extra}`;
  });
  return shown.join('; ') + (errors.length > limit ? `; and ${errors.length - limit} more` : '');
}
