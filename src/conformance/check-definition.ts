// What a check declares of itself (its name, level, needs and the ledger's promises it observes) and the two readings
// of a declaration the run and the verdict share. A leaf: the check modules, the catalog that gathers them and the
// recorder all read it, so none of them needs another to know what a check is.
import type { Level } from './conformance-config.js';

/** A check's name, as its module declares it (the catalog derives the union of them, CheckName). */
export type CheckId = string;

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

/** The group a check belongs to in the verdict: its own area, or "callbacks" for the callback checks. */
export function areaOf(check: CheckDefinition): string | undefined {
  return check.area ?? (check.needsCallback ? 'callbacks' : undefined);
}

/** Whether a check runs at the given level (schema checks run at full too). */
export function runsAtLevel(check: CheckDefinition, level: Level): boolean {
  return level === 'full' || check.level === 'schema';
}
