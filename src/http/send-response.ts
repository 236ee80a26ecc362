// Writing an Answer (src/http/exchange.ts) on node:http, for every server of this package: on a response, and on the
// bare socket of a request Node's parser refused, which never gets a response object. fetch-exchange.ts writes the
// same Answer as a web Response.
import { createServer, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Answer, ServerRequest } from './exchange.js';
import { fromIncomingMessage } from './request-body.js';

export function writeAnswer(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
  res.end(answer.body);
}

/**
 * Answer a request Node's parser refuses (headers over its limit, broken HTTP) on its socket: it never reaches a
 * route, and Node's own answer would have an empty body. A socket already answering a request is only closed.
 */
export function writeAnswerOnSocket(socket: Duplex, answer: Answer & { problem?: { title: string } }): void {
  if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const head = [`HTTP/1.1 ${answer.status} ${answer.problem?.title ?? ''}`];
  for (const [name, value] of Object.entries(answer.headers)) head.push(`${name}: ${value}`);
  head.push(`content-length: ${Buffer.byteLength(answer.body)}`, 'connection: close');
  socket.end(`${head.join('\r\n')}\r\n\r\n${answer.body}`);
}

/** What a node:http server of this package needs of its request front (request-front.ts). */
export interface NodeFront {
  answer(request: ServerRequest): Promise<Answer | undefined>;
  answerUnparsed(code: string | undefined): Answer;
}

/** A node:http server answering through `front`, a request Node's parser refuses included. */
export function createFrontServer(front: NodeFront, options: ServerOptions = {}): Server {
  const server = createServer(options, (req, res) => {
    void front.answer(fromIncomingMessage(req)).then((answer) => {
      if (answer !== undefined && !res.destroyed) writeAnswer(res, answer);
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => writeAnswerOnSocket(socket, front.answerUnparsed(error.code)));
  return server;
}
