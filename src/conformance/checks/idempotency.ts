// Idempotency-Key (D24): a retry with the same key and body replays the first answer (the same status and record,
// Idempotent-Replayed: true); the first answer is not marked as a replay; the same key with another body → 422
// idempotency-key-reused; a key of the longest allowed length (255) is taken. Which 2xx the create answers with is
// valid-request-accepted's business (D1).
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { CheckDefinition } from '../check-definition.js';
import type { CheckModule, CheckStep, RunInputs } from '../check-module.js';
import { type Exchange, parseJsonBody } from '../send-request.js';
import type { CheckContext } from './check-context.js';
import { recordProblem } from './expect-problem.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const IDEMPOTENCY_CHECKS = [
  {
    name: 'idempotent-replay',
    level: 'full',
    source: 'D24',
    title:
      'Same Idempotency-Key and body replays the checkout; another body → 422 idempotency-key-reused; a key of 255 visible characters is taken',
    promises: ['idempotency.replay-marked', 'idempotency.replay-and-reuse', 'idempotency.key-form', 'errors.422-idempotency-reused'],
  },
] as const satisfies readonly CheckDefinition[];

export async function checkIdempotentReplay(
  context: CheckContext,
  first: Record<string, unknown>,
  other: Record<string, unknown>,
): Promise<void> {
  const { recorder } = context;
  const key = `conformance-${randomUUID()}`;
  const original = await context.postCreate(first, { 'idempotency-key': key });
  const originalMessages = createdMessages(original);
  const firstMark = original.response?.headers['idempotent-replayed'];
  if (firstMark !== undefined) {
    originalMessages.push(`the first request is answered with Idempotent-Replayed: ${firstMark}; only a replay carries it`);
  }
  recorder.record('idempotent-replay', 'first request with an Idempotency-Key', originalMessages, original);
  if (originalMessages.length > 0) return;

  const replay = await context.postCreate(first, { 'idempotency-key': key });
  const replayMessages = createdMessages(replay);
  const firstStatus = original.response!.status;
  if (replay.response && replay.response.status !== firstStatus) {
    replayMessages.push(`the replay answered ${replay.response.status}, the first ${firstStatus}; a replay repeats the first answer`);
  }
  const replayMark = replay.response?.headers['idempotent-replayed'];
  if (replayMark !== 'true') {
    replayMessages.push(`Idempotent-Replayed is ${JSON.stringify(replayMark ?? null)}; expected "true" on a replay`);
  }
  const before = parseJsonBody(original.response) as { id?: unknown };
  const after = parseJsonBody(replay.response) as { id?: unknown } | undefined;
  if (after && !isDeepStrictEqual(after, before)) {
    replayMessages.push(
      after.id === before.id
        ? 'the replayed record differs from the first one'
        : `the replay created another checkout (${JSON.stringify(after.id)}, first ${JSON.stringify(before.id)})`,
    );
  }
  recorder.record('idempotent-replay', 'the same key and body again', replayMessages, replay);

  const reused = await context.postCreate(other, { 'idempotency-key': key });
  recordProblem(context, 'idempotent-replay', 'the same key with another body', reused, { status: 422, slug: 'idempotency-key-reused' });

  // The longest key the contract allows (IdempotencyKey.yaml: 1 to 255 visible ASCII characters) is taken like any.
  const longest = `conformance-${randomUUID()}-`.padEnd(255, '~');
  const long = await context.postCreate(first, { 'idempotency-key': longest });
  recorder.record('idempotent-replay', 'a key of 255 visible characters', createdMessages(long), long);
}

/** A create that succeeded: any 2xx (D1 documents 201 and 200; valid-request-accepted only warns on another 2xx). */
function createdMessages(exchange: Exchange): string[] {
  const { response } = exchange;
  if (!response) return [`no response (${exchange.error}); expected 201`];
  return response.status >= 200 && response.status < 300 ? [] : [`answered ${response.status}; expected 201`];
}

export const IDEMPOTENCY_MODULE: CheckModule<typeof IDEMPOTENCY_CHECKS> = { checks: IDEMPOTENCY_CHECKS, step: idempotencyStep };

function idempotencyStep(context: CheckContext, { first, second }: RunInputs): CheckStep | undefined {
  if (!context.recorder.isActive('idempotent-replay')) return undefined;
  return { label: 'idempotency', run: () => checkIdempotentReplay(context, first, second) };
}
