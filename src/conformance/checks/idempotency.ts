// Idempotency-Key (D24): a retry with the same key and body replays the first checkout (201, same record,
// Idempotent-Replayed: true); the first answer is not marked as a replay; the same key with another body → 422
// idempotency-key-reused.
import { randomUUID } from 'node:crypto';
import { parseJsonBody, type Exchange } from '../send-request.js';
import type { CheckContext } from './check-context.js';
import { problemViolations } from './expect-problem.js';

export async function checkIdempotentReplay(context: CheckContext, first: Record<string, unknown>, other: Record<string, unknown>): Promise<void> {
  const { recorder, validators } = context;
  const key = `conformance-${randomUUID()}`;
  const original = await context.postCreate(first, { 'idempotency-key': key });
  const originalMessages = createdMessages(original);
  if (original.response?.headers['idempotent-replayed'] !== undefined) {
    originalMessages.push(`the first request is answered with Idempotent-Replayed: ${original.response.headers['idempotent-replayed']}; only a replay carries it`);
  }
  recorder.record('idempotent-replay', 'first request with an Idempotency-Key', originalMessages, original);
  if (originalMessages.length > 0) return;

  const replay = await context.postCreate(first, { 'idempotency-key': key });
  const replayMessages = createdMessages(replay);
  if (replay.response?.headers['idempotent-replayed'] !== 'true') {
    replayMessages.push(`Idempotent-Replayed is ${JSON.stringify(replay.response?.headers['idempotent-replayed'] ?? null)}; expected "true" on a replay`);
  }
  const before = parseJsonBody(original.response) as { id?: unknown };
  const after = parseJsonBody(replay.response) as { id?: unknown } | undefined;
  if (after && JSON.stringify(after) !== JSON.stringify(before)) {
    replayMessages.push(after.id === before.id ? 'the replayed record differs from the first one' : `the replay created another checkout (${JSON.stringify(after.id)}, first ${JSON.stringify(before.id)})`);
  }
  recorder.record('idempotent-replay', 'the same key and body again', replayMessages, replay);

  const reused = await context.postCreate(other, { 'idempotency-key': key });
  recorder.record('idempotent-replay', 'the same key with another body', problemViolations(reused, { status: 422, slug: 'idempotency-key-reused' }, validators.validatorFor('Problem')), reused);
}

function createdMessages(exchange: Exchange): string[] {
  if (!exchange.response) return [`no response (${exchange.error}); expected 201`];
  return exchange.response.status === 201 ? [] : [`answered ${exchange.response.status}; expected 201`];
}
