// A request body as the mock and the sandbox both read it, so one bad body gets one answer from both (D3): sent as
// one of the operation's media types in UTF-8 (415), at most 1 MiB (413), one UTF-8 JSON text (400).
// test/mock/bad-inputs-agree.test.ts holds both servers to these rules.
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { BodyResult, ServerRequest } from './exchange.js';

export const BODY_LIMIT_BYTES = 1_048_576;

/**
 * A media type of `accepted` (any case), with no charset or a UTF-8 one: JSON is UTF-8 (RFC 8259, section 8.1), so
 * `charset=utf-8` in any case, quoted or not, is accepted and any other charset (`latin1`, `utf-16`, the alias `utf8`)
 * is refused.
 */
export function isAcceptedMediaType(contentType: string | undefined, accepted: string[]): boolean {
  if (!contentType) return false;
  const [essence, ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (!accepted.includes(essence)) return false;
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim());
    return name !== 'charset' || value.replace(/^"(.*)"$/, '$1') === 'utf-8';
  });
}

function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  return header !== undefined && /^[0-9]+$/.test(header) ? Number(header) : undefined;
}

/** A node:http request as the transport-neutral ServerRequest (src/http/exchange.ts). */
export function fromIncomingMessage(req: IncomingMessage): ServerRequest {
  return {
    method: req.method ?? 'GET',
    target: req.url ?? '/',
    headers: req.headersDistinct,
    declaredLength: declaredLength(req),
    readBody: (limit) => readBody(req, limit),
  };
}

/**
 * Read a request body under a size limit. Beyond the limit the rest is discarded rather than the connection being
 * cut, so the client still reads the 413.
 */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (tooLarge) return;
      if (received > limit) {
        tooLarge = true;
        chunks.length = 0;
        resolve({ ok: false, reason: 'too-large', receivedBytes: received });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!tooLarge) resolve({ ok: true, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received) });
    });
    // A promise settles once, so these only count when the body never ended.
    req.on('close', () => resolve({ ok: false, reason: 'aborted' }));
    req.on('error', () => resolve({ ok: false, reason: 'aborted' }));
  });
}

export type DecodedRequestJson = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * A request body decoded as JSON: UTF-8 first (anything else is a 400), then JSON.parse; or why not, in a reason that
 * never quotes the body (the 400's detail, problems.ts describeMalformedJson).
 */
export function decodeRequestJson(body: Buffer): DecodedRequestJson {
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
