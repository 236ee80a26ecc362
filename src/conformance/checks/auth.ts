// Authentication (seed: authentication; D23): a missing header, another scheme, an unknown key or two Authorization
// headers is answered 401 with the unauthorized problem and `WWW-Authenticate: Api-Key`, and the answer never echoes
// what was sent.
import { randomBytes } from 'node:crypto';
import type { CheckDefinition, CheckId } from '../check-definition.js';
import type { CheckModule, CheckStep, RunInputs } from '../check-module.js';
import type { Exchange } from '../send-request.js';
import type { CheckContext } from './check-context.js';
import { recordProblem } from './expect-problem.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const AUTH_CHECKS = [
  {
    name: 'auth-missing-key',
    level: 'schema',
    source: 'seed: authentication; D23',
    title: 'No Authorization header → 401 problem with WWW-Authenticate: Api-Key',
    promises: ['errors.statuses', 'auth.api-key-scheme'],
  },
  {
    name: 'auth-wrong-scheme',
    level: 'full',
    source: 'seed: authentication rule 1; D23',
    title: 'A key sent under another scheme (Bearer, Basic, none) → 401 problem',
    promises: ['auth.api-key-scheme'],
  },
  {
    name: 'auth-unknown-key',
    level: 'full',
    source: 'D23',
    title: 'An unknown key → 401 problem that does not echo the key',
    promises: ['key.never-echoed', 'auth.api-key-scheme'],
  },
  {
    name: 'auth-header-repeated',
    level: 'full',
    source: 'D23',
    title: 'Two Authorization headers (the valid key on each) → 401 problem with WWW-Authenticate: Api-Key, not a request let in',
    promises: ['errors.statuses'],
  },
] as const satisfies readonly CheckDefinition[];

interface AuthProbe {
  check: CheckId;
  name: string;
  authorization: string | undefined;
  /** A value the answer must not echo (never the real key: that is checked for every response). */
  mustNotEcho?: string;
}

export async function checkAuthentication(context: CheckContext, body: unknown): Promise<void> {
  const { apiKey } = context.config;
  const { authScheme } = context.contract;
  const unknownKey = `conformance-unknown-${randomBytes(12).toString('hex')}`;
  const probes: AuthProbe[] = [
    { check: 'auth-missing-key', name: 'no Authorization header', authorization: undefined },
    { check: 'auth-wrong-scheme', name: 'the key as a Bearer token', authorization: `Bearer ${apiKey}` },
    { check: 'auth-wrong-scheme', name: 'the key without a scheme word', authorization: apiKey },
    { check: 'auth-wrong-scheme', name: 'the scheme word without a key', authorization: authScheme },
    { check: 'auth-unknown-key', name: 'an unknown key', authorization: `${authScheme} ${unknownKey}`, mustNotEcho: unknownKey },
  ];
  if (context.recorder.isActive('auth-header-repeated')) await checkRepeatedHeader(context, body);
  await context.forEachConcurrently(
    probes.filter((probe) => context.recorder.isActive(probe.check)),
    async (probe) => {
      const exchange = await context.postCreate(body, { authorization: probe.authorization });
      const own = challengeViolations(exchange, authScheme, probe.mustNotEcho);
      recordProblem(context, probe.check, probe.name, exchange, { status: 401, slug: 'unauthorized' }, own);
    },
  );
}

/** What a 401 owes beyond being the unauthorized problem: the contract's challenge (Api-Key), and no echo of what was sent. */
function challengeViolations(exchange: Exchange, authScheme: string, mustNotEcho: string | undefined): string[] {
  const messages: string[] = [];
  const { response } = exchange;
  if (response?.status === 401) {
    const challenge = response.headers['www-authenticate'];
    if (challenge === undefined || challenge.trim().split(/[\s,]/)[0].toLowerCase() !== authScheme.toLowerCase()) {
      messages.push(`WWW-Authenticate is ${JSON.stringify(challenge ?? null)}; expected ${authScheme}`);
    }
  }
  const echoes = (text: string) => mustNotEcho !== undefined && text.includes(mustNotEcho);
  if (response && (echoes(response.body) || Object.values(response.headers).some(echoes))) {
    messages.push('the answer echoes the key that was sent (D23: the key is never echoed)');
  }
  return messages;
}

/** More than one Authorization header is refused (errors.statuses), even when each carries the valid key: which one a
 *  service would read is not defined, so a request that sends two is not let in. */
async function checkRepeatedHeader(context: CheckContext, body: unknown): Promise<void> {
  const credentials = `${context.contract.authScheme} ${context.config.apiKey}`;
  const exchange = await context.send({
    method: 'POST',
    url: context.endpoint,
    headers: { 'content-type': 'application/json', accept: 'application/json, application/problem+json' },
    repeatedHeaders: { authorization: [credentials, credentials] },
    body: JSON.stringify(body),
  });
  const expected = { status: 401, slug: 'unauthorized' };
  recordProblem(
    context,
    'auth-header-repeated',
    'two Authorization headers, the valid key on each',
    exchange,
    expected,
    challengeViolations(exchange, context.contract.authScheme, undefined),
  );
}

export const AUTH_MODULE: CheckModule<typeof AUTH_CHECKS> = { checks: AUTH_CHECKS, step: authStep };

function authStep(context: CheckContext, { first }: RunInputs): CheckStep {
  return { label: 'authentication', run: () => checkAuthentication(context, first) };
}
