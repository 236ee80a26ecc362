// `npm run proxy -- <upstream-url>`: a validating proxy in front of a running implementation. Each request goes to the
// upstream as it came, as bytes (src/http/forward-request.ts), and its answer comes back as the upstream sent it: the
// same status, header lines and body bytes (src/http/relay-answer.ts), a redirect passed on and never followed, a body
// cut short passed on cut short. Prism's validator judges the request and the answer (proxy-judge.ts); its findings
// are listed in the `sl-violations` header and logged, and change nothing else. Only when there is no answer to pass
// on does the proxy answer itself, with a problem document: 504 when the upstream sends no answer in time, 502 when
// it cannot be reached or its answer is not HTTP, 413 for a request body over what the proxy reads.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { IHttpOperation } from '@stoplight/types';
import type { Contract } from '../contract/contract-value.js';
import { createUpstream, type UpstreamOutcome } from '../http/forward-request.js';
import { createProblems, type ProblemDocument } from '../http/problems.js';
import { relayAnswer } from '../http/relay-answer.js';
import { readBody } from '../http/request-body.js';
import { createRefusalAnswerer } from '../http/request-front.js';
import { describeTargetForLog, readRequestTarget } from '../http/request-target.js';
import { writeAnswer, writeAnswerOnSocket } from '../http/send-response.js';
import { createExchangeJudge } from './proxy-judge.js';
import { createExchangeLog, type ExchangeLog, readCredentials } from './proxy-log.js';
import { type PrismViolation, violationsHeader } from './report-violations.js';

// Prism's own server reads request bodies up to 10 MB (micri's limit in prism-http-server); the proxy reads the
// request whole, as Prism's validator judges it whole, so it keeps that bound.
const REQUEST_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** The most of an answer's body held before its head is passed on: a body this long or shorter is validated. */
export const JUDGED_BODY_LIMIT_BYTES = 1024 * 1024;

// The answers the proxy makes itself; a gateway's two are not declared by the contract, which answers them with its
// `default` response (a problem document), so they are typed under the contract's problem type base.
const PROXY_PROBLEM_TYPES = { 'bad-gateway': [502, 'Bad gateway'], 'gateway-timeout': [504, 'Gateway timeout'] } as const;

export interface ProxyServerOptions {
  /** The upstream's base URL (base-url.ts): no user information, query or trailing slash. */
  upstream: string;
  /** How long the upstream may take to start its answer, or pause in its body (--upstream-timeout). */
  upstreamTimeoutMs: number;
  contract: Contract;
  /** The contract's operations as Prism reads them. */
  operations: IHttpOperation[];
  logLevel: string;
  log: (line: string) => void;
}

export function createProxyServer(options: ProxyServerOptions): Server {
  const { contract, upstreamTimeoutMs } = options;
  const upstream = createUpstream(options.upstream, upstreamTimeoutMs);
  const judge = createExchangeJudge(contract, options.operations, JUDGED_BODY_LIMIT_BYTES);
  const problems = createProblems(contract, PROXY_PROBLEM_TYPES);
  // The proxy's own answers are refusals written as the request front writes them, with a Request-Id of their own.
  const refusalAnswer = createRefusalAnswerer(contract.newRequestId);
  const credentialHeaders = [
    ...new Set(['authorization', 'proxy-authorization', 'cookie', ...contract.operations.flatMap((op) => op.apiKeyHeader ?? [])]),
  ];
  const seconds = `${upstreamTimeoutMs / 1000} s`;

  async function handle(request: IncomingMessage, response: ServerResponse, log: ExchangeLog, line: string): Promise<void> {
    const ownProblem = (problem: ProblemDocument, violations: PrismViolation[] = []) => {
      writeOwnProblem(response, problem, violations);
      log.exchange(`${line} → ${problem.status} ${problem.type.split('/').pop()}: ${problem.detail}`);
    };
    const read = await readBody(request, REQUEST_BODY_LIMIT_BYTES);
    // An aborted request has no one to answer.
    if (!read.ok && read.reason === 'aborted') return;
    if (!read.ok) {
      return ownProblem(problems.overProxyLimit(REQUEST_BODY_LIMIT_BYTES));
    }
    // The target as both servers read it (dot segments removed, fragment dropped), in origin-form: an absolute-form
    // target's host and user information go nowhere; one no parser reads gets the servers' own 400.
    const requestTarget = readRequestTarget(request.url ?? '/');
    if (!requestTarget.readable) return ownProblem(problems.unreadableTarget());
    const target = `${requestTarget.path}${requestTarget.query}`;
    const { method = 'GET', headers, rawHeaders } = request;
    const verdict = judge.judgeRequest({ method, target, headers, body: read.body });
    log.violations(verdict.violations);

    const cancel = new AbortController();
    response.on('close', () => cancel.abort());
    const outcome = await upstream.send({ method, target, rawHeaders, body: read.body }, cancel.signal);
    if (outcome.kind !== 'answered') {
      const problem = describeNoAnswer(outcome);
      if (problem) ownProblem(problems.own(problem.slug, problem.detail), verdict.violations);
      else log.exchange(`${line}: the client went away before the upstream answered`);
      return;
    }
    let answerViolations: PrismViolation[] = [];
    const relayed = await relayAnswer(outcome.answer, response, {
      windowBytes: JUDGED_BODY_LIMIT_BYTES,
      idleTimeoutMs: upstreamTimeoutMs,
      dropHeaders: ['sl-violations'],
      judge: (window) => {
        try {
          answerViolations = verdict.operation ? judge.judgeAnswer(verdict.operation, window) : [];
        } catch (error) {
          // The answer is passed on all the same; the report says it was not judged.
          const message = `Prism's validator failed on this answer (${(error as Error).message}); it was passed on without validation.`;
          answerViolations = [{ location: ['response'], severity: 'Information', code: 'not-validated', message }];
        }
        log.violations(answerViolations);
        return Object.entries(violationsHeader([...verdict.violations, ...answerViolations])).flat();
      },
    });
    const status = outcome.answer.statusCode ?? 0;
    const count = verdict.violations.length + answerViolations.length;
    const notes = [
      status >= 300 && status < 400 ? 'redirect not followed' : '',
      count > 0 ? `${count} finding${count === 1 ? '' : 's'}` : '',
    ].filter(Boolean);
    log.exchange(`${line} → ${status} from the upstream${notes.length > 0 ? ` (${notes.join(', ')})` : ''}${describeEnding(relayed)}`);
  }

  // Why there is no answer to pass on, as a problem; none when the client went away first.
  function describeNoAnswer(outcome: Exclude<UpstreamOutcome, { kind: 'answered' }>) {
    if (outcome.kind === 'timed-out') {
      return { slug: 'gateway-timeout', detail: `The upstream sent no answer within ${seconds}.` } as const;
    }
    if (outcome.kind === 'failed') {
      const why = outcome.code ?? 'no answer';
      return { slug: 'bad-gateway', detail: `The upstream could not be reached or did not answer in HTTP (${why}).` } as const;
    }
    return undefined;
  }

  // A problem of the proxy's own, with a Request-Id of its own as its `instance` (D2), and the request's findings.
  function writeOwnProblem(response: ServerResponse, problem: ProblemDocument, violations: PrismViolation[]): void {
    writeAnswer(response, refusalAnswer({ problem, headers: violationsHeader(violations) }));
  }

  function describeEnding({ ending, bodyBytes }: { ending: string; bodyBytes: number }): string {
    if (ending === 'cut') return `, cut short by the upstream after ${bodyBytes} bytes of the body`;
    if (ending === 'idle') return `, cut short after ${bodyBytes} bytes of the body: the upstream sent nothing for ${seconds}`;
    if (ending === 'client-gone') return ', the client went away';
    return '';
  }

  const server = createServer((request, response) => {
    const log = createExchangeLog(options.log, options.logLevel, readCredentials(request.headersDistinct, credentialHeaders));
    const line = `${request.method} ${describeTargetForLog(readRequestTarget(request.url ?? '/'))}`;
    handle(request, response, log, line).catch((error: Error) => {
      log.exchange(`${line}: the proxy failed on this request (${error.message})`);
      if (response.headersSent) response.destroy();
      else writeOwnProblem(response, problems.internalError('The proxy failed on this request.'), []);
    });
  });
  // A request Node's parser refuses (headers over 16 KiB, broken HTTP) never reaches the upstream: the mock's answer.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    writeAnswerOnSocket(socket, refusalAnswer({ problem: problems.parserRefusal(error.code), headers: {} })),
  );
  server.on('close', () => upstream.close());
  return server;
}
