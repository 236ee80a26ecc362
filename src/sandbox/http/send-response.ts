// Writing JSON and problem responses.
import type { ServerResponse } from 'node:http';
import type { Problem } from '../../../generated/openapi.js';

export function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(body);
}

/** A problem document; its `instance` is the answer's Request-Id when the answer has one (D2). */
export function sendProblem(res: ServerResponse, problem: Problem & { status: number }, headers: Record<string, string> = {}): void {
  const requestId = res.getHeader('request-id');
  const body = JSON.stringify(typeof requestId === 'string' ? { ...problem, instance: requestId } : problem);
  res.writeHead(problem.status, {
    'content-type': 'application/problem+json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(body);
}
