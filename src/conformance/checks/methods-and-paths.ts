// Methods and paths (D3): another method on the create path is answered 405 with the method-not-allowed problem and
// an Allow header that lists POST (and not the refused method); an unknown path under the API is answered 404 with
// the not-found problem. Each probe carries the API key, so that an implementation which checks the key first still
// reaches its routing answer. The media type of every answer is the shared problem expectation's business.
import { randomUUID } from 'node:crypto';
import type { CheckDefinition } from '../check-definition.js';
import type { CheckModule, CheckStep, RunInputs } from '../check-module.js';
import type { Exchange, SentRequest } from '../send-request.js';
import type { CheckContext } from './check-context.js';
import { recordProblem } from './expect-problem.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const METHODS_AND_PATHS_CHECKS = [
  {
    name: 'method-not-allowed',
    level: 'schema',
    source: 'D3',
    title: 'GET, PUT, PATCH and DELETE on the create path → 405 problem whose Allow lists POST',
    promises: ['errors.405-allow', 'errors.statuses'],
  },
  {
    name: 'unknown-path-not-found',
    level: 'schema',
    source: 'D3',
    title: 'An unknown path under /api/v1 → 404 problem',
    promises: ['errors.statuses', 'errors.404-unknown-path'],
  },
  {
    name: 'head-not-allowed',
    level: 'schema',
    source: 'D3',
    title: 'HEAD on the create path → 405 whose Allow lists POST (a HEAD answer has no body to judge)',
    promises: ['errors.405-allow'],
  },
  {
    name: 'request-target-unreadable',
    level: 'full',
    source: 'D3',
    title: "A request target that is neither a path nor an http(s) URL a parser reads (`*`, `http://us'er:pw@[/…`) → 400 problem",
    promises: ['errors.statuses'],
  },
] as const satisfies readonly CheckDefinition[];

const OTHER_METHODS = ['GET', 'PUT', 'PATCH', 'DELETE'];

export async function checkMethodsAndPaths(context: CheckContext, sample: Record<string, unknown>): Promise<void> {
  const { config, recorder } = context;
  const { createPath, authScheme } = context.contract;
  // The contract's own examples of a request target no parser reads as a path or an http(s) URL (errors.statuses).
  const unreadableTargets = ['*', `http://us'er:pw@[${createPath}`];
  // The folder the create path sits in (`/api/v1`): an unknown path is probed there, where the API answers.
  const apiFolder = createPath.replace(/\/[^/]*\/?$/, '');
  const authorization = `${authScheme} ${config.apiKey}`;
  const accept = 'application/json, application/problem+json';
  const json = JSON.stringify(sample);
  if (recorder.isActive('method-not-allowed')) {
    await context.forEachConcurrently(OTHER_METHODS, async (method) => {
      const withBody = method === 'PUT' || method === 'PATCH';
      const exchange = await context.send({
        method,
        url: context.endpoint,
        headers: withBody ? { authorization, accept, 'content-type': 'application/json' } : { authorization, accept },
        body: withBody ? json : undefined,
      });
      const own = allowViolations(exchange, method);
      recordProblem(
        context,
        'method-not-allowed',
        `${method} on the create path`,
        exchange,
        { status: 405, slug: 'method-not-allowed' },
        own,
      );
    });
  }
  if (recorder.isActive('head-not-allowed')) {
    // HEAD is GET without a body (RFC 9110 §9.3.2): a server that answers GET with 405 must not answer HEAD with 2xx.
    const exchange = await context.send({ method: 'HEAD', url: context.endpoint, headers: { authorization, accept } });
    const status = exchange.response?.status;
    const messages =
      status === undefined
        ? [`no response (${exchange.error}); expected 405`]
        : status !== 405
          ? [`answered ${status}; expected 405 (D3: another method gets 405 with Allow)`]
          : allowViolations(exchange, 'HEAD');
    recorder.record('head-not-allowed', 'HEAD on the create path', messages, exchange);
  }
  if (recorder.isActive('request-target-unreadable')) {
    await context.forEachConcurrently(unreadableTargets, async (target) => {
      const exchange = await context.send({
        method: 'POST',
        url: context.endpoint,
        target,
        headers: { authorization, accept, 'content-type': 'application/json' },
        body: json,
      });
      const name = `POST with the request target ${target}`;
      recordProblem(context, 'request-target-unreadable', name, exchange, { status: 400, slug: 'bad-request' });
    });
  }
  if (recorder.isActive('unknown-path-not-found')) {
    const url = `${config.baseUrl}${apiFolder}/conformance-no-such-path-${randomUUID()}/`;
    const probes: Array<Omit<SentRequest, 'url'> & { name: string }> = [
      { name: `GET on an unknown path under ${apiFolder}`, method: 'GET', headers: { authorization, accept } },
      {
        name: `POST of a valid body to an unknown path under ${apiFolder}`,
        method: 'POST',
        headers: { authorization, accept, 'content-type': 'application/json' },
        body: json,
      },
    ];
    await context.forEachConcurrently(probes, async ({ name, ...request }) => {
      const exchange = await context.send({ url, ...request });
      recordProblem(context, 'unknown-path-not-found', name, exchange, { status: 404, slug: 'not-found' });
    });
  }
}

/** What a 405 owes beyond the problem: an Allow header listing POST and not the method it refused. */
function allowViolations(exchange: Exchange, method: string): string[] {
  const { response } = exchange;
  if (response?.status !== 405) return [];
  const allow = response.headers.allow;
  if (allow === undefined) return ['no Allow header; D3: a 405 lists the methods the path takes (POST)'];
  const methods = allow.split(',').map((token) => token.trim());
  const messages: string[] = [];
  if (!methods.includes('POST')) messages.push(`Allow is ${JSON.stringify(allow)}; expected it to list POST`);
  if (methods.includes(method)) messages.push(`Allow is ${JSON.stringify(allow)}, which lists ${method}, the method just refused`);
  return messages;
}

export const METHODS_AND_PATHS_MODULE: CheckModule<typeof METHODS_AND_PATHS_CHECKS> = {
  checks: METHODS_AND_PATHS_CHECKS,
  step: methodsStep,
};

function methodsStep(context: CheckContext, { first }: RunInputs): CheckStep {
  return { label: 'other methods and unknown paths', run: () => checkMethodsAndPaths(context, first) };
}
