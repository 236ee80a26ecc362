// The promise ledger (promises.json, beside this file): every sentence of the contract, either a promise (checked,
// needing an input, unobservable, or not yet checked) or informative. The checks declare which promises they observe
// (check-catalog.ts); the kit reads the ledger to quote a broken promise's words in a failure and to name in the
// verdict the promises that need an input the run was not given. JSON, not YAML, so that esbuild inlines it into the bin and no file is looked up at
// run time; test/conformance/promise-ledger.test.ts holds it to the contract.
import ledger from './promises.json' with { type: 'json' };

export interface PromiseEntry {
  id: string;
  /** The exact sentences, as the contract writes them (whitespace runs read as one space). */
  words: string[];
  /** Where they stand: `<file>#<JSON pointer>` or `docs/decisions.md#D7/decision`. */
  at: string[];
  /** Observed by the checks that declare its id; broken by these mutants of the mutation table, which they catch. */
  check?: { mutants: string[] };
  /** The input that makes it observable; the checks that declare its id run when it is given. */
  needs?: { input: string; mutants?: string[] };
  unobservable?: string;
  unchecked?: string;
}

export interface InformativeEntry {
  words: string[];
  at: string[];
  why: string;
}

export type PromiseKind = 'check' | 'needs' | 'unobservable' | 'unchecked';

export const PROMISES: readonly PromiseEntry[] = ledger.promises as PromiseEntry[];
export const INFORMATIVE: readonly InformativeEntry[] = ledger.informative;

export function kindOf(entry: PromiseEntry): PromiseKind {
  if (entry.check) return 'check';
  if (entry.needs) return 'needs';
  return entry.unobservable !== undefined ? 'unobservable' : 'unchecked';
}

export function promiseById(id: string): PromiseEntry | undefined {
  return PROMISES.find((entry) => entry.id === id);
}

/** A promise as a failure quotes it: its id and its first sentence. */
export function quotePromise(id: string): string {
  const entry = promiseById(id);
  return entry ? `${id}: “${entry.words[0]}”` : id;
}
