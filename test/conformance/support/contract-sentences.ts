// Every sentence the contract says, with where it stands: each `description` of the contract's sources (openapi/**,
// the Arazzo workflows included, the released baselines not) and of the bundle, openapi/overview.md, and each row of
// docs/decisions.md (its decision and its reason, and each row of the sandbox's table). The promise ledger must
// account for each one (test/conformance/promise-ledger.test.ts).
//
// Text is read as Markdown: fenced code and headings are not sentences (code shows, a heading titles); each paragraph,
// list item and table row is split into sentences at a `.`, `?` or `!` followed by a space, except after the
// abbreviations below. Whitespace runs become one space, so a sentence reads the same however its source wraps.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';

export interface ContractSentence {
  text: string;
  /** Where it stands: `<file>#<JSON pointer>` for a description, `docs/decisions.md#D7/decision` for a row's cell. */
  at: string;
}

const ABBREVIATIONS = /(?:\be\.g|\bi\.e|\betc|\bvs|\bcf|§[0-9.]*)\.$/;

/** Split one run of prose into sentences. */
export function splitSentences(prose: string): string[] {
  const text = prose.replace(/\s+/g, ' ').trim();
  if (text === '') return [];
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(/[.!?]["')`]*(?= )/g)) {
    const end = match.index + match[0].length;
    const candidate = text.slice(start, end);
    if (ABBREVIATIONS.test(text.slice(0, match.index + 1))) continue;
    // A lower-case word after the stop continues the sentence (`5 s. and`, a path `./x`): not a boundary.
    if (/^ [a-z]/.test(text.slice(end))) continue;
    sentences.push(candidate.trim());
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest !== '') sentences.push(rest);
  return sentences;
}

/** The sentences of a Markdown text: paragraphs, list items and table rows; headings and fenced code left out. */
export function markdownSentences(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fenced = false;
  const flush = () => {
    if (current.length > 0) blocks.push(current.join(' '));
    current = [];
  };
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) {
      flush();
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    if (line.trim() === '' || /^#{1,6} /.test(line)) {
      flush();
      continue;
    }
    if (/^\s*\|/.test(line)) {
      flush();
      if (/^\s*\|[-\s|:]+\|\s*$/.test(line)) continue;
      // A row reads as one statement: its cells joined (`409: idempotency-request-in-progress: …`).
      blocks.push(tableCells(line).join(': '));
      continue;
    }
    if (/^\s*(?:[-*]|[0-9]+\.) /.test(line)) {
      flush();
      current.push(line.replace(/^\s*(?:[-*]|[0-9]+\.) /, ''));
      continue;
    }
    current.push(line);
  }
  flush();
  return blocks.flatMap(splitSentences);
}

function tableCells(row: string): string[] {
  // `\|` inside a cell is a literal bar (decisions.md writes the TypeScript union that way).
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '');
}

/** Keys under which a `description` is data, not prose: example values, defaults, constants. */
const DATA_KEYS = new Set(['example', 'value', 'default', 'const', 'enum']);

/** Each `description` string in a parsed YAML or JSON document, with its JSON pointer. */
export function descriptionsOf(document: unknown): Array<{ pointer: string; text: string }> {
  const found: Array<{ pointer: string; text: string }> = [];
  const walk = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${pointer}/${index}`);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPointer = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        if (key === 'description' && typeof child === 'string') found.push({ pointer: childPointer, text: child });
        else if (!DATA_KEYS.has(key)) walk(child, childPointer);
      }
    }
  };
  walk(document, '');
  return found;
}

function yamlFilesUnder(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'released' ? [] : yamlFilesUnder(root, path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

/** One decision row's cells: `D7` → { decision, reason }; and the sandbox table's rows by their point. */
function decisionSentences(markdown: string): ContractSentence[] {
  const sentences: ContractSentence[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|') || /^\|[-\s|:]+\|$/.test(line.trim())) continue;
    const cells = tableCells(line);
    const row = /^D[0-9]+$/.exec(cells[0]);
    if (row) {
      for (const sentence of markdownSentences(cells[2])) sentences.push({ text: sentence, at: `docs/decisions.md#${cells[0]}/decision` });
      for (const sentence of markdownSentences(cells[3])) sentences.push({ text: sentence, at: `docs/decisions.md#${cells[0]}/reason` });
    } else if (cells[0] !== '#' && cells[0] !== 'Point') {
      const point = cells[0].replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
      for (const sentence of splitSentences(cells.join(': '))) sentences.push({ text: sentence, at: `docs/decisions.md#sandbox/${point}` });
    }
  }
  return sentences;
}

/** Every sentence of the contract, once each (the first place it stands), in reading order. */
export function contractSentences(root: string): ContractSentence[] {
  const all: ContractSentence[] = [];
  for (const file of yamlFilesUnder(root, 'openapi')) {
    const document = parse(readFileSync(join(root, file), 'utf8'));
    for (const { pointer, text } of descriptionsOf(document))
      for (const sentence of markdownSentences(text)) all.push({ text: sentence, at: `${relative(root, join(root, file))}#${pointer}` });
  }
  for (const sentence of markdownSentences(readFileSync(join(root, 'openapi/overview.md'), 'utf8')))
    all.push({ text: sentence, at: 'openapi/overview.md' });
  const bundle = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
  for (const { pointer, text } of descriptionsOf(bundle))
    for (const sentence of markdownSentences(text)) all.push({ text: sentence, at: `generated/openapi.json#${pointer}` });
  all.push(...decisionSentences(readFileSync(join(root, 'docs/decisions.md'), 'utf8')));
  const seen = new Set<string>();
  return all.filter(({ text }) => !seen.has(text) && seen.add(text));
}
