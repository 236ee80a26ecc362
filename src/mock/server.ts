// The one server callers talk to, with Prism's engine in the same process: node:http at the edge, the request front
// every server of this package shares (src/http/request-front.ts) inside, with the contract's operations behind it
// (answer-request.ts). A CORS preflight is answered before the front, as Prism's server answers it, and each exchange
// is logged in one line.
import type { Server } from 'node:http';
import { describeTargetForLog } from '../http/request-target.js';
import { createFrontServer } from '../http/send-response.js';
import { createMockFront, type MockFrontOptions } from './answer-request.js';
import { answerPreflight, buildCorsHeaders, isPreflight } from './cors.js';
import { formatLogLine } from './format-log-line.js';

export type MockServerOptions = MockFrontOptions;

export function createMockServer(options: MockServerOptions): Server {
  const front = createMockFront(options);
  return createFrontServer({
    answer: async (request) => {
      // Before any Request-Id or log line, as Prism's server answers it.
      if (isPreflight(request)) return answerPreflight(request, buildCorsHeaders(request.headers));
      const exchange = await front.answer(request);
      if (exchange === undefined) return undefined;
      const { answer, target } = exchange;
      // The target's normalised path, never an absolute-form target's user, password or query (D14).
      options.log(formatLogLine(request.method, describeTargetForLog(target), answer, answer.problem, answer.exampleName));
      return answer;
    },
    answerUnparsed: front.answerUnparsed,
  });
}
