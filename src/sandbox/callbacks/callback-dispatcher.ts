// Delivers `checkout.completed` callbacks as the contract specifies (D5–D7): a JSON POST with the Standard Webhooks
// headers, signed afresh on every attempt, the same webhook-id and body each time, retried after the configured
// delays on a non-2xx reply, a timeout or a failed connection, until a 2xx or the schedule runs out.
import { Webhook } from 'standardwebhooks';
import type { Checkout, CheckoutCompletedEvent } from '../../../generated/openapi.js';
import type { CallbackDelivery } from './callback-delivery.js';
import { createEventId } from './create-event-id.js';

export interface CallbackDispatcherOptions {
  secret: string;
  retryDelaysMs: number[];
  timeoutMs: number;
  log: (line: string) => void;
}

export class CallbackDispatcher {
  readonly #webhook: Webhook;
  readonly #options: CallbackDispatcherOptions;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #closing = new AbortController();

  constructor(options: CallbackDispatcherOptions) {
    this.#options = options;
    this.#webhook = new Webhook(options.secret);
  }

  /** Start delivering the completion of `record` (which the caller hands over) to `url`; the returned state is updated
   *  as attempts are made. */
  dispatch(record: Checkout, url: string, completedAtMs: number): CallbackDelivery {
    const event: CheckoutCompletedEvent = {
      type: 'checkout.completed',
      timestamp: new Date(completedAtMs).toISOString(),
      data: record as CheckoutCompletedEvent['data'],
    };
    const delivery: CallbackDelivery = {
      eventId: createEventId(),
      eventType: 'checkout.completed',
      url,
      status: 'pending',
      attempts: [],
      nextAttemptAt: new Date().toISOString(),
    };
    this.#schedule(delivery, JSON.stringify(event), 0);
    return delivery;
  }

  /** Stop every scheduled retry and abort attempts in flight. */
  close(): void {
    this.#closing.abort();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #schedule(delivery: CallbackDelivery, payload: string, delayMs: number): void {
    delivery.nextAttemptAt = new Date(Date.now() + delayMs).toISOString();
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      void this.#attempt(delivery, payload);
    }, delayMs);
    timer.unref();
    this.#timers.add(timer);
  }

  async #attempt(delivery: CallbackDelivery, payload: string): Promise<void> {
    if (this.#closing.signal.aborted) return;
    const attempt = delivery.attempts.length + 1;
    const startedAt = new Date();
    let responseStatus: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'checkout-sandbox',
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(Math.floor(startedAt.getTime() / 1000)),
          'webhook-signature': this.#webhook.sign(delivery.eventId, startedAt, payload),
        },
        body: payload,
        signal: AbortSignal.any([AbortSignal.timeout(this.#options.timeoutMs), this.#closing.signal]),
      });
      responseStatus = response.status;
      await response.body?.cancel();
    } catch (failure) {
      error = describeFailure(failure, this.#options.timeoutMs);
    }
    if (this.#closing.signal.aborted) return;
    delivery.attempts.push({
      attempt,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      responseStatus,
      error,
    });
    if (responseStatus !== null && responseStatus >= 200 && responseStatus < 300) {
      delivery.status = 'delivered';
      delivery.nextAttemptAt = null;
      return;
    }
    const reason = error ?? `HTTP ${responseStatus}`;
    const delayMs = this.#options.retryDelaysMs[attempt - 1];
    if (delayMs === undefined) {
      delivery.status = 'failed';
      delivery.nextAttemptAt = null;
      this.#options.log(`callback ${delivery.eventId} to ${originOf(delivery.url)} failed on attempt ${attempt} (${reason}); no retries left`);
      return;
    }
    this.#options.log(`callback ${delivery.eventId} to ${originOf(delivery.url)} failed on attempt ${attempt} (${reason}); retrying in ${delayMs} ms`);
    this.#schedule(delivery, payload, delayMs);
  }
}

function describeFailure(failure: unknown, timeoutMs: number): string {
  const error = failure as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (error?.name === 'TimeoutError') return `no reply within ${timeoutMs} ms`;
  if (error?.cause?.code) return `connection failed: ${error.cause.code}`;
  return error?.cause?.message ?? error?.message ?? String(failure);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an invalid URL';
  }
}
