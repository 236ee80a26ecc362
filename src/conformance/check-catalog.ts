// Every check the kit runs, gathered from the check modules (checks/*.ts, check-module.ts): each module declares the
// checks it records, with a stable name (scripts and CI may key on it), what it promises, the seed rule or decision
// it enforces, the lowest level it runs at, and the ids of the ledger's promises it observes (promises.json); and it
// gives the run its step or its observer of every answer. The ledger names no check: which checks observe a promise
// is read from here, and test/conformance/promise-ledger.test.ts fails when a promise marked `check` has no check
// declaring it, or a check declares an id the ledger does not have. `schema` checks are those a static mock of the
// contract can pass; `full` adds what only a working implementation can (echoes, arithmetic, state, unique ids,
// signatures). A check fails only on what the contract requires; where the contract leaves a choice to the
// implementation (docs/decisions.md, "What the sandbox chooses"), it warns at most. Every problem answer is judged the
// same way (checks/expect-problem.ts): status, media type, Problem schema with coded field errors, instance =
// Request-Id.
import { AUTH_MODULE } from './checks/auth.js';
import { CALLBACK_MODULE } from './checks/callback.js';
import { CALLBACK_DEDUP_MODULE } from './checks/callback-dedup.js';
import { CALLBACK_EXPIRY_MODULE } from './checks/callback-expiry.js';
import { CALLBACK_RETRIES_MODULE } from './checks/callback-retries.js';
import { CALLBACKS_MODULE } from './checks/callbacks.js';
import { CHECKOUT_FINAL_MODULE } from './checks/checkout-final.js';
import { CREATE_PATH_MODULE } from './checks/create-path.js';
import { DEPRECATION_MODULE } from './checks/deprecation.js';
import { IDEMPOTENCY_MODULE } from './checks/idempotency.js';
import { IDEMPOTENCY_CONCURRENCY_MODULE } from './checks/idempotency-concurrency.js';
import { IDEMPOTENCY_PER_KEY_MODULE } from './checks/idempotency-per-key.js';
import { INVALID_REQUESTS_MODULE } from './checks/invalid-requests.js';
import { KEY_NEVER_ECHOED_MODULE } from './checks/key-never-echoed.js';
import { METHODS_AND_PATHS_MODULE } from './checks/methods-and-paths.js';
import { NEGATIVE_SPACE_MODULE } from './checks/negative-space.js';
import { PROBLEM_TITLES_MODULE } from './checks/problem-titles.js';
import { RATE_LIMIT_MODULE } from './checks/rate-limit.js';
import { REQUEST_FORMAT_MODULE } from './checks/request-format.js';
import { REQUEST_ID_MODULE } from './checks/request-id.js';
import { VALID_REQUESTS_MODULE } from './checks/valid-requests.js';

/**
 * The check modules, in the order the run takes their steps and the reports list their checks. Adding a check to a
 * module touches that module alone; a new module is one line here.
 */
export const CHECK_MODULES = [
  CREATE_PATH_MODULE,
  VALID_REQUESTS_MODULE,
  AUTH_MODULE,
  INVALID_REQUESTS_MODULE,
  REQUEST_FORMAT_MODULE,
  IDEMPOTENCY_MODULE,
  IDEMPOTENCY_PER_KEY_MODULE,
  KEY_NEVER_ECHOED_MODULE,
  CALLBACK_MODULE,
  CALLBACKS_MODULE,
  IDEMPOTENCY_CONCURRENCY_MODULE,
  METHODS_AND_PATHS_MODULE,
  PROBLEM_TITLES_MODULE,
  REQUEST_ID_MODULE,
  RATE_LIMIT_MODULE,
  DEPRECATION_MODULE,
  NEGATIVE_SPACE_MODULE,
  CALLBACK_RETRIES_MODULE,
  CALLBACK_DEDUP_MODULE,
  CHECKOUT_FINAL_MODULE,
  CALLBACK_EXPIRY_MODULE,
] as const;

type Check = (typeof CHECK_MODULES)[number]['checks'][number];

/** Every check of every module, in module order. */
export const CHECKS: readonly Check[] = CHECK_MODULES.flatMap<Check>((module) => module.checks);

export type CheckName = (typeof CHECKS)[number]['name'];

/** The names of the checks that declare they observe a promise, in catalog order. */
export function checksObserving(promiseId: string): CheckName[] {
  return CHECKS.filter((check) => (check.promises as readonly string[]).includes(promiseId)).map((check) => check.name);
}
