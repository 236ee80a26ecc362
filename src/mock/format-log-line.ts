// The mock's log line for one exchange: method, path, status, the problem's type and field errors, and the named
// example it answered with. Nothing of the request's headers or query reaches it. Pointers and details name the
// caller's fields: printable escapes their control characters, so that a field name holding a line break cannot forge a
// log line, and cuts them short, so that a long name cannot flood the log.
import type { Answer } from '../http/exchange.js';
import { printable } from '../http/printable.js';
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
