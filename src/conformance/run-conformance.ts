// One conformance run: reach the implementation at the create path (checks/create-path.ts), take the steps of the
// check modules in the catalog's order while their observers judge every answer, and return one result per check. Nothing here prints; progress goes to the caller's callback.
import type { Contract } from '../contract/contract-value.js';
import { CHECK_MODULES, CHECKS } from './check-catalog.js';
import type { AnswerObserver, RunInputs } from './check-module.js';
import { type CheckResult, createCheckRecorder, type Verdict, verdictOf } from './check-results.js';
import { type CheckContext, forEachConcurrently } from './checks/check-context.js';
import { checkCreatePathServed } from './checks/create-path.js';
import type { ConformanceConfig } from './conformance-config.js';
import { readConformanceContract } from './conformance-contract.js';
import { seedSamples } from './contract-samples.js';
import { conformanceSecrets, createTextRedactor, retainFindings } from './retain-finding.js';
import { createRequester, type Exchange, type SentRequest } from './send-request.js';

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

/** One run against `config`'s service, judged by `contractValue`: the value the kit's entry made once (a second run, as
 *  the self-test makes many, passes the same value and reuses what was compiled from it). */
export async function runConformance(
  config: ConformanceConfig,
  contractValue: Contract,
  onProgress: (progress: Progress) => void = () => {},
): Promise<RunOutcome> {
  const contract = readConformanceContract(contractValue);
  const startedAt = new Date();
  const started = performance.now();
  // The modules' observers judge every answer as it arrives, a 429 the requester waits out and retries included
  // (the checks get only the answer after it).
  let observers: AnswerObserver[] = [];
  const observe = (exchange: Exchange) => {
    for (const observer of observers) observer.observe(exchange);
  };
  const requester = createRequester(config.timeoutMs, observe);
  let requests = 0;
  // Findings are kept redacted and cut (retain-finding.ts): what the run holds stays bounded whatever the service
  // sends.
  const redact = createTextRedactor(conformanceSecrets([config.apiKey, config.apiKey2], config.callback?.secret));
  const recorder = retainFindings(
    createCheckRecorder(CHECKS, config.level, {
      callbackNotRun: config.callback ? undefined : (config.callbackNotRun ?? 'give --callback-host'),
      secretNotRun: config.callback && !config.callback.secret ? 'set CHECKOUT_CALLBACK_SECRET' : undefined,
      secondKeyNotRun: config.apiKey2 ? undefined : 'set CHECKOUT_API_KEY_2 to a second key of the service',
      retryScheduleNotRun: config.callback?.retryScheduleMs ? undefined : "give --retry-schedule, the service's retry delays",
    }),
    redact,
  );
  const endpoint = `${config.baseUrl}${contract.createPath}`;
  const send = async (request: SentRequest) => {
    const exchange = await requester.send(request);
    requests += 1;
    observe(exchange);
    return exchange;
  };
  const context: CheckContext = {
    config,
    recorder,
    contract,
    validators: contractValue.validators,
    endpoint,
    send,
    postCreate(body, headers = {}, bodyEncoding = undefined) {
      const merged: Record<string, string | undefined> = {
        authorization: `${contract.authScheme} ${config.apiKey}`,
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
  try {
    // Counted, but not judged by the checks that watch every answer: they only tell whether there is a path to judge.
    const probe = (request: SentRequest) => {
      requests += 1;
      return requester.send(request);
    };
    const createPath = await checkCreatePathServed(probe, recorder, config.baseUrl, contract);
    if (createPath.kind === 'cannot-run') throw new UnreachableError(createPath.message);
    if (createPath.kind === 'served') {
      observers = CHECK_MODULES.flatMap((module) => module.observer?.(context) ?? []);
      await runSteps(context, onProgress);
      for (const observer of observers) observer.finish?.();
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

/** The steps of the modules, in the catalog's order, each reported to the caller as it starts. */
async function runSteps(context: CheckContext, onProgress: (progress: Progress) => void): Promise<void> {
  const samples = seedSamples(context.contract.value.document);
  const inputs: RunInputs = {
    samples,
    first: samples.usdtOnTron,
    second: samples.upperCaseCodes,
    validateRequest: context.validators.validatorFor('CreateCheckoutRequest'),
  };
  const steps = CHECK_MODULES.flatMap((module) => module.step?.(context, inputs) ?? []);
  for (const [index, { label, run }] of steps.entries()) {
    onProgress({ step: index + 1, steps: steps.length, label });
    await run();
  }
}
