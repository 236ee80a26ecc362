// The mock's log line for one exchange: method, path, status, the problem's type and field errors, and the named
// example it answered with. Nothing of the request's headers or query reaches it.
import type { Answer } from '../http/exchange.js';
import type { ProblemDocument } from '../http/problems.js';

export function formatLogLine(
  method: string,
  pathname: string,
  answer: Answer,
  problem: ProblemDocument | undefined,
  exampleName: string | undefined,
): string {
  const slug = typeof problem?.type === 'string' ? ` ${problem.type.split(/[/#]/).pop()}` : '';
  const describeError = (e: { pointer: string; detail: string }) => `${printable(e.pointer) || '(body)'} ${printable(e.detail, 300)}`;
  const fields = problem?.errors?.length ? `: ${problem.errors.map(describeError).join('; ')}` : '';
  const example = exampleName && answer.status < 300 ? ` (example ${exampleName})` : '';
  return `${method} ${pathname} → ${answer.status}${slug}${example}${fields}`;
}

// Pointers and details name the caller's fields: control characters are escaped, so that a field name holding a
// line break cannot forge a log line, and the text is cut short, so that a long name cannot flood the log.
export function printable(text: string, max = 200): string {
  const escapeChar = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point here.
  const escaped = String(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, escapeChar);
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}
