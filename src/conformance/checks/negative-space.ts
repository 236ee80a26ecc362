// The negative space (D2; issue 20, item 5): every case of generate-negative-space.ts must be answered 422 validation-failed
// (negative-space-rejected), and at level full that problem must name the broken field in errors[].pointer with a code
// the contract gives the broken rule (negative-space-coded). Which pointers and codes count is the contract
// validator's word, kept with each case; a code this copy of the contract does not know warns instead of failing,
// since v1 may add codes (D26).

import type { CheckDefinition } from '../check-definition.js';
import type { CheckModule, CheckStep, RunInputs } from '../check-module.js';
import type { NegativeCase } from '../generate-negative-space.js';
import { generateNegativeSpace } from '../generate-negative-space.js';
import { type Exchange, parseJsonBody } from '../send-request.js';
import type { CheckContext } from './check-context.js';
import { recordProblem } from './expect-problem.js';
import { tableRequests } from './invalid-requests.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const NEGATIVE_SPACE_CHECKS = [
  {
    name: 'negative-space-rejected',
    level: 'schema',
    source: 'D2; D3; D4; D8–D14; D20',
    title: "Each field of the request broken one way at a time (from the contract's schema) → 422 validation-failed problem",
    promises: ['request.unknown-fields-rejected', 'request.bounds', 'request.payment-type'],
  },
  {
    name: 'negative-space-coded',
    level: 'full',
    source: 'D2',
    title: "That 422 names the broken field in errors[].pointer with the contract's code for the broken rule",
    promises: ['errors.field-codes', 'errors.pointer'],
  },
] as const satisfies readonly CheckDefinition[];

export async function checkNegativeSpace(context: CheckContext, cases: NegativeCase[]): Promise<void> {
  const { recorder } = context;
  await context.forEachConcurrently(cases, async (negative) => {
    const exchange = await context.postCreate(negative.body);
    recordProblem(context, 'negative-space-rejected', negative.name, exchange, { status: 422, slug: 'validation-failed' });
    if (!recorder.isActive('negative-space-coded') || exchange.response?.status !== 422) return;
    const { failures, warnings } = judgeFieldErrors(exchange, negative, context.contract.fieldErrorCodes);
    recorder.record('negative-space-coded', negative.name, failures, exchange);
    recorder.warn('negative-space-coded', negative.name, warnings, exchange);
  });
}

/** Whether errors[] holds one of the expected pointer and code pairs; a code the contract does not list only warns. */
export function judgeFieldErrors(
  exchange: Exchange,
  negative: NegativeCase,
  knownCodes: ReadonlySet<string>,
): { failures: string[]; warnings: string[] } {
  const body = parseJsonBody(exchange.response) as { errors?: unknown } | undefined;
  const named = (Array.isArray(body?.errors) ? body.errors : []).map((error) => ({
    pointer: (error as { pointer?: unknown })?.pointer,
    code: (error as { code?: unknown })?.code,
  }));
  const wanted = negative.expected.map(({ pointer, codes }) => `${JSON.stringify(pointer)} (${codes.join(' or ')})`).join(', or ');
  const atField = named.filter(({ pointer }) => negative.expected.some((expected) => expected.pointer === pointer));
  if (atField.some(({ pointer, code }) => negative.expected.some((e) => e.pointer === pointer && e.codes.includes(code as never)))) {
    return { failures: [], warnings: [] };
  }
  const unknown = atField.filter(({ code }) => typeof code === 'string' && !knownCodes.has(code));
  if (unknown.length > 0) {
    const codes = unknown.map(({ code }) => JSON.stringify(code)).join(', ');
    return { failures: [], warnings: [`code ${codes} is not one this contract lists (D26 lets v1 add codes); expected ${wanted}`] };
  }
  const shown = JSON.stringify(named.slice(0, 5));
  if (atField.length > 0)
    return { failures: [`errors[] is ${shown}: the field is named with another code; expected ${wanted}`], warnings: [] };
  return { failures: [`errors[] is ${shown}: it does not name the broken field; expected ${wanted}`], warnings: [] };
}

export const NEGATIVE_SPACE_MODULE: CheckModule<typeof NEGATIVE_SPACE_CHECKS> = { checks: NEGATIVE_SPACE_CHECKS, step: negativeSpaceStep };

/** Each field broken one way at a time, walked from the schema, leaving out what the contract's table already sends. */
function negativeSpaceStep(context: CheckContext, { first, validateRequest }: RunInputs): CheckStep {
  return {
    label: 'negative space',
    run: () => {
      const table = tableRequests(first, validateRequest).map(({ body }) => body);
      return checkNegativeSpace(context, generateNegativeSpace(first, validateRequest, table, context.contract.value.document).cases);
    },
  };
}
