// Text that came from the other side (a field name, a preference, a service's answer) is untrusted: written raw to a
// terminal or a file, a control character could forge a line, erase one, hide the rest (`ESC[8m`) or reorder what is
// shown (bidi overrides). Every part that prints or reports such text escapes it here, as `\uXXXX`.

/** C0 controls, DEL, C1 controls, the Unicode line and paragraph separators, and the bidi marks and overrides. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point here.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same set without the line feed.
const CONTROL_BUT_LINE_FEED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

// The characters JSON.stringify leaves raw.
const CONTROL_LEFT_BY_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escapeChar = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Every control character of `text` as `\uXXXX`, line breaks included: the text stays on one line. */
export function escapeControl(text: string): string {
  return String(text).replace(CONTROL, escapeChar);
}

/**
 * The same, but line feeds kept: for a whole output the program laid out in lines itself (a table, a report), as a
 * last net under the escaping of each untrusted part.
 */
export function escapeControlKeepingLines(text: string): string {
  return text.replace(CONTROL_BUT_LINE_FEED, escapeChar);
}

/**
 * Serialised JSON with the control characters JSON.stringify leaves raw (DEL, C1, separators, bidi) written as JSON's
 * own `\uXXXX` escapes: the same document when parsed, and harmless when shown. JSON.stringify already escapes C0
 * and emits these characters only inside strings, so the result is valid JSON.
 */
export function escapeControlInJson(json: string): string {
  return json.replace(CONTROL_LEFT_BY_JSON, escapeChar);
}

/** Escaped, then cut to `max` characters, so that a long untrusted text cannot flood a log line. */
export function printable(text: string, max = 200): string {
  const escaped = escapeControl(text);
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}
