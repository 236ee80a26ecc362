// One conformance run: reach the implementation at the create path (checks/create-path.ts), run every check of the
// level in a fixed order, and return one result per check. Nothing here prints; progress goes to the caller's callback.
import { type ContractValidators, createContractValidators } from '../contract/compile-schemas.js';
import { CHECKS } from './check-catalog.js';
import { type CheckResult, createCheckRecorder, type Verdict, verdictOf } from './check-results.js';
import { checkAuthentication } from './checks/auth.js';
import { checkCallbacks } from './checks/callbacks.js';
import { type CheckContext, forEachConcurrently } from './checks/check-context.js';
import { checkCreatePathServed } from './checks/create-path.js';
import { checkDeprecationHeaders } from './checks/deprecation.js';
import { checkIdempotentReplay } from './checks/idempotency.js';
import { checkConcurrentIdempotency } from './checks/idempotency-concurrency.js';
import { checkIdempotencyPerKey } from './checks/idempotency-per-key.js';
import { checkInvalidBodies, type InvalidRequest, tableRequests } from './checks/invalid-requests.js';
import { checkKeyNeverEchoed } from './checks/key-never-echoed.js';
import { checkMethodsAndPaths } from './checks/methods-and-paths.js';
import { checkNegativeSpace } from './checks/negative-space.js';
import { observeProblemTitles, type ProblemTitleObserver } from './checks/problem-titles.js';
import { checkRateLimited } from './checks/rate-limit.js';
import { checkRequestFormats } from './checks/request-format.js';
import { checkRequestIdIsUrn } from './checks/request-id.js';
import { checkIdsUnique, checkLivemodePerKey, checkValidRequests, type ValidRequest } from './checks/valid-requests.js';
import { AUTH_SCHEME, type ConformanceConfig, CREATE_PATH } from './conformance-config.js';
import { seedSamples } from './contract-samples.js';
import { generateInvalidBodies, generateValidBodies } from './generate-bodies.js';
import { generateNegativeSpace } from './generate-negative-space.js';
import { conformanceSecrets, createTextRedactor, retainFindings } from './retain-finding.js';
import { createRequester, type SentRequest } from './send-request.js';

/** The implementation could not be reached at all: exit code 2, not a verdict. */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
}

export interface RunOutcome {
  results: CheckResult[];
  verdict: Verdict;
  startedAt: string;
  durationMs: number;
  requests: number;
}

export interface Progress {
  step: number;
  steps: number;
  label: string;
}

let sharedValidators: ContractValidators | undefined;

/** Compiled once per process: a second run (the self-test runs many) reuses them. */
function contractValidators(): ContractValidators {
  sharedValidators ??= createContractValidators();
  return sharedValidators;
}

export async function runConformance(config: ConformanceConfig, onProgress: (progress: Progress) => void = () => {}): Promise<RunOutcome> {
  const startedAt = new Date();
  const started = performance.now();
  // A 429 the requester waits out and retries is judged too, though the checks get only the answer after it.
  const requester = createRequester(config.timeoutMs, (exchange) => checkRateLimited(context, exchange));
  let requests = 0;
  // Findings are kept redacted and cut (retain-finding.ts): what the run holds stays bounded whatever the service
  // sends.
  const redact = createTextRedactor(conformanceSecrets([config.apiKey, config.apiKey2], config.callback?.secret));
  const recorder = retainFindings(
    createCheckRecorder(config.level, {
      callbackNotRun: config.callback ? undefined : (config.callbackNotRun ?? 'give --callback-host'),
      secretNotRun: config.callback && !config.callback.secret ? 'set CHECKOUT_CALLBACK_SECRET' : undefined,
      secondKeyNotRun: config.apiKey2 ? undefined : 'set CHECKOUT_API_KEY_2 to a second key of the service',
      retryScheduleNotRun: config.callback?.retryScheduleMs ? undefined : "give --retry-schedule, the service's retry delays",
    }),
    redact,
  );
  const endpoint = `${config.baseUrl}${CREATE_PATH}`;
  let problemTitles: ProblemTitleObserver | undefined;
  const send = async (request: SentRequest) => {
    const exchange = await requester.send(request);
    requests += 1;
    // Judged as it arrives, so that no whole answer has to be kept for the end of the run.
    checkKeyNeverEchoed(context, exchange);
    checkRateLimited(context, exchange);
    checkDeprecationHeaders(context, exchange);
    if (recorder.isActive('request-id-urn')) checkRequestIdIsUrn(context, exchange);
    problemTitles?.observe(exchange);
    return exchange;
  };
  const context: CheckContext = {
    config,
    recorder,
    validators: contractValidators(),
    endpoint,
    send,
    postCreate(body, headers = {}, bodyEncoding = undefined) {
      const merged: Record<string, string | undefined> = {
        authorization: `${AUTH_SCHEME} ${config.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, application/problem+json',
        ...headers,
      };
      const defined = Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
      return send({
        method: 'POST',
        url: endpoint,
        headers: defined,
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...(bodyEncoding && { bodyEncoding }),
      });
    },
    forEachConcurrently: (items, fn) => forEachConcurrently(items, config.concurrency, fn),
  };
  if (recorder.isActive('problem-title-stable')) problemTitles = observeProblemTitles(context);

  try {
    // Counted, but not judged by the checks that watch every answer: they only tell whether there is a path to judge.
    const probe = (request: SentRequest) => {
      requests += 1;
      return requester.send(request);
    };
    const createPath = await checkCreatePathServed(probe, recorder, config.baseUrl);
    if (createPath.kind === 'cannot-run') throw new UnreachableError(createPath.message);
    if (createPath.kind === 'served') {
      await runSteps(context, onProgress);
      problemTitles?.finish();
    } else {
      // Every other check sends to the contract's path, which answers 404: none can run, and each says why.
      for (const check of CHECKS) {
        if (check.name !== 'create-path-served') recorder.notRun(check.name, 'the create path is not served: see create-path-served');
      }
    }
  } finally {
    requester.close();
  }
  const results = recorder.results();
  return {
    results,
    verdict: verdictOf(results),
    startedAt: startedAt.toISOString(),
    durationMs: performance.now() - started,
    requests,
  };
}

/** The checks that need the create path, in a fixed order, each step reported to the caller as it starts. */
async function runSteps(context: CheckContext, onProgress: (progress: Progress) => void): Promise<void> {
  const { config, recorder } = context;
  const samples = seedSamples();
  const validateRequest = context.validators.validatorFor('CreateCheckoutRequest');
  const first = samples.usdtOnTron;
  const second = samples.upperCaseCodes;

  const steps: Array<[string, () => Promise<void>]> = [
    [
      'valid requests',
      async () => {
        const valid: ValidRequest[] = [
          ...Object.entries(samples).map(([name, body]) => ({ name: `sample ${name}`, body })),
          {
            name: 'sample usdtOnTron with Content-Type: application/json; charset=utf-8',
            body: first,
            headers: { 'content-type': 'application/json; charset=utf-8' },
          },
          ...generateValidBodies(config.seed, config.generated, validateRequest),
        ];
        const created = await checkValidRequests(context, valid);
        if (recorder.isActive('ids-unique')) checkIdsUnique(context, created);
        if (recorder.isActive('livemode-per-key')) checkLivemodePerKey(context, created);
      },
    ],
    ['authentication', () => checkAuthentication(context, first)],
    [
      'invalid bodies',
      () => {
        const invalid: InvalidRequest[] = [
          ...tableRequests(first, validateRequest),
          ...generateInvalidBodies(config.seed, config.generated, validateRequest),
        ];
        return checkInvalidBodies(context, invalid);
      },
    ],
    ['media type, malformed JSON and size', () => checkRequestFormats(context, first)],
  ];
  if (recorder.isActive('idempotent-replay')) steps.push(['idempotency', () => checkIdempotentReplay(context, first, second)]);
  if (recorder.isActive('idempotency-per-key')) steps.push(['idempotency per API key', () => checkIdempotencyPerKey(context, first)]);
  if (config.callback) steps.push(['callbacks', () => checkCallbacks(context, first)]);
  if (recorder.isActive('idempotent-concurrent')) {
    steps.push(['concurrent idempotent requests', () => checkConcurrentIdempotency(context, first)]);
  }
  steps.push(['other methods and unknown paths', () => checkMethodsAndPaths(context, first)]);
  steps.push([
    'negative space',
    () => {
      const table = tableRequests(first, validateRequest).map(({ body }) => body);
      return checkNegativeSpace(context, generateNegativeSpace(first, validateRequest, table).cases);
    },
  ]);

  for (const [index, [label, step]] of steps.entries()) {
    onProgress({ step: index + 1, steps: steps.length, label });
    await step();
  }
}
