// The one server callers talk to, with Prism's engine in the same process: node:http at the edge, the shared HTTP
// stack (src/http) inside. Each request gets its own Request-Id, shaped like the contract's example, when the
// contract declares the header (Prism would send the example's value on every answer); the request front
// (answer-request.ts) answers it, and the exchange is logged in one line.
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { createRequestIdMaker } from '../contract/contract-facts.js';
import { fromIncomingMessage } from '../http/request-body.js';
import { describeTargetForLog, readRequestTarget } from '../http/request-target.js';
import { answerClientError, writeAnswer } from '../http/send-response.js';
import { createRequestAnswerer, type RequestAnswererOptions } from './answer-request.js';
import { answerPreflight, buildCorsHeaders, isPreflight } from './cors.js';
import { formatLogLine } from './format-log-line.js';
import { answerOwnProblem } from './rewrite-prism-answer.js';

export type MockServerOptions = RequestAnswererOptions;

export function createMockServer(options: MockServerOptions): Server {
  const { log } = options;
  const { answer, problems, createProblem } = createRequestAnswerer(options);
  const makeRequestId = createRequestIdMaker(options.contract);
  const nextRequestId = () => makeRequestId?.();

  const server = createServer((req, res) => {
    const request = fromIncomingMessage(req);
    // A CORS preflight is answered as Prism's server answers it, before any Request-Id or log line.
    if (isPreflight(request)) return writeAnswer(res, answerPreflight(request, buildCorsHeaders(request.headers)));
    const requestId = nextRequestId();
    // The target's normalised path, never an absolute-form target's user, password or query (D14).
    const pathname = describeTargetForLog(readRequestTarget(request.target));
    answer(request, requestId)
      .catch((error: Error) => {
        const problem = problems.internalError(`The mock failed on this request (${error.message}).`);
        return answerOwnProblem(problem, requestId, buildCorsHeaders(request.headers));
      })
      .then((exchange) => {
        if (exchange === undefined || res.destroyed) return;
        const sent =
          requestId === undefined
            ? exchange.answer
            : { ...exchange.answer, headers: { ...exchange.answer.headers, 'request-id': requestId } };
        writeAnswer(res, sent);
        log(formatLogLine(request.method, pathname, sent, exchange.problem, exchange.exampleName));
      });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) =>
    answerClientError(error, socket, createProblem, nextRequestId()),
  );
  return server;
}
