import type { IncomingHttpHeaders } from 'node:http';
export function buildCorsHeaders(requestHeaders: IncomingHttpHeaders): Record<string, string>;
