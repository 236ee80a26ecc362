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

export function sendProblem(res: ServerResponse, problem: Problem & { status: number }, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(problem);
  res.writeHead(problem.status, {
    'content-type': 'application/problem+json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(body);
}
