// Deprecation (D26): the old version is announced with `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers. Every
// answer the run meets that carries either header is a case: it must carry both, `Deprecation` as `@` and Unix
// seconds (RFC 9745 §2.1), `Sunset` as an HTTP-date (RFC 8594 §3), the sunset after the deprecation. Whether the
// announcement came six months ahead depends on when it was first made, which one run cannot see. A run that meets
// neither header (v1 is not deprecated) judges nothing: the check passes with no case, and the verdict names the
// promise as not checked.

import type { CheckDefinition } from '../check-definition.js';
import type { AnswerObserver, CheckModule } from '../check-module.js';
import type { Exchange } from '../send-request.js';
import type { CheckContext } from './check-context.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const DEPRECATION_CHECKS = [
  {
    name: 'deprecation-announced',
    level: 'full',
    source: 'D26',
    title:
      'An answer announcing deprecation carries Deprecation (@ and Unix seconds) and a later Sunset (an HTTP-date) together (a run that meets neither judges nothing)',
    whenMet: 'an answer with Deprecation or Sunset',
    promises: ['versioning.deprecation'],
  },
] as const satisfies readonly CheckDefinition[];

const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$/;

/** What is wrong with an answer's deprecation headers; undefined when it carries neither. */
export function deprecationViolations(headers: Record<string, string>): string[] | undefined {
  const deprecation = headers.deprecation?.trim();
  const sunset = headers.sunset?.trim();
  if (deprecation === undefined && sunset === undefined) return undefined;
  const messages: string[] = [];
  const deprecatedAtMs = deprecation !== undefined && /^@-?[0-9]+$/.test(deprecation) ? Number(deprecation.slice(1)) * 1000 : undefined;
  if (deprecatedAtMs === undefined) {
    messages.push(`Deprecation is ${JSON.stringify(deprecation ?? null)}; D26: RFC 9745, "@" and Unix seconds, beside the Sunset`);
  }
  const sunsetMs = sunset !== undefined && IMF_FIXDATE.test(sunset) ? Date.parse(sunset) : undefined;
  if (sunsetMs === undefined) {
    messages.push(`Sunset is ${JSON.stringify(sunset ?? null)}; D26: RFC 8594, an HTTP-date, beside the Deprecation`);
  }
  if (deprecatedAtMs !== undefined && sunsetMs !== undefined && sunsetMs <= deprecatedAtMs) {
    messages.push(`Sunset ${sunset} is not after the Deprecation date ${new Date(deprecatedAtMs).toUTCString()}`);
  }
  return messages;
}

export function checkDeprecationHeaders(context: CheckContext, exchange: Exchange): void {
  if (!exchange.response || !context.recorder.isActive('deprecation-announced')) return;
  const messages = deprecationViolations(exchange.response.headers);
  if (messages === undefined) return;
  const caseName = `${exchange.request.method} ${new URL(exchange.request.url).pathname}`;
  context.recorder.record('deprecation-announced', caseName, messages, exchange);
}

export const DEPRECATION_MODULE: CheckModule<typeof DEPRECATION_CHECKS> = {
  checks: DEPRECATION_CHECKS,
  observer: (context): AnswerObserver => ({ observe: (exchange) => checkDeprecationHeaders(context, exchange) }),
};
