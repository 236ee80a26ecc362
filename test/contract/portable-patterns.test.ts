// Every `pattern` of the contract is written in the subset of regular expressions that ECMA-262 (the dialect JSON
// Schema names), Java, RE2 (Go), Python and .NET read the same way (issue 30): a generator or validator in any of
// them accepts what the servers accept. Checked by a small tokenizer that knows only the allowed constructs and
// refuses anything else: `^` first and `$` last, literal characters, escaped metacharacters, `\xHH`, classes of
// literals and ranges (no nested `[`, no `&&`), non-capturing groups, alternation, and greedy quantifiers. A negated
// class holds literal characters only, and controls are written as themselves, never `\t \n \f \r`: a generator
// that reads an escape as its bare letter (Specmatic's reads `\t` as `t`) narrows a class harmlessly but widens a
// negated one, and sent URLs holding a real TAB that a correct service refuses (issue 30). Refused, with what each dialect makes of it: `\s \d \w \b` (ASCII in Java, RE2 and .NET's
// ECMAScript mode, Unicode in ECMA-262 and Python), `.` (each stops at other line ends), `\v` (a class in Java),
// `\u`/`\p` (RE2 has neither), lookarounds and backreferences (RE2 has none), lazy and possessive quantifiers.
// One difference no pattern can avoid: `$` also matches before a final newline in Java, Python and .NET.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ESCAPABLE_OUTSIDE = new Set([...'.^$*+?()[]{}|\\']);
const ESCAPABLE_INSIDE = new Set([...'^-[]\\']);

/** The first construct of `pattern` outside the portable subset, with its index, or null when all of it is in. */
function findUnportable(pattern: string): string | null {
  const chars = [...pattern];
  let i = 0;
  const at = (what: string) => `${what} at ${i}`;
  if (chars[0] !== '^') return 'no ^ at the start';
  if (chars.at(-1) !== '$' || chars.at(-2) === '\\') return 'no $ at the end';
  i = 1;
  const end = chars.length - 1;
  let depth = 0;
  let atomBefore = false;
  // An escape `\x` at i: the index after it, or an error.
  const readEscape = (escapable: Set<string>): number | string => {
    const next = chars[i + 1];
    if (next === undefined) return at('a lone \\');
    if (escapable.has(next)) return i + 2;
    if (next === 'x' && /^[0-9A-Fa-f]{2}$/.test(chars.slice(i + 2, i + 4).join(''))) return i + 4;
    return at(`\\${next}`);
  };
  while (i < end) {
    const char = chars[i];
    if (char === '\\') {
      const after = readEscape(ESCAPABLE_OUTSIDE);
      if (typeof after === 'string') return after;
      i = after;
      atomBefore = true;
    } else if (char === '[') {
      i += 1;
      const negated = chars[i] === '^';
      if (negated) i += 1;
      let items = 0;
      while (chars[i] !== ']') {
        if (i >= end) return at('an unclosed class');
        if (chars[i] === '[') return at('[ inside a class');
        if (chars[i] === '&' && chars[i + 1] === '&') return at('&& inside a class');
        if (chars[i] === '\\') {
          if (negated) return at('an escape in a negated class');
          const after = readEscape(ESCAPABLE_INSIDE);
          if (typeof after === 'string') return after;
          i = after;
        } else i += 1;
        items += 1;
      }
      if (items === 0) return at('an empty class');
      i += 1;
      atomBefore = true;
    } else if (char === '(') {
      if (chars[i + 1] !== '?' || chars[i + 2] !== ':') return at(chars[i + 1] === '?' ? `(?${chars[i + 2]}` : 'a capturing group');
      depth += 1;
      i += 3;
      atomBefore = false;
    } else if (char === ')') {
      if (depth === 0) return at('an unopened )');
      depth -= 1;
      i += 1;
      atomBefore = true;
    } else if (char === '|') {
      i += 1;
      atomBefore = false;
    } else if ('*+?{'.includes(char)) {
      if (!atomBefore) return at(`${char} with nothing to repeat`);
      if (char === '{') {
        const bound = /^\{[0-9]+(?:,[0-9]*)?\}/.exec(chars.slice(i).join(''));
        if (!bound) return at('a { that is no bound');
        i += [...bound[0]].length;
      } else i += 1;
      if ('?+'.includes(chars[i]) && i < end) return at(chars[i] === '?' ? 'a lazy quantifier' : 'a possessive quantifier');
      atomBefore = false;
    } else if ('.^$]}'.includes(char)) {
      return at(char);
    } else {
      i += 1;
      atomBefore = true;
    }
  }
  return depth === 0 ? null : 'an unclosed group';
}

/** Every `pattern` string in a document, with its JSON Pointer. */
function collectPatterns(node: unknown, pointer = ''): Array<[string, string]> {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const here = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    const own: Array<[string, string]> = key === 'pattern' && typeof value === 'string' ? [[here, value]] : [];
    return [...own, ...collectPatterns(value, here)];
  });
}

describe('the portable subset tokenizer', () => {
  it.each([
    ['^[\\s]+$', '\\s at 2'],
    ['^\\d+$', '\\d at 1'],
    ['^\\w$', '\\w at 1'],
    ['^\\S$', '\\S at 1'],
    ['^a\\b$', '\\b at 2'],
    ['^\\v$', '\\v at 1'],
    ['^\\u00a0$', '\\u at 1'],
    ['^\\p{L}$', '\\p at 1'],
    ['^(?=a)a$', '(?= at 1'],
    ['^(?!a)b$', '(?! at 1'],
    ['^(?<=a)b$', '(?< at 1'],
    ['^(?:a)\\1$', '\\1 at 6'],
    ['^(a)$', 'a capturing group at 1'],
    ['^a.b$', '. at 2'],
    ['^a*?$', 'a lazy quantifier at 3'],
    ['^a++$', 'a possessive quantifier at 3'],
    ['^[a-z&&[^b]]$', '&& inside a class at 5'],
    ['^[a[b]]$', '[ inside a class at 3'],
    ['^[a&&b]$', '&& inside a class at 3'],
    ['^a{$', 'a { that is no bound at 2'],
    ['a$', 'no ^ at the start'],
    ['^a', 'no $ at the end'],
    ['^a$|^b$', '$ at 2'],
    ['^\\t$', '\\t at 1'],
    ['^[\\n]$', '\\n at 2'],
    ['^[^\\x0B]$', 'an escape in a negated class at 3'],
    ['^[^a\\-]$', 'an escape in a negated class at 4'],
  ])('refuses %s (%s)', (pattern, finding) => {
    expect(findUnportable(pattern)).toBe(finding);
  });

  it('accepts escaped metacharacters, \\xHH, controls written as themselves, ranges, bounds and groups', () => {
    expect(findUnportable('^[\\x21-\\x7E]+(?: v[0-9]{1,2}[a-z]*,[A-Za-z0-9+/]+={0,2}){0,9}\\.[^\t\n\v\f\r ]?$')).toBeNull();
  });
});

describe.each(['generated/openapi.json', 'generated/openapi.dereferenced.json'])('every pattern of %s', (file) => {
  const patterns = collectPatterns(JSON.parse(readFileSync(file, 'utf8')));

  it('holds the ones the contract has (the walk sees them)', () => {
    expect(patterns.length).toBeGreaterThanOrEqual(14);
  });

  it('is in the subset ECMA-262, Java, RE2, Python and .NET read alike', () => {
    const unportable = patterns.flatMap(([pointer, pattern]) => {
      const finding = findUnportable(pattern);
      return finding ? [`${pointer}: ${finding} in ${pattern}`] : [];
    });
    expect(unportable).toEqual([]);
  });

  it('compiles under ECMA-262 with the u flag, as Ajv compiles it', () => {
    for (const [pointer, pattern] of patterns) expect(() => new RegExp(pattern, 'u'), pointer).not.toThrow();
  });
});

describe("HttpUrl's pattern", () => {
  const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8'));
  const written = new RegExp(contract.components.schemas.HttpUrl.pattern, 'u');
  // The 1.0.0 pattern, with ECMAScript's \s: the rule the written-out one must keep exactly.
  const before = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/u;

  it("accepts and refuses exactly what ECMAScript's \\s made it, for every code point in the host, path and query", () => {
    const differing: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      for (const url of [`https://a${char}b/x`, `https://ab/x${char}y`, `http://h?q=${char}`]) {
        if (written.test(url) !== before.test(url)) differing.push(`U+${code.toString(16).toUpperCase()} in ${JSON.stringify(url)}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it.each(['\u00a0', '\u2028', '\u3000', '\ufeff', '\u000b'])('refuses a URL holding %j, as the servers do', (space) => {
    expect(written.test(`https://shop.example.com/a${space}b`)).toBe(false);
  });
});
