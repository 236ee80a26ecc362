// Writing JSON and problem responses, for the sandbox's routes and for the requests Node's parser refuses in both
// servers.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { CreateProblem, ProblemDocument } from './problems.js';

export function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(body);
}

/** A problem document; its `instance` is the answer's Request-Id when the answer has one, else a fresh URN (D2). */
export function sendProblem(res: ServerResponse, problem: ProblemDocument, headers: Record<string, string> = {}): void {
  const requestId = res.getHeader('request-id');
  const body = JSON.stringify(stampInstance(problem, typeof requestId === 'string' ? requestId : `urn:uuid:${randomUUID()}`));
  res.writeHead(problem.status, {
    'content-type': 'application/problem+json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(body);
}

// `instance` after `detail` and before `errors`, where the contract's examples put it.
function stampInstance({ errors, ...problem }: ProblemDocument, instance: string | undefined): ProblemDocument {
  return { ...problem, ...(instance === undefined ? {} : { instance }), ...(errors ? { errors } : {}) };
}

/**
 * Answer a request Node's parser refuses (headers over its limit, broken HTTP): it never reaches a route, and Node's
 * own answer would have an empty body, so it gets a problem document, with `requestId` as its Request-Id when given.
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  createProblem: CreateProblem<'bad-request' | 'request-header-fields-too-large'>,
  requestId: string | undefined,
): void {
  if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? createProblem('request-header-fields-too-large', 'The request headers are too large; send fewer or shorter headers.')
      : createProblem('bad-request', 'The request is not valid HTTP/1.1.');
  const body = JSON.stringify(stampInstance(problem, requestId));
  const requestIdLine = requestId ? `request-id: ${requestId}\r\n` : '';
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.title}\r\ncontent-type: application/problem+json\r\n${requestIdLine}` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
