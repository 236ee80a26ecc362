// The create path (D27): the contract's create operation is served at `/api/v1/checkouts/`, the major version in the
// path and the trailing slash included, exactly as the samples send it. Judged first, on one unauthenticated POST (it
// creates nothing): any answer but 404 passes, since which answer is right is the other checks' business. A 404 alone
// cannot tell a service that serves another path from a wrong --base-url, so two neighbours of the path are asked
// the same thing. A create answer without the trailing slash means the service is there but serves another path:
// the check fails, and the other checks, which all need the contract's path, are not run. A create answer under the
// next major version means the service has retired this one, which D26 allows after its Sunset: that is no verdict
// on this contract, so the run cannot happen (exit 2), as when nothing answers at all (the base URL is wrong).

import type { CheckDefinition } from '../check-definition.js';
import type { CheckModule } from '../check-module.js';
import type { CheckRecorder } from '../check-results.js';
import type { ConformanceContract } from '../conformance-contract.js';
import type { Exchange, SentRequest } from '../send-request.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const CREATE_PATH_CHECKS = [
  {
    name: 'create-path-served',
    level: 'schema',
    source: 'D27',
    title:
      'The create operation answers at /api/v1/checkouts/, trailing slash included; one served only without the slash fails (the other checks then do not run)',
    promises: ['versioning.path'],
  },
] as const satisfies readonly CheckDefinition[];

export type CreatePathOutcome =
  /** The contract's path answers: the run goes on. */
  | { kind: 'served' }
  /** The service answers the create call at another path of this version: recorded as a failure. */
  | { kind: 'served-elsewhere' }
  /** Nothing to check here: why, said as the kit's exit-2 message. */
  | { kind: 'cannot-run'; message: string };

/** A path without its trailing slash (`/api/v1/checkouts`): the spelling a service most often serves the create path at. */
export function withoutTrailingSlash(path: string): string {
  return path.replace(/\/$/, '');
}

/** A path under the next major version (`/api/v2/checkouts/`): where a service that retired this one answers. */
function underNextVersion(path: string): string {
  return path.replace(/\/v(\d+)\//, (_, major: string) => `/v${Number(major) + 1}/`);
}

export async function checkCreatePathServed(
  send: (request: SentRequest) => Promise<Exchange>,
  recorder: CheckRecorder,
  baseUrl: string,
  contract: ConformanceContract,
): Promise<CreatePathOutcome> {
  const { createPath, createStatuses } = contract;
  const pathWithoutSlash = withoutTrailingSlash(createPath);
  const nextVersionPath = underNextVersion(createPath);
  // Unauthenticated, so it creates nothing: any HTTP answer proves a service is there.
  const probe = (path: string) =>
    send({ method: 'POST', url: `${baseUrl}${path}`, headers: { 'content-type': 'application/json' }, body: '{}' });
  const endpoint = `${baseUrl}${createPath}`;
  const contractPath = await probe(createPath);
  if (!contractPath.response) {
    return {
      kind: 'cannot-run',
      message: `cannot reach ${endpoint}: ${contractPath.error}. Check --base-url and that the service is running.`,
    };
  }
  const caseName = `POST ${createPath} (unauthenticated)`;
  if (contractPath.response.status !== 404) {
    recorder.record('create-path-served', caseName, [], contractPath);
    return { kind: 'served' };
  }
  const withoutSlash = await probe(pathWithoutSlash);
  if (answersAsCreate(withoutSlash, createStatuses)) {
    recorder.record(
      'create-path-served',
      caseName,
      [
        `answered 404, while POST ${pathWithoutSlash} (without the trailing slash) answers ${withoutSlash.response!.status}: ` +
          `the service serves the create operation at ${pathWithoutSlash}, not at the contract's ${createPath} ` +
          '(D27: the trailing slash is part of the path, as the samples send it). The other checks all need the path and were not run.',
      ],
      contractPath,
    );
    return { kind: 'served-elsewhere' };
  }
  const noEndpoint = `${endpoint} answered 404: there is no create endpoint there.`;
  const nextVersion = nextVersionPath === createPath ? undefined : await probe(nextVersionPath);
  if (nextVersion && answersAsCreate(nextVersion, createStatuses)) {
    return {
      kind: 'cannot-run',
      message:
        `${noEndpoint} ${baseUrl}${nextVersionPath} answers ${nextVersion.response!.status}: the service serves a later ` +
        `major version of the API, which this kit does not check (it checks the contract's ${createPath}). Check --base-url, or run the kit of that version.`,
    };
  }
  return {
    kind: 'cannot-run',
    message: `${noEndpoint} Check --base-url (scheme, host and any path prefix; the kit adds ${createPath}).`,
  };
}

/**
 * Whether an answer is one the contract documents for the create operation, so that a route for it is there: not a
 * 404 (no route) or 405 (a route that does not take POST), nor a 5xx, which a gateway gives for any path it cannot
 * serve and so says nothing about the route. A redirect is not followed and is no create answer either.
 */
function answersAsCreate(exchange: Exchange, createStatuses: ReadonlySet<number>): boolean {
  const status = exchange.response?.status;
  return status !== undefined && status !== 404 && status !== 405 && status < 500 && createStatuses.has(status);
}

/** Judged first, by the run itself, before any step: the other checks need the path it finds. */
export const CREATE_PATH_MODULE: CheckModule<typeof CREATE_PATH_CHECKS> = { checks: CREATE_PATH_CHECKS };
