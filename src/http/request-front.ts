// The one request front of every server of this package (the mock, its proxy's own answers, the sandbox and the
// testing kit's fetch sandbox), in the linear order a request takes: a Request-Id minted (D2), the target read and
// routed (400, 404, 405 with `Allow`: route-target.ts), the credentials the operation asks for (401 with the
// challenge: authorization.ts), then the operation's handler, which answers or refuses (its envelope steps:
// check-envelope.ts); a handler that throws is a 500 (the guard). Every refusal becomes an answer in one place here,
// with the Request-Id as its problem's `instance` and every answer carries the Request-Id header, so the servers
// cannot answer one envelope case differently. Each server gives it the contract value's Request-Id maker
// (src/contract/contract-value.ts newRequestId). Prism's engine (src/mock/answer-request.ts) and the sandbox's routes
// (src/sandbox/routes/route-request.ts) are handlers behind it.
import type { Authenticate } from './authorization.js';
import type { Answer, ServerRequest } from './exchange.js';
import { type ProblemAnswer, type ProblemDocument, type Problems, problemAnswer, type Refusal } from './problems.js';
import { describeTargetForLog, type RequestTarget } from './request-target.js';
import { type Route, routeTarget } from './route-target.js';

export type { Route } from './route-target.js';

/** A request routed to an operation whose credentials passed. */
export interface RoutedRequest {
  request: ServerRequest;
  requestId: string;
  /** The target as read: its normalised path and query. */
  target: RequestTarget & { readable: true };
  /** The `{id}` of the path ('' when the route has none). */
  id: string;
  /** The index of the accepted API key (0 when the server takes any key; -1 when the operation asks for none). */
  keyIndex: number;
}

/** What a handler gives: its answer, a refusal the front writes, or nothing when the client went away mid-body. */
export type Outcome<A extends Answer = Answer> = A | Refusal | undefined;

/** One operation behind the front. */
export interface Operation<A extends Answer = Answer> {
  /** The credentials it asks for (authorization.ts createAuthenticator); absent when it asks for none. */
  authenticate?: Authenticate;
  answer(routed: RoutedRequest): Outcome<A> | Promise<Outcome<A>>;
}

/** One request answered: the answer as sent, the problem it carries (for a log line), and the target as read. */
export interface Exchange<A extends Answer = Answer> {
  answer: Answer & Partial<A> & { problem?: ProblemDocument };
  target: RequestTarget;
  requestId: string;
}

export interface RequestFrontOptions<A extends Answer> {
  routes: ReadonlyArray<Route<Operation<A>>>;
  problems: Pick<Problems, 'unreadableTarget' | 'methodNotAllowed' | 'notFound' | 'internalError' | 'parserRefusal'>;
  newRequestId: () => string;
  /** Headers every answer carries under its own (the mock's CORS headers). */
  headersFor?: (request: ServerRequest) => Record<string, string>;
  /** A handler threw: log it as the server logs, and say in the 500's detail what failed. `line`: method and path. */
  onBug: (error: unknown, line: string) => string;
}

export interface RequestFront<A extends Answer = Answer> {
  /** The answer to one request; undefined only when the client went away mid-body. Never rejects. */
  answer(request: ServerRequest): Promise<Exchange<A> | undefined>;
  /** The answer to a request Node's HTTP parser refused (`code`, its error code), which never reaches a route. */
  answerUnparsed(code: string | undefined): ProblemAnswer;
}

export function createRequestFront<A extends Answer>(options: RequestFrontOptions<A>): RequestFront<A> {
  const { routes, problems, newRequestId, headersFor = () => ({}), onBug } = options;
  const refusalAnswer = createRefusalAnswerer(newRequestId);

  async function decide(request: ServerRequest, requestId: string, routing: ReturnType<typeof route>): Promise<Outcome<A>> {
    if (routing.refusal) return routing.refusal;
    const { handler: operation, target, id } = routing;
    const authentication = operation.authenticate?.(request) ?? { keyIndex: -1 };
    if (authentication.refusal) return authentication.refusal;
    return operation.answer({ request, requestId, target, id, keyIndex: authentication.keyIndex });
  }
  const route = (request: ServerRequest) => routeTarget(request.method, request.target, routes, problems);

  return {
    answer: async (request) => {
      const requestId = newRequestId();
      const routing = route(request);
      let outcome: Outcome<A>;
      try {
        outcome = await decide(request, requestId, routing);
      } catch (error) {
        // The path alone, never an absolute-form target's user or query (D14).
        const detail = onBug(error, `${request.method} ${describeTargetForLog(routing.target)}`);
        outcome = { problem: problems.internalError(detail), headers: {} };
      }
      if (outcome === undefined) return undefined;
      const common = headersFor(request);
      // A handler's answer is an A; the front's own is a ProblemAnswer, which has none of A's extra properties.
      const answer = ('status' in outcome ? outcome : refusalAnswer(outcome, requestId)) as Exchange<A>['answer'];
      return {
        answer: { ...answer, headers: { ...common, ...answer.headers, 'request-id': requestId } },
        target: routing.target,
        requestId,
      };
    },
    answerUnparsed: (code) => refusalAnswer({ problem: problems.parserRefusal(code), headers: {} }),
  };
}

/** A refusal as an answer: its problem's `instance` and its Request-Id header are `requestId`, minted when not given. */
export function createRefusalAnswerer(newRequestId: () => string) {
  return ({ problem, headers }: Refusal, requestId = newRequestId()): ProblemAnswer =>
    problemAnswer(problem, requestId, { ...headers, 'request-id': requestId });
}
