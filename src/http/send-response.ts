// Writing answers on node:http: a route's Answer (src/http/exchange.ts), and the problem document for a request
// Node's parser refuses, in both servers.
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Answer } from './exchange.js';
import { type CreateProblem, stampInstance } from './problems.js';

export function writeAnswer(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
  res.end(answer.body);
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
