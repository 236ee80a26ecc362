// What the callback checks share: one receiver for the whole run, checkouts created with a callback_url on a path of
// their own, driven to completion or expiry through the implementation's helper routes, and the webhook-ids of every
// completed checkout's first delivery (for callback-ids-unique). A helper route the implementation does not have
// (404, 405) makes the checks that need it "not run", named in the verdict, never failed.
import { randomBytes } from 'node:crypto';
import { type CallbackReceiver, callbackPath, type ReceivedAttempt, type Reply, startCallbackReceiver } from '../callback-receiver.js';
import type { CheckId } from '../check-definition.js';
import type { CallbackConfig } from '../conformance-config.js';
import { type Exchange, parseJsonBody } from '../send-request.js';
import type { CheckContext } from './check-context.js';

export interface CallbackCheckout {
  token: string;
  /** The callback_url's path and query, as the callback must arrive at it. */
  callbackTarget: string;
  /** The record the create answered. */
  record: Record<string, any>;
  created: Exchange;
}

export interface CallbackSession {
  callback: CallbackConfig;
  receiver: CallbackReceiver;
  /** The callback_url host, with the receiver's port. */
  host: string;
  /** First deliveries of completed checkouts, by case, for callback-ids-unique. */
  firstDeliveries: Array<{ caseName: string; attempt: ReceivedAttempt; created: Exchange }>;
  /** Set when the completion helper does not exist: why the checks that need a completed checkout did not run. */
  completionNotRun?: string;
  /** Create a checkout with a callback_url on a path of its own, whose attempts get `replies`; a failure is recorded under `check`. */
  createCheckout(check: CheckId, caseName: string, replies?: Reply[]): Promise<CallbackCheckout | undefined>;
  /** Drive it through a helper route; false (recorded under `check`, or as not run) when that did not work. */
  drive(checkout: CallbackCheckout, kind: 'complete' | 'expire', check: CheckId, caseName: string): Promise<boolean>;
  /** The first delivery for a completed checkout, or undefined (recorded under `check`) when none came in time. */
  awaitFirstDelivery(checkout: CallbackCheckout, check: CheckId, caseName: string): Promise<ReceivedAttempt | undefined>;
  close(): Promise<void>;
}

/** Start the receiver; every checkout the session creates is `sample` with a callback_url of its own. */
export async function startCallbackSession(context: CheckContext, sample: Record<string, unknown>): Promise<CallbackSession> {
  const { config, recorder } = context;
  const callback = config.callback!;
  const receiver = await startCallbackReceiver(callback.listenAddress, callback.port);
  const host =
    callback.publicHost.includes(':') && !callback.publicHost.endsWith(']')
      ? callback.publicHost
      : `${callback.publicHost}:${receiver.port}`;
  const session: CallbackSession = {
    callback,
    receiver,
    host,
    firstDeliveries: [],
    async createCheckout(check, caseName, replies = []) {
      const token = randomBytes(16).toString('hex');
      receiver.script(token, replies);
      // Every callback_url carries a query (a merchant's order reference, say): the callback must arrive with it intact.
      const callbackTarget = `${callbackPath(token)}?order=${token.slice(0, 8)}&source=checkout-conformance`;
      const created = await context.postCreate({ ...sample, callback_url: `http://${host}${callbackTarget}` });
      const record = parseJsonBody(created.response) as Record<string, any> | undefined;
      const status = created.response?.status ?? 0;
      // Any 2xx created it: which one is valid-request-accepted's business (D1).
      if (status < 200 || status >= 300 || !record || typeof record.id !== 'string') {
        const why = created.response ? `answered ${status}` : created.error;
        recorder.record(check, `${caseName}: create a checkout with callback_url`, [`could not create the checkout: ${why}`], created);
        return undefined;
      }
      return { token, callbackTarget, record, created };
    },
    async drive(checkout, kind, check, caseName) {
      const path = kind === 'complete' ? callback.completePath : callback.expirePath;
      if (path === null) return true;
      const flag = kind === 'complete' ? '--complete-path' : '--expire-path';
      const driven = await context.send({
        method: 'POST',
        url: `${config.baseUrl}${path.replace('{id}', encodeURIComponent(checkout.record.id))}`,
        headers: { authorization: `${context.contract.authScheme} ${config.apiKey}` },
      });
      const status = driven.response?.status;
      if (status !== undefined && status >= 200 && status < 300) return true;
      if (status === 404 || status === 405) {
        // No such helper here: the implementation is not wrong, the kit just cannot drive it this way.
        const reason = `${path} answered ${status}: give ${flag} PATH or none`;
        if (kind === 'complete') session.completionNotRun = reason;
        recorder.notRun(check, reason);
        return false;
      }
      recorder.record(
        check,
        `${caseName}: ${kind} the checkout`,
        [
          `${path} ${driven.response ? `answered ${status}` : `gave no response (${driven.error})`}; pass ${flag} for this implementation's helper, or none`,
        ],
        driven,
      );
      return false;
    },
    async awaitFirstDelivery(checkout, check, caseName) {
      const attempt = await receiver.waitFor(checkout.token, config.timeoutMs);
      if (!attempt) {
        recorder.record(
          check,
          caseName,
          [
            `no callback reached http://${host}${callbackPath('…')} within ${config.timeoutMs} ms of ${callback.completePath ? 'completing the checkout' : 'the create'}; check that the implementation can reach --callback-host`,
          ],
          checkout.created,
        );
        return undefined;
      }
      session.firstDeliveries.push({ caseName, attempt, created: checkout.created });
      return attempt;
    },
    close: () => receiver.close(),
  };
  return session;
}

/** A delivery shown as an exchange: the request is what arrived, the "response" the create it announces. */
export function deliveryAsExchange(created: Exchange, delivery: ReceivedAttempt | undefined): Exchange {
  if (!delivery) return created;
  return {
    request: { method: delivery.method, url: `callback ${delivery.path}`, headers: delivery.headers, body: delivery.body },
    response: created.response,
    durationMs: 0,
  };
}
