// The request's headers as Prism reads them: one string per name, as Node's IncomingMessage.headers gives them, and
// without those that describe the connection rather than the request.
import type { ServerRequest } from '../http/exchange.js';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
]);

// The headers of which Node keeps the first line only (the rest it joins with ", ", and cookie with "; ").
const FIRST_LINE_ONLY = new Set([
  'age',
  'authorization',
  'content-type',
  'etag',
  'expires',
  'from',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

export function readPrismHeaders(headers: ServerRequest['headers']): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, lines] of Object.entries(headers)) {
    if (lines === undefined || lines.length === 0 || HOP_BY_HOP.has(name)) continue;
    kept[name] = FIRST_LINE_ONLY.has(name) ? (lines[0] as string) : lines.join(name === 'cookie' ? '; ' : ', ');
  }
  return kept;
}
