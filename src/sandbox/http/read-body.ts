// Reading a request body under a size limit. Beyond the limit the rest is discarded rather than the connection
// being cut, so the client still reads the 413.
import type { IncomingMessage } from 'node:http';

export const BODY_LIMIT_BYTES = 1_048_576;

export type BodyResult =
  | { ok: true; body: Buffer }
  | { ok: false; reason: 'too-large'; receivedBytes: number }
  | { ok: false; reason: 'aborted' };

export function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  return header !== undefined && /^[0-9]+$/.test(header) ? Number(header) : undefined;
}

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
