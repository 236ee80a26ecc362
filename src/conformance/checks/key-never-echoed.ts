// The API key is never echoed (seed: authentication rule 2; D23): every answer the run receives, headers and body, is
// a case, judged as it arrives; the second key (CHECKOUT_API_KEY_2) too when given.

import type { CheckDefinition } from '../check-definition.js';
import type { AnswerObserver, CheckModule } from '../check-module.js';
import type { Exchange } from '../send-request.js';
import type { CheckContext } from './check-context.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const KEY_NEVER_ECHOED_CHECKS = [
  {
    name: 'key-never-echoed',
    level: 'schema',
    source: 'seed: authentication rule 2; D23',
    title: 'No response, header or body, contains the API key',
    promises: ['key.never-echoed'],
  },
] as const satisfies readonly CheckDefinition[];

export function checkKeyNeverEchoed(context: CheckContext, exchange: Exchange): void {
  const keys = [context.config.apiKey, context.config.apiKey2].filter((key): key is string => key !== undefined);
  const { response } = exchange;
  if (!response) return;
  const leaked = keys.some((key) => response.body.includes(key) || Object.values(response.headers).some((value) => value.includes(key)));
  context.recorder.record(
    'key-never-echoed',
    `${exchange.request.method} ${exchange.request.url}`,
    leaked ? ['the response contains the API key (shown redacted here); it must never be echoed'] : [],
    exchange,
  );
}

export const KEY_NEVER_ECHOED_MODULE: CheckModule<typeof KEY_NEVER_ECHOED_CHECKS> = {
  checks: KEY_NEVER_ECHOED_CHECKS,
  observer: (context): AnswerObserver => ({ observe: (exchange) => checkKeyNeverEchoed(context, exchange) }),
};
