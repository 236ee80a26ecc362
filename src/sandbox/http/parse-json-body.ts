// A request body as JSON: UTF-8 first (D3: anything else is a 400), then JSON.parse, with a reason that never
// quotes the body.
import { isUtf8 } from 'node:buffer';

export type ParsedBody = { ok: true; value: unknown } | { ok: false; reason: string };

export function parseJsonBody(body: Buffer): ParsedBody {
  if (!isUtf8(body)) return { ok: false, reason: 'it is not valid UTF-8' };
  const text = body.toString('utf8');
  if (text.trim() === '') return { ok: false, reason: 'it is empty' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // V8's message may quote the body; keep only the position.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    const reason =
      position === undefined
        ? 'it ends early or holds an unexpected character'
        : `unexpected character or end of input at position ${position}`;
    return { ok: false, reason };
  }
}
