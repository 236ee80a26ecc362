// Every check the kit runs, gathered from the check modules (checks/*.ts): each module declares the checks it records,
// with a stable name (scripts and CI may key on it), what it promises, the seed rule or decision it enforces, the
// lowest level it runs at, and the ids of the ledger's promises it observes (promises.json). The ledger names no
// check: which checks observe a promise is read from here, and test/conformance/promise-ledger.test.ts fails when a
// promise marked `check` has no check declaring it, or a check declares an id the ledger does not have. `schema` checks are those a static mock of the contract can
// pass; `full` adds what only a working implementation can (echoes, arithmetic, state, unique ids, signatures).
// A check fails only on what the contract requires; where the contract leaves a choice to the implementation
// (docs/decisions.md, "What the sandbox chooses"), it warns at most. Every problem answer is judged the same way
// (checks/expect-problem.ts): status, media type, Problem schema with coded field errors, instance = Request-Id.

import { AUTH_CHECKS } from './checks/auth.js';
import { CALLBACK_CHECKS } from './checks/callback.js';
import { CALLBACK_DEDUP_CHECKS } from './checks/callback-dedup.js';
import { CALLBACK_EXPIRY_CHECKS } from './checks/callback-expiry.js';
import { CALLBACK_RETRIES_CHECKS } from './checks/callback-retries.js';
import { CHECKOUT_FINAL_CHECKS } from './checks/checkout-final.js';
import { CREATE_PATH_CHECKS } from './checks/create-path.js';
import { DEPRECATION_CHECKS } from './checks/deprecation.js';
import { IDEMPOTENCY_CHECKS } from './checks/idempotency.js';
import { IDEMPOTENCY_CONCURRENCY_CHECKS } from './checks/idempotency-concurrency.js';
import { IDEMPOTENCY_PER_KEY_CHECKS } from './checks/idempotency-per-key.js';
import { INVALID_REQUESTS_CHECKS } from './checks/invalid-requests.js';
import { KEY_NEVER_ECHOED_CHECKS } from './checks/key-never-echoed.js';
import { METHODS_AND_PATHS_CHECKS } from './checks/methods-and-paths.js';
import { NEGATIVE_SPACE_CHECKS } from './checks/negative-space.js';
import { PROBLEM_TITLES_CHECKS } from './checks/problem-titles.js';
import { RATE_LIMIT_CHECKS } from './checks/rate-limit.js';
import { REQUEST_FORMAT_CHECKS } from './checks/request-format.js';
import { REQUEST_ID_CHECKS } from './checks/request-id.js';
import { VALID_REQUESTS_CHECKS } from './checks/valid-requests.js';
import type { Level } from './conformance-config.js';

export interface CheckDefinition {
  name: string;
  title: string;
  source: string;
  level: Level;
  /** Runs only when the kit's callback receiver can be reached (a loopback target, or --callback-host). */
  needsCallback?: boolean;
  /** Verifies signatures, so runs only with CHECKOUT_CALLBACK_SECRET. */
  needsSecret?: boolean;
  /** Runs only with CHECKOUT_API_KEY_2: a second key of the same service. */
  needsSecondKey?: boolean;
  /** Runs only with --retry-schedule: the service's configured retry delays. */
  needsRetrySchedule?: boolean;
  /** Judges only answers the service chooses to send (a 429, a Deprecation header): what it meets. A run that meets
   *  none passes it with no case, and the promises it observes are named as not checked. */
  whenMet?: string;
  /** What the verdict calls this check's group when all of it is not run ("callbacks not checked"). */
  area?: string;
  /** The ids of the promises of the ledger (promises.json) this check observes: at least one. */
  promises: readonly [string, ...string[]];
}

export const CHECKS = [
  ...CREATE_PATH_CHECKS,
  ...VALID_REQUESTS_CHECKS,
  ...AUTH_CHECKS,
  ...INVALID_REQUESTS_CHECKS,
  ...REQUEST_FORMAT_CHECKS,
  ...IDEMPOTENCY_CHECKS,
  ...KEY_NEVER_ECHOED_CHECKS,
  ...CALLBACK_CHECKS,
  ...IDEMPOTENCY_CONCURRENCY_CHECKS,
  ...METHODS_AND_PATHS_CHECKS,
  ...IDEMPOTENCY_PER_KEY_CHECKS,
  ...PROBLEM_TITLES_CHECKS,
  ...REQUEST_ID_CHECKS,
  ...RATE_LIMIT_CHECKS,
  ...DEPRECATION_CHECKS,
  ...NEGATIVE_SPACE_CHECKS,
  ...CALLBACK_RETRIES_CHECKS,
  ...CALLBACK_DEDUP_CHECKS,
  ...CHECKOUT_FINAL_CHECKS,
  ...CALLBACK_EXPIRY_CHECKS,
] as const satisfies readonly CheckDefinition[];

export type CheckName = (typeof CHECKS)[number]['name'];

/** The names of the checks that declare they observe a promise, in catalog order. */
export function checksObserving(promiseId: string): CheckName[] {
  return CHECKS.filter((check) => (check.promises as readonly string[]).includes(promiseId)).map((check) => check.name);
}

/** The group a check belongs to in the verdict: its own area, or "callbacks" for the callback checks. */
export function areaOf(check: CheckDefinition): string | undefined {
  return check.area ?? (check.needsCallback ? 'callbacks' : undefined);
}

/** Whether a check runs at the given level (schema checks run at full too). */
export function runsAtLevel(check: CheckDefinition, level: Level): boolean {
  return level === 'full' || check.level === 'schema';
}
