// `Prefer` in the mock (docs/mock.md): `code=<status>`, `example=<name>`, `dynamic=true|false` and `seed=<token>`
// choose among the answers the contract declares for the operation, as they do in Prism. A preference the mock
// cannot honour (a status the operation does not declare, an example its answer does not have, a value of the
// wrong form) is ignored, as RFC 7240 §2 has a server do with a preference it does not support, and the rest of the
// request is answered as if it had not been sent. Prism would answer it with a status the contract does not declare
// (a problem under `200`, `204` or `418`), or with a problem type of its own (`example=nope`, `code=abc`). Prism
// also reads the same four from the query (`?__code=429`) when there is no Prefer header: they obey the same rules.
import type { ContractOperation } from '../contract/contract-facts.js';

/** What Prism's mocker takes from a request's preferences (as @stoplight/prism-http-server reads them). */
export interface MockPreferences {
  code?: number;
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
}

export interface ChosenPreferences {
  /** The preferences the mock honours. */
  honoured: MockPreferences;
  /** Each preference ignored, as it was sent (`code=418`), for the log. */
  ignored: string[];
}

/** The preference names Prism reads, by their query parameter (used when the request has no Prefer header). */
const QUERY_PREFERENCES = { __code: 'code', __example: 'example', __dynamic: 'dynamic', __seed: 'seed' } as const;

/**
 * The preferences of a request to `operation` that the mock can honour, and those it ignores: from its Prefer
 * header, or (without one, as Prism reads them) from the query parameters `__code`, `__example`, `__dynamic` and
 * `__seed` of `target`. A request to no operation honours none.
 */
export function choosePreferences(prefer: string | undefined, target: string, operation: ContractOperation | undefined): ChosenPreferences {
  const sent = prefer ? readPreferHeader(prefer) : readQueryPreferences(target);
  const honoured: MockPreferences = {};
  const ignored: string[] = [];
  const [code, example, dynamic, seed] = (['code', 'example', 'dynamic', 'seed'] as const).map((name) => sent.get(name));
  if (code !== undefined) {
    if (operation && /^[0-9]{3}$/.test(code) && operation.responseExamples.has(Number(code))) honoured.code = Number(code);
    else ignored.push(`code=${code}`);
  }
  if (example !== undefined) {
    // An example of the answer the mock will give: of the status asked for, or of the operation's success.
    const status = honoured.code ?? operation?.successStatus;
    const names = status === undefined ? undefined : operation?.responseExamples.get(status);
    if (names?.includes(example)) honoured.exampleKey = example;
    else ignored.push(`example=${example}`);
  }
  if (dynamic !== undefined) {
    if (operation && (dynamic === 'true' || dynamic === 'false')) honoured.dynamic = dynamic === 'true';
    else ignored.push(`dynamic=${dynamic}`);
  }
  if (seed !== undefined) {
    if (operation && seed !== '') honoured.seed = seed;
    else ignored.push(`seed=${seed}`);
  }
  return { honoured, ignored };
}

/**
 * The preferences of a Prefer header (RFC 7240 §2): comma-separated, each a name with an optional value (a token or
 * a quoted string) and parameters after `;`, which the mock has no use for. A name is case-insensitive, and only its
 * first instance counts.
 */
export function readPreferHeader(header: string): Map<string, string> {
  const preferences = new Map<string, string>();
  for (const preference of splitOutsideQuotes(header, ',')) {
    const [nameAndValue = ''] = splitOutsideQuotes(preference, ';');
    const equals = nameAndValue.indexOf('=');
    const name = (equals === -1 ? nameAndValue : nameAndValue.slice(0, equals)).trim().toLowerCase();
    const value = equals === -1 ? '' : unquote(nameAndValue.slice(equals + 1).trim());
    if (name !== '' && !preferences.has(name)) preferences.set(name, value);
  }
  return preferences;
}

function readQueryPreferences(target: string): Map<string, string> {
  const preferences = new Map<string, string>();
  const query = new URLSearchParams(target.includes('?') ? target.slice(target.indexOf('?') + 1) : '');
  for (const [parameter, name] of Object.entries(QUERY_PREFERENCES)) {
    const value = query.get(parameter);
    if (value !== null) preferences.set(name, value);
  }
  return preferences;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '\\' && quoted) index++;
    else if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

// A quoted-string's content, its backslash escapes undone (RFC 9110 §5.6.4); a token as it is.
function unquote(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  return value.slice(1, -1).replace(/\\(.)/g, '$1');
}
