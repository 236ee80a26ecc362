// Delivers `checkout.completed` callbacks as the contract specifies (D5–D7): a JSON POST with the Standard Webhooks
// headers, signed afresh on every attempt, the same webhook-id and body each time, retried after the configured
// delays (lengthened by up to `jitter` of themselves, and to at least a reply's Retry-After) on a non-2xx reply, a
// timeout or a failed connection, until a 2xx, a 410 Gone, or the schedule runs out. On close, the
// attempts in flight get a short grace to finish and every event still pending is handed back, so that nothing is
// dropped without a word (issue 12, item 6).
//
// Bounded (issue 21, R5): an event is dropped with its checkout when the store evicts it, so no more events are
// pending than checkouts are stored (maxSessions). A dropped event is logged at once and listed by close() among the
// undelivered; close() lists at most `maxDroppedListed` of them (the latest) and logs how many older ones it left out.
//
// Time (issue 28, R19): the sandbox's one Clock gives the event's time, `webhook-timestamp`, the delivery log's times
// and the retry timers, so a test clock moves them all. Two waits stay on real time (systemClock) on purpose: an
// attempt's timeout and close()'s grace bound how long a real receiver or a test's handler may keep the sandbox
// waiting, and a test clock standing still must not let a hung receiver hold it forever.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Checkout, CheckoutCompletedEvent } from '../../../generated/openapi.js';
import { type Clock, nowMillis, type ScheduledTask, systemClock } from '../../clock/clock.js';
import { formatRfc3339 } from '../../clock/timestamps.js';
import { postCallback } from '../../http/post-callback.js';
import { redactUrl, redactUrls } from '../../http/redact.js';
import { ReservedHostRefusal } from '../../http/reserved-hosts.js';
import type { SandboxConfig } from '../config/sandbox-settings.js';
import type { CallbackDeliveryLog, SendCallback } from './callback-delivery.js';

// The four callback settings of the table (src/sandbox/config/sandbox-settings.ts), typed from it.
export interface CallbackDispatcherOptions {
  secret: SandboxConfig['callbackSecret'];
  retryDelaysMs: SandboxConfig['callbackRetryDelaysMs'];
  /** Each retry waits its delay × (1 + a random share up to this), as Standard Webhooks suggests (D7). */
  jitter: SandboxConfig['callbackRetryJitter'];
  timeoutMs: SandboxConfig['callbackTimeoutMs'];
  log: (line: string) => void;
  /**
   * How an attempt reaches its receiver: a POST to the callback_url over the transport the mock uses too, redirects not
   * followed (src/http/post-callback.ts), unless a test hands deliveries to a function (src/testing).
   */
  send?: SendCallback;
  /** Most dropped events close() lists (the sandbox gives maxSessions; default 10,000); older ones are counted in a log line. */
  maxDroppedListed?: number;
  /** The sandbox's clock: event time, `webhook-timestamp`, delivery log and retry timers (default: the real one). */
  clock?: Clock;
}

/** An event that was still pending when the dispatcher closed: what the sandbox prints on shutdown. */
export interface UndeliveredCallback {
  checkoutId: string;
  eventId: string;
  /** The callback_url with its userinfo and query redacted. */
  url: string;
  attempts: number;
  /** When the next attempt was due, RFC 3339. */
  nextAttemptAt: string;
  /** Set when the event was dropped before shutdown: its checkout was evicted from the bounded store. */
  droppedBecause?: 'checkout-evicted';
}

// Why an attempt was cut short. The controller is aborted with one of these, and the attempt ends with it (through
// endWithSignal, whether or not the sender heeds its signal).
class AttemptEnded extends Error {
  constructor(readonly why: 'timeout' | 'shutdown' | 'dropped') {
    super(why);
  }
}

// Everything one pending event needs, held by the dispatcher (never by a weak reference) until the event is
// delivered or failed: the body, the retry timer, and the attempt in flight with its controller and deadline timer.
interface PendingEvent {
  checkoutId: string;
  delivery: CallbackDeliveryLog;
  payload: string;
  retry?: ScheduledTask;
  inFlight?: { controller: AbortController; ended: Promise<void> };
  /** Settles the promise of the first attempt's end, which dispatch() returns. */
  firstAttemptEnded: () => void;
  /** Set once the event is dropped with its checkout: an attempt still in flight then schedules nothing. */
  dropped?: boolean;
}

export class CallbackDispatcher {
  readonly #webhook: Webhook;
  readonly #options: CallbackDispatcherOptions;
  readonly #pending = new Set<PendingEvent>();
  // The same events by checkout, to drop them with it (a checkout completes once, D22, so it has one as a rule).
  readonly #pendingOfCheckout = new Map<string, Set<PendingEvent>>();
  /** Dropped events as close() lists them, the latest `maxDroppedListed`; `#droppedUnlisted` counts older ones. */
  readonly #dropped: UndeliveredCallback[] = [];
  #droppedUnlisted = 0;
  readonly #sendAttempt: SendCallback;
  readonly #clock: Clock;
  #closing = false;
  #closed = false;

  constructor(options: CallbackDispatcherOptions) {
    this.#options = options;
    this.#webhook = new Webhook(options.secret);
    this.#sendAttempt = options.send ?? postCallback;
    this.#clock = options.clock ?? systemClock;
  }

  /** Start delivering the completion of `record` (which the caller hands over) to `url`. The returned delivery is
   *  updated as attempts are made; `firstAttempt` settles when the first attempt has ended, or the dispatcher closed. */
  dispatch(record: Checkout, url: string, completedAtMs: number): { delivery: CallbackDeliveryLog; firstAttempt: Promise<void> } {
    // While closing, an event is still listed by close(); after it, nothing would ever report it.
    if (this.#closed)
      throw new Error(`callback for checkout ${record.id} dispatched after close(): it could never be delivered or reported`);
    const event: CheckoutCompletedEvent = {
      type: 'checkout.completed',
      timestamp: formatRfc3339(completedAtMs),
      data: record as CheckoutCompletedEvent['data'],
    };
    const delivery: CallbackDeliveryLog = {
      eventId: createEventId(),
      eventType: 'checkout.completed',
      url,
      status: 'pending',
      attempts: [],
      nextAttemptAt: formatRfc3339(nowMillis(this.#clock)),
    };
    let firstAttemptEnded = () => {};
    const firstAttempt = new Promise<void>((resolve) => {
      firstAttemptEnded = resolve;
    });
    const pending: PendingEvent = { checkoutId: record.id, delivery, payload: JSON.stringify(event), firstAttemptEnded };
    this.#pending.add(pending);
    const ofCheckout = this.#pendingOfCheckout.get(record.id);
    if (ofCheckout) ofCheckout.add(pending);
    else this.#pendingOfCheckout.set(record.id, new Set([pending]));
    if (this.#closing) firstAttemptEnded();
    else this.#schedule(pending, 0);
    return { delivery, firstAttempt };
  }

  /** True once close() has been called: no attempt starts any more. */
  get closing(): boolean {
    return this.#closing;
  }

  /** How many events are waiting for an attempt or a retry. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /**
   * Drop the events of a checkout the store has evicted (none, as a rule, unless its callback is pending): each retry
   * is cancelled, an attempt in flight is ended, and each event is logged now and listed by close() with
   * `droppedBecause`.
   */
  dropEventsOf(checkoutId: string): void {
    for (const pending of this.#pendingOfCheckout.get(checkoutId) ?? []) this.#drop(pending);
  }

  #drop(pending: PendingEvent): void {
    this.#forget(pending);
    pending.dropped = true;
    pending.retry?.cancel();
    pending.retry = undefined;
    pending.inFlight?.controller.abort(new AttemptEnded('dropped'));
    pending.firstAttemptEnded();
    const { delivery } = pending;
    const undelivered = { ...summarize(pending, nowMillis(this.#clock)), droppedBecause: 'checkout-evicted' as const };
    delivery.status = 'failed';
    delivery.nextAttemptAt = null;
    this.#dropped.push(undelivered);
    if (this.#dropped.length > (this.#options.maxDroppedListed ?? 10_000)) {
      this.#dropped.shift();
      this.#droppedUnlisted += 1;
    }
    const attempts = delivery.attempts.length === 1 ? '1 attempt' : `${delivery.attempts.length} attempts`;
    this.#options.log(
      `callback ${delivery.eventId} to ${originOf(delivery.url)} dropped after ${attempts}: its checkout ${pending.checkoutId} was evicted from the sandbox's bounded store; no more retries`,
    );
  }

  /**
   * Stop: no attempt starts any more; attempts in flight get up to `graceMs` to finish, then are aborted. Resolves
   * with every event dropped earlier (oldest first, at most `maxDroppedListed`) and then every event still pending, in
   * the order they were dispatched.
   */
  async close(graceMs: number): Promise<UndeliveredCallback[]> {
    this.#closing = true;
    const inFlight: Array<Promise<void>> = [];
    for (const pending of this.#pending) {
      pending.retry?.cancel();
      pending.retry = undefined;
      pending.firstAttemptEnded();
      if (pending.inFlight) inFlight.push(pending.inFlight.ended);
    }
    if (inFlight.length > 0) {
      let graceTimer: ScheduledTask | undefined;
      const graceOver = new Promise<void>((resolve) => {
        graceTimer = systemClock.schedule(graceMs, resolve);
      });
      await Promise.race([Promise.all(inFlight), graceOver]);
      graceTimer?.cancel();
      for (const pending of this.#pending) pending.inFlight?.controller.abort(new AttemptEnded('shutdown'));
      await Promise.all(inFlight);
    }
    if (this.#droppedUnlisted > 0) {
      this.#options.log(
        `${this.#droppedUnlisted} more callback events were dropped with their evicted checkouts before the ${this.#dropped.length} listed; each was logged when dropped`,
      );
    }
    this.#closed = true;
    const nowMs = nowMillis(this.#clock);
    return [...this.#dropped, ...[...this.#pending].map((pending) => summarize(pending, nowMs))];
  }

  #schedule(pending: PendingEvent, delayMs: number): void {
    pending.delivery.nextAttemptAt = formatRfc3339(nowMillis(this.#clock) + delayMs);
    // A retry, due minutes or hours away, must not hold a process open; the first attempt must, since complete()
    // waits on it: under node:test or a plain script, nothing else may keep the loop alive (issue 21, R3).
    const holdsProcessOpen = pending.delivery.attempts.length === 0;
    pending.retry = this.#clock.schedule(
      delayMs,
      () => {
        pending.retry = undefined;
        void this.#attempt(pending);
      },
      { holdsProcessOpen },
    );
  }

  #attempt(pending: PendingEvent): Promise<void> {
    // A strongly held controller and timer, not AbortSignal.timeout: signals made by AbortSignal.timeout and
    // AbortSignal.any can lose their link after a garbage collection, and the attempt then never times out.
    const controller = new AbortController();
    const deadline = systemClock.schedule(this.#options.timeoutMs, () => controller.abort(new AttemptEnded('timeout')));
    const ended = this.#send(pending, controller.signal)
      .catch((failure: unknown) => {
        // Only what a test injects throws here: a `now` that stopped telling the time, or a `log` that throws. The
        // event cannot go on: it fails, and a log line says why (when the log can take it).
        this.#finish(pending, 'failed');
        try {
          this.#options.log(`callback ${pending.delivery.eventId} stopped: ${(failure as Error)?.message ?? String(failure)}`);
        } catch {}
      })
      .finally(() => {
        deadline.cancel();
        pending.inFlight = undefined;
        pending.firstAttemptEnded();
      });
    pending.inFlight = { controller, ended };
    return ended;
  }

  async #send(pending: PendingEvent, signal: AbortSignal): Promise<void> {
    const { delivery, payload } = pending;
    const attempt = delivery.attempts.length + 1;
    const startedAtMs = nowMillis(this.#clock);
    let responseStatus: number | null = null;
    let retryAfterMs: number | undefined;
    let error: string | null = null;
    let neverCalled = false;
    try {
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'checkout-sandbox',
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(Math.floor(startedAtMs / 1000)),
        'webhook-signature': this.#webhook.sign(delivery.eventId, new Date(startedAtMs), payload),
      };
      const reply = await endWithSignal(this.#sendAttempt({ url: delivery.url, headers, body: payload }, signal), signal);
      responseStatus = reply.status;
      retryAfterMs = readRetryAfterMs(reply.retryAfter, nowMillis(this.#clock));
    } catch (failure) {
      neverCalled = failure instanceof ReservedHostRefusal;
      error = describeFailure(failure, this.#options.timeoutMs);
    }
    delivery.attempts.push({
      attempt,
      startedAt: formatRfc3339(startedAtMs),
      durationMs: nowMillis(this.#clock) - startedAtMs,
      responseStatus,
      error,
    });
    // Dropped with its checkout meanwhile: already reported, nothing more to schedule.
    if (pending.dropped) return;
    if (responseStatus !== null && responseStatus >= 200 && responseStatus < 300) {
      this.#finish(pending, 'delivered');
      return;
    }
    const reason = error ?? `HTTP ${responseStatus}`;
    const failedOn = `callback ${delivery.eventId} to ${originOf(delivery.url)} failed on attempt ${attempt} (${reason})`;
    const scheduledMs = this.#options.retryDelaysMs[attempt - 1];
    const delayMs = scheduledMs === undefined ? undefined : this.#delayBefore(scheduledMs, retryAfterMs);
    if (neverCalled) {
      // A name reserved for documentation is never called, so a retry would change nothing (reserved-hosts.ts).
      this.#finish(pending, 'failed');
      this.#options.log(`${failedOn}; no retries`);
    } else if (responseStatus === 410) {
      // 410 Gone: the receiver wants no more of this event (Standard Webhooks; D7).
      this.#finish(pending, 'failed');
      this.#options.log(`${failedOn}; the receiver answered 410 Gone, so no retries`);
    } else if (delayMs === undefined) {
      this.#finish(pending, 'failed');
      this.#options.log(`${failedOn}; no retries left`);
    } else if (this.#closing) {
      // No retry will run: the event is reported as undelivered by close(), with the time it was due.
      delivery.nextAttemptAt = formatRfc3339(nowMillis(this.#clock) + delayMs);
    } else {
      this.#options.log(`${failedOn}; retrying in ${delayMs} ms`);
      this.#schedule(pending, delayMs);
    }
  }

  /** The wait before a retry: the schedule's delay plus jitter, and never less than a Retry-After (up to 24 h). */
  #delayBefore(scheduledMs: number, retryAfterMs: number | undefined): number {
    const jittered = Math.round(scheduledMs * (1 + Math.random() * this.#options.jitter));
    return Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
  }

  #finish(pending: PendingEvent, status: 'delivered' | 'failed'): void {
    pending.delivery.status = status;
    pending.delivery.nextAttemptAt = null;
    this.#forget(pending);
  }

  #forget(pending: PendingEvent): void {
    this.#pending.delete(pending);
    const ofCheckout = this.#pendingOfCheckout.get(pending.checkoutId);
    ofCheckout?.delete(pending);
    if (ofCheckout?.size === 0) this.#pendingOfCheckout.delete(pending.checkoutId);
  }
}

/** An event as close() lists it, its URL redacted; an event with no attempt due was due at `nowMs`. */
function summarize({ checkoutId, delivery }: PendingEvent, nowMs: number): UndeliveredCallback {
  return {
    checkoutId,
    eventId: delivery.eventId,
    url: redactUrl(delivery.url),
    attempts: delivery.attempts.length,
    nextAttemptAt: delivery.nextAttemptAt ?? formatRfc3339(nowMs),
  };
}

const MAX_RETRY_AFTER_MS = 86_400_000;

/** `attempt`, or its signal's reason once the signal ends it: a sender that ignores the signal still times out. */
function endWithSignal<T>(attempt: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    attempt.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function readRetryAfterMs(value: string | null, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^[0-9]{1,10}$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

function describeFailure(failure: unknown, timeoutMs: number): string {
  if (failure instanceof AttemptEnded) {
    if (failure.why === 'timeout') return `no reply within ${timeoutMs} ms`;
    return failure.why === 'shutdown' ? 'interrupted by shutdown' : 'interrupted: its checkout was evicted';
  }
  if (failure instanceof ReservedHostRefusal) return failure.message;
  const error = failure as { message?: string; cause?: { code?: string; message?: string } };
  if (error?.cause?.code) return `connection failed: ${error.cause.code}`;
  // Library messages may quote the URL, credentials and all ("...includes credentials: http://user:pass@...").
  return redactUrls(error?.cause?.message ?? error?.message ?? String(failure));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an invalid URL';
  }
}

// Event ids in the contract's `webhook-id` shape, `msg_` and 24 base62 characters.
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function createEventId(): string {
  // 248 is the largest multiple of 62 below 256: rejecting bytes at or above it keeps every character equally likely.
  let id = 'msg_';
  while (id.length < 28) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && id.length < 28) id += BASE62[byte % 62];
    }
  }
  return id;
}
