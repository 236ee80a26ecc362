// Final states (D22: `open` → `complete` or `open` → `expired`, "both final"; overview: "a completed or expired
// checkout never changes again"). Seen from outside only through a helper that reads a checkout back (--read-path,
// the sandbox's GET /sandbox/v1/checkouts/{id} by default; the contract has no retrieve operation): a checkout driven
// to completion reads back `complete`, one driven to expiry `expired`; each is then driven the other way (the helper
// may refuse, with any answer) and must read back unchanged. Without the read helper, or either driving helper, the
// check is named as not run.

import type { CheckDefinition } from '../check-definition.js';
import type { CheckModule } from '../check-module.js';
import { type Exchange, parseJsonBody } from '../send-request.js';
import type { CallbackCheckout, CallbackSession } from './callback-session.js';
import type { CheckContext } from './check-context.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const CHECKOUT_FINAL_CHECKS = [
  {
    name: 'status-final',
    level: 'full',
    source: 'D22',
    needsCallback: true,
    title:
      'A completed checkout reads back complete and an expired one expired (through --read-path), and neither changes when driven the other way',
    promises: ['record.transitions-final'],
  },
] as const satisfies readonly CheckDefinition[];

const CHECK = 'status-final';
const CASES = [
  { caseName: 'a completed checkout, then driven to expiry', first: 'complete', other: 'expire', final: 'complete' },
  { caseName: 'an expired checkout, then driven to completion', first: 'expire', other: 'complete', final: 'expired' },
] as const;

export async function checkStatusFinal(context: CheckContext, session: CallbackSession): Promise<void> {
  const { recorder, config } = context;
  if (!recorder.isActive(CHECK)) return;
  const { completePath, expirePath, readPath } = session.callback;
  const missing = [!completePath && '--complete-path', !expirePath && '--expire-path', !readPath && '--read-path'].filter(Boolean);
  if (missing.length > 0) {
    recorder.notRun(CHECK, `${missing.join(', ')} none`);
    return;
  }
  const authorization = `${context.contract.authScheme} ${config.apiKey}`;
  const pathFor = (template: string, checkout: CallbackCheckout) =>
    `${config.baseUrl}${template.replace('{id}', encodeURIComponent(checkout.record.id))}`;
  const read = (checkout: CallbackCheckout) =>
    context.send({ method: 'GET', url: pathFor(readPath!, checkout), headers: { authorization } });

  /** The status a read shows, or undefined when the read helper is not there (then the check is not run). */
  const statusOf = (exchange: Exchange): { status?: unknown; notThere?: boolean } => {
    const code = exchange.response?.status;
    if (code === 404 || code === 405) return { notThere: true };
    return { status: (parseJsonBody(exchange.response) as { status?: unknown } | undefined)?.status };
  };

  await Promise.all(
    CASES.map(async ({ caseName, first, other, final }) => {
      const checkout = await session.createCheckout(CHECK, caseName);
      if (!checkout || !(await session.drive(checkout, first, CHECK, caseName))) return;
      const before = await read(checkout);
      const seen = statusOf(before);
      if (seen.notThere) {
        recorder.notRun(CHECK, `${readPath} answered ${before.response?.status}: give --read-path PATH or none`);
        return;
      }
      if (seen.status !== final) {
        recorder.record(
          CHECK,
          caseName,
          [`read back as ${JSON.stringify(seen.status ?? null)} after the ${first} helper; expected "${final}"`],
          before,
        );
        return;
      }
      // The other transition must change nothing, whatever the helper answers.
      await context.send({
        method: 'POST',
        url: pathFor(other === 'complete' ? completePath! : expirePath!, checkout),
        headers: { authorization },
      });
      const after = await read(checkout);
      const status = statusOf(after).status;
      const messages =
        status === final
          ? []
          : [`read back as ${JSON.stringify(status ?? null)} after the ${other} helper; a ${final} checkout never changes again`];
      recorder.record(CHECK, caseName, messages, after);
    }),
  );
}

/** Run by the callback step (callbacks.ts): it drives checkouts through the completion and expiry helpers. */
export const CHECKOUT_FINAL_MODULE: CheckModule<typeof CHECKOUT_FINAL_CHECKS> = { checks: CHECKOUT_FINAL_CHECKS };
