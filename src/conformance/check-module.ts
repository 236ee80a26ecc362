// What a check module gives the run (issue 27: adding a check is one module): the checks it records, each declaring the
// promises of the ledger it observes; the step it runs, if any; and an observer of every answer, if it judges answers
// as they arrive. The catalog (check-catalog.ts) lists the modules; the run (run-conformance.ts) takes their steps in
// that order and feeds their observers, so a new module needs one line there and nothing else of the run.
import type { ValidateFunction } from 'ajv';
import type { CheckDefinition } from './check-definition.js';
import type { CheckContext } from './checks/check-context.js';
import type { Exchange } from './send-request.js';

/** What every step may start from: the contract's samples and the request validator. */
export interface RunInputs {
  samples: Record<string, Record<string, any>>;
  /** The sample most checks send (usdtOnTron). */
  first: Record<string, any>;
  /** Another sample, for what needs a second, different body (upperCaseCodes). */
  second: Record<string, any>;
  validateRequest: ValidateFunction;
}

export interface CheckStep {
  /** What the progress line calls it ("authentication"). */
  label: string;
  run(): Promise<void>;
}

export interface AnswerObserver {
  /** Judge one answer as it arrives (a 429 the kit waits out included), so no whole answer is kept for the end. */
  observe(exchange: Exchange): void;
  /** After the last step: record what was judged over the whole run. */
  finish?(): void;
}

export interface CheckModule<Checks extends readonly CheckDefinition[] = readonly CheckDefinition[]> {
  checks: Checks;
  /** This run's step, or undefined when none of its checks runs in it. */
  step?(context: CheckContext, inputs: RunInputs): CheckStep | undefined;
  /** This run's observer of every answer, or undefined when none of its checks runs in it. */
  observer?(context: CheckContext): AnswerObserver | undefined;
}
