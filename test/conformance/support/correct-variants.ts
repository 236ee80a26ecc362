// Correct implementations that make a choice the sandbox has no setting for (issue 20, item 6), built as a proxy in
// front of the sandbox: each keeps every promise of the contract, so the kit must pass it.
import { randomUUID } from 'node:crypto';
import { loadContract } from '../../../src/contract/load-contract.js';
import { createProblemMaker, problemAnswer } from '../../../src/http/problems.js';
import type { Breakage } from './broken-proxy.js';
import { createKeysInFlight } from './keys-in-flight.js';

const CONFLICT_PATH = '/__conflict-in-flight';

/** Seen from outside, the 409s it answered: how many, so a test can tell the choice was exercised. */
export interface ConflictCount {
  conflicts: number;
}

/**
 * An implementation that answers `409 idempotency-request-in-progress` (D24) to a request whose Idempotency-Key is
 * held by one still in flight, before doing any work, instead of waiting and replaying as the sandbox does.
 */
export function answerConflictsInFlight(seen: ConflictCount): Breakage {
  const createProblem = createProblemMaker(loadContract(), ['idempotency-request-in-progress']);
  const keys = createKeysInFlight();
  return {
    // A refused request never reaches the sandbox: it goes to a path the answer below replaces.
    request: (request) => {
      const key = keys.keyOf(request);
      return key !== undefined && keys.isHeld(key) ? { ...request, path: CONFLICT_PATH } : undefined;
    },
    response: async (_response, request) => {
      if (request.path === CONFLICT_PATH) {
        keys.notify(request.headers['idempotency-key']);
        seen.conflicts += 1;
        const requestId = `urn:uuid:${randomUUID()}`;
        const detail = 'A request with this Idempotency-Key is still being processed; retry it after the first one has finished.';
        const answer = problemAnswer(createProblem('idempotency-request-in-progress', detail), requestId, { 'request-id': requestId });
        return { status: answer.status, headers: answer.headers, body: answer.body };
      }
      const key = keys.keyOf(request);
      if (key !== undefined) await keys.holdThenFree(key);
      return undefined;
    },
  };
}
