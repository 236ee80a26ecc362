// The promise ledger is complete (issue 27, item 2): every sentence of the contract (each description in openapi/**
// and the bundle, overview.md, each row of docs/decisions.md) is quoted by exactly one promise or informative entry
// of src/conformance/promises.json, and every quote still stands where the ledger says. Editing a description then
// forces a ledger decision. Each check module declares the promises its checks observe (check-catalog.ts): a promise
// marked `check` has at least one check declaring it and names mutants of the mutation table that those checks catch;
// a check declares only ids the ledger has, of promises it can see (checked or needing an input). The counts are printed, and docs/conformance.md's
// table of promises is the one the ledger renders.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS, checksObserving } from '../../src/conformance/check-catalog.js';
import { INFORMATIVE, kindOf, PROMISES, type PromiseKind, promiseById } from '../../src/conformance/promise-ledger.js';
import { CANARY_KEY } from '../support/canary.js';
import { contractSentences, markdownSentences, splitSentences } from './support/contract-sentences.js';
import { buildMutations } from './support/mutations.js';
import { renderPromiseTable, TABLE_END, TABLE_START } from './support/promise-table.js';
import { CALLBACK_SECRET } from './support/sandbox-process.js';

const sentences = contractSentences(process.cwd());
const whereStands = new Map(sentences.map(({ text, at }) => [text, at]));
const entries = [
  ...PROMISES.map((entry) => ({ owner: `promise ${entry.id}`, words: entry.words, at: entry.at })),
  ...INFORMATIVE.map((entry, index) => ({ owner: `informative #${index}`, words: entry.words, at: entry.at })),
];
const mutations = new Map(buildMutations(CANARY_KEY, CALLBACK_SECRET).map((mutation) => [mutation.name, mutation]));

describe('the contract read as sentences', () => {
  it('splits at a stop before a capital or a code span, not after an abbreviation, a section sign or before lower case', () => {
    expect(splitSentences('One rule.  Two, e.g. this one. `Three` holds (RFC 9110 §15.3.2). 5 s. and more.')).toEqual([
      'One rule.',
      'Two, e.g. this one.',
      '`Three` holds (RFC 9110 §15.3.2).',
      '5 s. and more.',
    ]);
  });

  it('reads Markdown: list items and table rows apart, headings and fenced code left out', () => {
    const markdown = [
      '## Title',
      '',
      'A first',
      'line. A second.',
      '',
      '- an item.',
      '',
      '```',
      'code. Not read.',
      '```',
      '| A | B |',
      '|---|---|',
      '| x | y. |',
    ];
    expect(markdownSentences(markdown.join('\n'))).toEqual(['A first line.', 'A second.', 'an item.', 'A: B', 'x: y.']);
  });
});

describe('the promise ledger accounts for every sentence of the contract', () => {
  it('quotes each sentence once, as a promise or as informative', () => {
    const quoted = new Map<string, string[]>();
    for (const { owner, words } of entries) for (const sentence of words) quoted.set(sentence, [...(quoted.get(sentence) ?? []), owner]);
    const unaccounted = sentences.filter(({ text }) => !quoted.has(text)).map(({ text, at }) => `${at}: ${text}`);
    expect(unaccounted, 'sentences neither quoted by a promise nor listed informative').toEqual([]);
    const twice = [...quoted].filter(([, owners]) => owners.length > 1).map(([text, owners]) => `${owners.join(' and ')}: ${text}`);
    expect(twice).toEqual([]);
  });

  it('quotes only sentences that stand in the contract, each one sentence, at the place it names', () => {
    const stale = entries.flatMap(({ owner, words }) => words.filter((text) => !whereStands.has(text)).map((text) => `${owner}: ${text}`));
    expect(stale, 'quoted words no longer in the contract: update the entry').toEqual([]);
    const notOne = entries.flatMap(({ owner, words }) =>
      words.filter((text) => splitSentences(text).length !== 1).map((t) => `${owner}: ${t}`),
    );
    expect(notOne).toEqual([]);
    const misplaced = entries.flatMap(({ owner, words, at }) =>
      words.filter((text) => whereStands.has(text) && !at.includes(whereStands.get(text)!)).map((text) => `${owner}: ${text}`),
    );
    expect(misplaced).toEqual([]);
    const emptyPlaces = entries.flatMap(({ owner, words, at }) =>
      at.filter((place) => !words.some((text) => whereStands.get(text) === place)).map((place) => `${owner}: ${place}`),
    );
    expect(emptyPlaces, 'places an entry names where none of its words stand').toEqual([]);
  });

  it('gives each promise a unique id and exactly one kind, and each informative entry its why', () => {
    const ids = PROMISES.map((entry) => entry.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const entry of PROMISES) {
      const kinds = [entry.check, entry.needs, entry.unobservable, entry.unchecked].filter((kind) => kind !== undefined);
      expect(kinds, entry.id).toHaveLength(1);
      expect(entry.words.length, entry.id).toBeGreaterThan(0);
    }
    for (const entry of INFORMATIVE) expect(entry.why.length).toBeGreaterThan(10);
  });
});

/** What is wrong with the promises the given checks declare: an id the ledger lacks, one it cannot see, or one twice. */
function declarationErrors(checks: ReadonlyArray<{ name: string; promises: readonly string[] }>): string[] {
  return checks.flatMap((check) =>
    check.promises.flatMap((id, index) => {
      const entry = promiseById(id);
      if (!entry) return [`${check.name}: declares ${id}, which the ledger does not have`];
      if (check.promises.indexOf(id) !== index) return [`${check.name}: declares ${id} twice`];
      const kind = kindOf(entry);
      return kind === 'check' || kind === 'needs' ? [] : [`${check.name}: declares ${id}, a promise marked ${kind}`];
    }),
  );
}

describe('the checks declare the promises they observe', () => {
  it('gives each promise marked check a check that declares it, and mutants of the mutation table those checks catch', () => {
    const wrong: string[] = [];
    for (const entry of PROMISES) {
      const mutants = entry.check?.mutants ?? entry.needs?.mutants ?? [];
      const checks: string[] = checksObserving(entry.id);
      if (entry.check && checks.length === 0) wrong.push(`${entry.id}: marked check, but no check declares it`);
      if (entry.check && mutants.length === 0) wrong.push(`${entry.id}: marked check, but no mutant breaks it`);
      if (entry.needs && checks.length === 0) wrong.push(`${entry.id}: needs an input, but no check declares it`);
      for (const name of mutants) {
        const mutation = mutations.get(name);
        if (!mutation) wrong.push(`${entry.id}: no mutant ${name} in test/conformance/support/mutations.ts`);
        else if (!checks.includes(mutation.caughtBy))
          wrong.push(`${entry.id}: mutant ${name} is caught by ${mutation.caughtBy}, which does not declare it`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets a check declare only promises of the ledger it can see, each once', () => {
    expect(declarationErrors(CHECKS)).toEqual([]);
    // The same rule refuses a check that declares an id the ledger does not have, or a promise it cannot see.
    const madeUp = [
      { name: 'made-up', promises: ['no.such-promise', 'logs.no-url-credentials'] },
      { name: 'twice', promises: ['create.201', 'create.201'] },
    ];
    expect(declarationErrors(madeUp)).toEqual([
      'made-up: declares no.such-promise, which the ledger does not have',
      'made-up: declares logs.no-url-credentials, a promise marked unobservable',
      'twice: declares create.201 twice',
    ]);
  });

  it('reports the counts', () => {
    const byKind = (kind: PromiseKind) => PROMISES.filter((entry) => kindOf(entry) === kind).length;
    const informative = INFORMATIVE.reduce((sum, entry) => sum + entry.words.length, 0);
    const promised = PROMISES.reduce((sum, entry) => sum + entry.words.length, 0);
    console.log(
      `promise ledger: ${sentences.length} sentences (${promised} quoted by promises, ${informative} informative); ` +
        `${PROMISES.length} promises: ${byKind('check')} checked, ${byKind('needs')} needs an input, ` +
        `${byKind('unobservable')} unobservable, ${byKind('unchecked')} not yet checked; ${CHECKS.length} checks, ${mutations.size} mutants`,
    );
    expect(promised + informative).toBe(sentences.length);
  });
});

describe('docs/conformance.md shows the ledger', () => {
  // UPDATE_PROMISE_TABLE=1 rewrites the doc's table instead (as `vitest -u` does a snapshot), after a ledger change.
  it('holds the table of promises as the ledger renders it', () => {
    const doc = readFileSync('docs/conformance.md', 'utf8');
    const start = doc.indexOf(TABLE_START);
    const end = doc.indexOf(TABLE_END);
    expect(start, 'docs/conformance.md has the table markers').toBeGreaterThan(-1);
    const expected = renderPromiseTable(sentences.length);
    const actual = doc.slice(start, end + TABLE_END.length);
    if (actual !== expected && process.env.UPDATE_PROMISE_TABLE === '1') {
      writeFileSync('docs/conformance.md', doc.slice(0, start) + expected + doc.slice(end + TABLE_END.length));
      return;
    }
    expect(actual, 'out of date: run UPDATE_PROMISE_TABLE=1 npx vitest run test/conformance/promise-ledger.test.ts').toBe(expected);
  });

  it('lists every check of the catalog, with its level, in the table of checks (and no other)', () => {
    const doc = readFileSync('docs/conformance.md', 'utf8');
    const table = doc.slice(doc.indexOf('| Check | Level | Enforces |'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
    const listed = rows.flatMap((row) => {
      const [names, level] = row
        .split('|')
        .slice(1, 3)
        .map((cell) => cell.trim());
      return [...names.matchAll(/`([a-z0-9-]+)`/g)].map((match) => `${match[1]} ${level}`);
    });
    expect(listed.sort()).toEqual(CHECKS.map((check) => `${check.name} ${check.level}`).sort());
  });
});
