// Invalid bodies (D2, D3, D4, D10–D14): the contract's invalid table and generated breaks of valid bodies must each
// be answered 422 validation-failed, never accepted and never a 5xx. At level full the problem must also name the
// offending field: one of errors[].pointer must point at, into or just above a field the contract's validator
// blames. (A price in another currency than the checkout's is valid since D8 allows it: the valid requests send it.)
import type { ValidateFunction } from 'ajv';
import type { CheckDefinition } from '../check-definition.js';
import type { CheckModule, CheckStep, RunInputs } from '../check-module.js';
import { blamedPointers, generateInvalidBodies } from '../generate-bodies.js';
import { invalidBodyCases } from '../invalid-bodies.js';
import { type Exchange, parseJsonBody } from '../send-request.js';
import type { CheckContext } from './check-context.js';
import { recordProblem } from './expect-problem.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const INVALID_REQUESTS_CHECKS = [
  {
    name: 'invalid-body-rejected',
    level: 'schema',
    source: 'D2; D3; D4; D10–D14',
    title: "Invalid bodies (the contract's table and generated ones) → 422 validation-failed problem; never 2xx or 5xx",
    promises: [
      'request-id.equals-instance',
      'errors.statuses',
      'errors.422-validation',
      'request.unknown-fields-rejected',
      'request.bounds',
      'errors.field-codes',
      'errors.problem-shape',
    ],
  },
  {
    name: 'error-names-field',
    level: 'full',
    source: 'D2',
    title: 'A validation-failed problem names the offending field in errors[].pointer',
    promises: ['errors.422-validation'],
  },
] as const satisfies readonly CheckDefinition[];

export interface InvalidRequest {
  name: string;
  body: unknown;
  /** Pointers the rejection may name; any of them will do. */
  pointers: string[];
}

/** The contract's table, applied to the usdtOnTron sample, with the pointers the validator blames. */
export function tableRequests(sample: Record<string, unknown>, validate: ValidateFunction): InvalidRequest[] {
  return invalidBodyCases.map((invalid) => {
    const body = structuredClone(sample);
    const replaced = invalid.change(body);
    const sent = replaced === undefined ? body : replaced;
    return { name: `table: ${invalid.name}`, body: sent, pointers: blamedPointers(validate, sent) };
  });
}

export async function checkInvalidBodies(context: CheckContext, requests: InvalidRequest[]): Promise<void> {
  const { recorder } = context;
  await context.forEachConcurrently(requests, async (request) => {
    const exchange = await context.postCreate(request.body);
    recordProblem(context, 'invalid-body-rejected', request.name, exchange, { status: 422, slug: 'validation-failed' });
    if (recorder.isActive('error-names-field') && exchange.response?.status === 422) {
      recorder.record('error-names-field', request.name, fieldNamingViolations(exchange, request.pointers), exchange);
    }
  });
}

function fieldNamingViolations(exchange: Exchange, expected: string[]): string[] {
  const body = parseJsonBody(exchange.response) as { errors?: unknown } | undefined;
  const named = Array.isArray(body?.errors)
    ? body.errors.map((e) => (e as { pointer?: unknown })?.pointer).filter((p): p is string => typeof p === 'string')
    : [];
  if (named.length === 0) return [`errors[] names no field; expected a pointer such as ${expected[0] || '""'}`];
  return named.some((pointer) => expected.some((blamed) => pointersRelate(pointer, blamed)))
    ? []
    : [`errors[] names ${JSON.stringify(named)}; expected a pointer at or near ${JSON.stringify(expected)}`];
}

/** The named pointer is the blamed field, inside it, or its parent (but not the whole body for a deeper field). */
export function pointersRelate(named: string, blamed: string): boolean {
  const a = named.replace(/\/$/, '');
  const b = blamed.replace(/\/$/, '');
  if (a === b || a.startsWith(`${b}/`) || b === '') return true;
  return a !== '' && b.startsWith(`${a}/`);
}

export const INVALID_REQUESTS_MODULE: CheckModule<typeof INVALID_REQUESTS_CHECKS> = {
  checks: INVALID_REQUESTS_CHECKS,
  step: invalidRequestsStep,
};

/** The contract's table of invalid bodies, then generated ones. */
function invalidRequestsStep(context: CheckContext, { first, validateRequest }: RunInputs): CheckStep {
  const { config } = context;
  return {
    label: 'invalid bodies',
    run: () =>
      checkInvalidBodies(context, [
        ...tableRequests(first, validateRequest),
        ...generateInvalidBodies(
          config.seed,
          config.generated,
          validateRequest,
          context.contract.sampleCodes,
          context.contract.value.document,
        ),
      ]),
  };
}
