// What src/http/printable.ts escapes: every character that could rewrite a terminal or hide text (C0, DEL, C1, line
// separators, bidi marks and overrides), as `\uXXXX`, for the kit's outputs and the mock's log (issue 28, R10).
import { describe, expect, it } from 'vitest';
import { escapeControl, escapeControlInJson, escapeControlKeepingLines, printable } from '../../src/http/printable.js';

const HOSTILE = 'a\u001b[8mb\r\nc\u0000\u007f\u009b31m\u2028\u202e\u2066\u200f\u061cz';

describe('escaping control characters', () => {
  it('writes each as \\uXXXX and leaves the rest, other Unicode included', () => {
    expect(escapeControl(HOSTILE)).toBe('a\\u001b[8mb\\u000d\\u000ac\\u0000\\u007f\\u009b31m\\u2028\\u202e\\u2066\\u200f\\u061cz');
    expect(escapeControl('plain → ✗ é 𝄞')).toBe('plain → ✗ é 𝄞');
  });

  it('keeps line feeds in a whole output the program laid out itself', () => {
    expect(escapeControlKeepingLines('one\ntwo\r\u001b[2K')).toBe('one\ntwo\\u000d\\u001b[2K');
  });

  it('in serialised JSON, writes what JSON.stringify leaves raw as JSON escapes: the same value once parsed', () => {
    const json = JSON.stringify({ note: HOSTILE }, null, 2);
    const escaped = escapeControlInJson(json);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none of these is left raw.
    expect(escaped).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u202e\u2066\u200f\u061c]/);
    expect(JSON.parse(escaped)).toEqual({ note: HOSTILE });
  });

  it('printable escapes, then cuts', () => {
    expect(printable('\u001b'.repeat(10), 12)).toBe('\\u001b\\u001b…');
  });
});
