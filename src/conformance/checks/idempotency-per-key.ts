// Idempotency-Key scoped per API key (IdempotencyKey.yaml: "Keys are scoped to your API key"; D24: "kept 24 hours per
// API key"). A key first used under CHECKOUT_API_KEY, then sent under CHECKOUT_API_KEY_2 with the same body, is new to
// the second key: the answer is a checkout of its own, not the first key's replayed (which would hand one merchant
// another's checkout), and not marked as a replay. Runs only when the second key is given.
import { randomUUID } from 'node:crypto';
import type { CheckDefinition } from '../check-definition.js';
import type { CheckModule, CheckStep, RunInputs } from '../check-module.js';
import { parseJsonBody } from '../send-request.js';
import type { CheckContext } from './check-context.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const IDEMPOTENCY_PER_KEY_CHECKS = [
  {
    name: 'idempotency-per-key',
    level: 'full',
    source: 'D24',
    needsSecondKey: true,
    title: "An Idempotency-Key used under one API key, sent under another with the same body, creates that key's own checkout",
    promises: ['idempotency.scoped-per-key'],
  },
] as const satisfies readonly CheckDefinition[];

export async function checkIdempotencyPerKey(context: CheckContext, sample: Record<string, unknown>): Promise<void> {
  const { recorder, config } = context;
  const check = 'idempotency-per-key';
  const idempotencyKey = `conformance-per-key-${randomUUID()}`;
  const first = await context.postCreate(sample, { 'idempotency-key': idempotencyKey });
  const firstRecord = parseJsonBody(first.response) as { id?: unknown } | undefined;
  const firstOk =
    first.response !== undefined && first.response.status >= 200 && first.response.status < 300 && firstRecord?.id !== undefined;
  if (!firstOk) {
    const answered = first.response ? `answered ${first.response.status}` : `no response (${first.error})`;
    recorder.record(check, 'the key under CHECKOUT_API_KEY', [`${answered}; expected the checkout (201)`], first);
    return;
  }
  const secondKey = { authorization: `${context.contract.authScheme} ${config.apiKey2}`, 'idempotency-key': idempotencyKey };
  const second = await context.postCreate(sample, secondKey);
  const messages: string[] = [];
  const record = parseJsonBody(second.response) as { id?: unknown } | undefined;
  if (!second.response) messages.push(`no response (${second.error}); expected a checkout of the second key's own (201)`);
  else if (second.response.status < 200 || second.response.status >= 300) {
    messages.push(
      `answered ${second.response.status}; expected a checkout of the second key's own (201): the Idempotency-Key is new to this key`,
    );
  } else {
    if (record?.id === firstRecord.id) {
      messages.push(`the answer is the first key's checkout ${JSON.stringify(firstRecord.id)}: Idempotency-Keys are scoped to the API key`);
    }
    const mark = second.response.headers['idempotent-replayed'];
    if (mark !== undefined) messages.push(`the answer carries Idempotent-Replayed: ${mark}; the key had not been used under this API key`);
  }
  recorder.record(check, 'the same Idempotency-Key and body under CHECKOUT_API_KEY_2', messages, second);
}

export const IDEMPOTENCY_PER_KEY_MODULE: CheckModule<typeof IDEMPOTENCY_PER_KEY_CHECKS> = {
  checks: IDEMPOTENCY_PER_KEY_CHECKS,
  step: perKeyStep,
};

function perKeyStep(context: CheckContext, { first }: RunInputs): CheckStep | undefined {
  if (!context.recorder.isActive('idempotency-per-key')) return undefined;
  return { label: 'idempotency per API key', run: () => checkIdempotencyPerKey(context, first) };
}
