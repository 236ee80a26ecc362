// Concurrent requests under one Idempotency-Key (D24): sent at once, they make exactly one checkout. Each answer is
// that checkout (the creating answer, or its replay marked Idempotent-Replayed: true) or the 409
// idempotency-request-in-progress problem. Seen from outside, "exactly one": every 2xx carries the same record, only
// one of them is not marked as a replay, and a retry once all have finished replays that same record.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { CheckDefinition } from '../check-definition.js';
import type { CheckModule, CheckStep, RunInputs } from '../check-module.js';
import { type Exchange, parseJsonBody } from '../send-request.js';
import type { CheckContext } from './check-context.js';
import { recordProblem } from './expect-problem.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const IDEMPOTENCY_CONCURRENCY_CHECKS = [
  {
    name: 'idempotent-concurrent',
    level: 'full',
    source: 'D24',
    title: 'Requests sent at once with one Idempotency-Key make one checkout: each answer is it (replayed) or 409 in progress',
    promises: ['idempotency.in-progress-409', 'errors.statuses'],
  },
] as const satisfies readonly CheckDefinition[];

/** How many requests go out at once with one key. */
const CONCURRENT_REQUESTS = 5;

interface Created {
  name: string;
  exchange: Exchange;
  record: { id?: unknown };
}

export async function checkConcurrentIdempotency(context: CheckContext, sample: Record<string, unknown>): Promise<void> {
  const { recorder } = context;
  const key = `conformance-concurrent-${randomUUID()}`;
  const headers = { 'idempotency-key': key };
  const answers = await Promise.all(Array.from({ length: CONCURRENT_REQUESTS }, () => context.postCreate(sample, headers)));
  const created: Created[] = [];
  answers.forEach((exchange, index) => {
    const name = `request ${index + 1} of ${CONCURRENT_REQUESTS} sent at once with one Idempotency-Key`;
    if (exchange.response?.status === 409) {
      recordProblem(context, 'idempotent-concurrent', name, exchange, { status: 409, slug: 'idempotency-request-in-progress' });
      return;
    }
    const record = createdRecord(exchange, true);
    if (typeof record === 'string') {
      recorder.record('idempotent-concurrent', name, [record], exchange);
      return;
    }
    recorder.record('idempotent-concurrent', name, [], exchange);
    created.push({ name, exchange, record });
  });

  const retry = await context.postCreate(sample, headers);
  const replayed = createdRecord(retry, false);
  const messages: string[] = [];
  if (typeof replayed === 'string') {
    messages.push(replayed);
  } else if (retry.response?.headers['idempotent-replayed'] !== 'true') {
    const mark = retry.response?.headers['idempotent-replayed'];
    messages.push(`Idempotent-Replayed is ${JSON.stringify(mark ?? null)}; expected "true" on a replay`);
  }
  if (created.length === 0) {
    messages.push(`none of the ${CONCURRENT_REQUESTS} requests was answered with the checkout; the first one in must be processed`);
  }
  const records = [...created.map(({ record }) => record), ...(typeof replayed === 'string' ? [] : [replayed])];
  const ids = [...new Set(records.map(({ id }) => id))];
  if (ids.length > 1) {
    const shown = ids.map((id) => JSON.stringify(id)).join(', ');
    messages.push(`${ids.length} checkouts were made for one Idempotency-Key (ids ${shown}); D24: one`);
  } else if (records.length > 0) {
    const differing = created.filter(({ record }) => !isDeepStrictEqual(record, records.at(-1))).map(({ name }) => name);
    if (differing.length > 0) {
      messages.push(`the record of ${differing.join('; ')} differs from the replay; a replay repeats the first answer`);
    }
  }
  const unmarked = created.filter(({ exchange }) => exchange.response?.headers['idempotent-replayed'] !== 'true');
  if (unmarked.length > 1) {
    messages.push(
      `${unmarked.length} answers are not marked Idempotent-Replayed: true; only the one that created the checkout may be unmarked`,
    );
  }
  recorder.record('idempotent-concurrent', 'the same key and body again, once all had answered', messages, retry);
}

/** The record of a 2xx answer (D1 documents 201 and 200; another 2xx is valid-request-accepted's warning), or what is wrong. */
function createdRecord(exchange: Exchange, mayConflict: boolean): { id?: unknown } | string {
  const { response } = exchange;
  const expected = mayConflict ? 'the checkout (201) or 409 idempotency-request-in-progress' : 'the checkout replayed (201)';
  if (!response) return `no response (${exchange.error}); expected ${expected}`;
  if (response.status < 200 || response.status >= 300) return `answered ${response.status}; expected ${expected}`;
  const record = parseJsonBody(response);
  if (!record || typeof record !== 'object' || typeof (record as { id?: unknown }).id !== 'string') {
    return 'the answer is not a checkout with an id';
  }
  return record as { id?: unknown };
}

export const IDEMPOTENCY_CONCURRENCY_MODULE: CheckModule<typeof IDEMPOTENCY_CONCURRENCY_CHECKS> = {
  checks: IDEMPOTENCY_CONCURRENCY_CHECKS,
  step: concurrencyStep,
};

function concurrencyStep(context: CheckContext, { first }: RunInputs): CheckStep | undefined {
  if (!context.recorder.isActive('idempotent-concurrent')) return undefined;
  return { label: 'concurrent idempotent requests', run: () => checkConcurrentIdempotency(context, first) };
}
