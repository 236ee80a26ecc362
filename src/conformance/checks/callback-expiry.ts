// No callback on expiry (D5: only completion is announced; D22: expired is final). callback-none-on-expiry: a
// checkout created with a callback_url and expired through the implementation's helper (--expire-path, by default
// the sandbox's) sends nothing while the kit listens for the retry wait. Without a helper (--expire-path none, or a
// 404) the check is named as not run; with --complete-path none the service calls back at the create, so a callback
// would prove nothing and the check is not run either.
import { callbackPath } from '../callback-receiver.js';
import type { CheckDefinition } from '../check-definition.js';
import type { CheckModule } from '../check-module.js';
import { parseJsonBody } from '../send-request.js';
import { type CallbackSession, deliveryAsExchange } from './callback-session.js';
import type { CheckContext } from './check-context.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const CALLBACK_EXPIRY_CHECKS = [
  {
    name: 'callback-none-on-expiry',
    level: 'full',
    source: 'D5; D22',
    needsCallback: true,
    title: 'A checkout with a callback_url that expires (driven through --expire-path) sends no callback (listened for the retry wait)',
    promises: ['callback.no-callback-on-expiry'],
  },
] as const satisfies readonly CheckDefinition[];

export async function checkNoCallbackOnExpiry(context: CheckContext, session: CallbackSession): Promise<void> {
  const { recorder } = context;
  if (!recorder.isActive('callback-none-on-expiry')) return;
  const { expirePath, completePath, retryWaitMs } = session.callback;
  if (expirePath === null) return recorder.notRun('callback-none-on-expiry', '--expire-path none');
  if (completePath === null)
    return recorder.notRun('callback-none-on-expiry', '--complete-path none: the service calls back at the create');
  const caseName = `expired checkout, listened for ${retryWaitMs} ms`;
  const checkout = await session.createCheckout('callback-none-on-expiry', caseName);
  if (!checkout || !(await session.drive(checkout, 'expire', 'callback-none-on-expiry', caseName))) return;
  const expiredAt = Date.now();
  const delivery = await session.receiver.waitFor(checkout.token, retryWaitMs);
  const messages: string[] = [];
  if (delivery) {
    const event = parseJsonBody({ status: 0, headers: {}, body: delivery.body }) as
      | { type?: unknown; data?: { status?: unknown } }
      | undefined;
    messages.push(
      `a callback reached http://${session.host}${callbackPath('…')} ${delivery.arrivedAt - expiredAt} ms after the checkout was expired (type ${JSON.stringify(event?.type ?? null)}, data.status ${JSON.stringify(event?.data?.status ?? null)}); an expired checkout sends no callback`,
    );
  }
  recorder.record('callback-none-on-expiry', caseName, messages, deliveryAsExchange(checkout.created, delivery));
}

/** Run by the callback step (callbacks.ts), with the other callback checks. */
export const CALLBACK_EXPIRY_MODULE: CheckModule<typeof CALLBACK_EXPIRY_CHECKS> = { checks: CALLBACK_EXPIRY_CHECKS };
