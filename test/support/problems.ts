// The one way a suite checks an error answer, from the mock or the sandbox: the status, the exact media type, the
// contract's Problem schema, the problem type and the `status` member; it returns the document for further checks.
import { expect } from 'vitest';
import { loadContractValue } from '../../src/contract/contract-value.js';

const validateProblem = loadContractValue().validators.validatorFor('Problem');

/** The `type` URI of the problem the contract names `slug`. */
export function problemType(slug: string): string {
  return `https://api.checkout.example/problems/${slug}`;
}

/** An answer whose body is already parsed, as the mock suites' postJson returns it. */
export interface ParsedAnswer {
  status: number;
  headers: Headers;
  json: unknown;
}

export function expectProblem(answer: ParsedAnswer, status: number, slug: string): any {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  expect(validateProblem(answer.json), `not a Problem: ${JSON.stringify(validateProblem.errors ?? [])}`).toBe(true);
  expect(answer.json).toMatchObject({ type: problemType(slug), status });
  return answer.json;
}

export async function readProblem(response: Response, status: number, slug: string): Promise<any> {
  return expectProblem({ status: response.status, headers: response.headers, json: await response.json() }, status, slug);
}
