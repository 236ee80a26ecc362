// docs/conformance.md's table of promises, rendered from the ledger (src/conformance/promises.json): one row per
// promise with its kind, what checks it (the checks that declare it, and mutants), what it needs, or why it cannot be seen, and its first
// sentence. test/conformance/promise-ledger.test.ts fails when the doc's copy differs, and prints the new one.
import { CHECKS, checksObserving } from '../../../src/conformance/check-catalog.js';
import { INFORMATIVE, kindOf, PROMISES, type PromiseEntry, type PromiseKind } from '../../../src/conformance/promise-ledger.js';

export const TABLE_START = '<!-- promise-ledger:start (generated from src/conformance/promises.json; see promise-ledger.test.ts) -->';
export const TABLE_END = '<!-- promise-ledger:end -->';

const code = (names: string[]) => names.map((name) => `\`${name}\``).join(', ');
const cell = (text: string) => text.replaceAll('|', '\\|');

function howSeen(entry: PromiseEntry): string {
  const checks = checksObserving(entry.id);
  if (entry.check) return `${code(checks)}; mutants ${code(entry.check.mutants)}`;
  if (entry.needs) {
    return `needs ${entry.needs.input}; then ${code(checks)}`;
  }
  return entry.unobservable ?? `not yet: ${entry.unchecked}`;
}

const KIND_LABEL: Record<PromiseKind, string> = { check: 'checked', needs: 'needs', unobservable: 'unobservable', unchecked: 'not yet' };

/** The counts line and the table, as docs/conformance.md holds them between the markers. */
export function renderPromiseTable(sentenceCount: number): string {
  const count = (kind: PromiseKind) => PROMISES.filter((entry) => kindOf(entry) === kind).length;
  const informative = INFORMATIVE.reduce((sum, entry) => sum + entry.words.length, 0);
  const lines = [
    TABLE_START,
    '',
    `${sentenceCount} sentences: ${sentenceCount - informative} quoted by ${PROMISES.length} promises, ${informative} informative. ` +
      `Promises: ${count('check')} checked, ${count('needs')} need an input, ${count('unobservable')} unobservable, ` +
      `${count('unchecked')} not yet checked. ${CHECKS.length} checks.`,
    '',
    '| Promise | Kind | Seen by, needs, or why not | First sentence |',
    '|---|---|---|---|',
    ...PROMISES.map((entry) => `| \`${entry.id}\` | ${KIND_LABEL[kindOf(entry)]} | ${cell(howSeen(entry))} | ${cell(entry.words[0])} |`),
    '',
    TABLE_END,
  ];
  return lines.join('\n');
}
