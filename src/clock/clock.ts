// The one clock of everything time-driven in the sandbox core and the testing kit: the records' timestamps, expiry,
// idempotency and rate windows, the callbacks' `webhook-timestamp` and event time, their retry timers, the expiry
// sweep and the delivery log. It tells the time and runs timers on that same time, so that a test that injects a
// clock (the kit's `now`, the tests' manual clock) moves all of it at once. It imports nothing: every layer may use it.

/** A task handed to Clock.schedule, until it has run. */
export interface ScheduledTask {
  /** Drop the task if it has not run yet; harmless after. */
  cancel(): void;
}

export interface ScheduleOptions {
  /**
   * Whether the task keeps a Node process alive until it runs (default true, as setTimeout does). A task due minutes
   * or hours away, such as a callback retry or the sweep, passes false.
   */
  holdsProcessOpen?: boolean;
}

export interface Clock {
  /** Time in whole microseconds since the Unix epoch. */
  nowMicros(): number;
  /** Run `task` once this clock has moved `delayMs` milliseconds on from now. */
  schedule(delayMs: number, task: () => void, options?: ScheduleOptions): ScheduledTask;
}

// Node's timers take at most 2^31 - 1 ms (24.8 days); a longer delay would fire at once.
export const MAX_TIMER_MS = 2_147_483_647;

/** Whole milliseconds since the epoch on `clock`. */
export function nowMillis(clock: Clock): number {
  return Math.floor(clock.nowMicros() / 1000);
}

/**
 * The real clock. timeOrigin + now() has sub-millisecond resolution and never steps back with the wall clock; its
 * timers are Node's.
 */
export const systemClock: Clock = {
  nowMicros: () => Math.floor((performance.timeOrigin + performance.now()) * 1000),
  schedule: (delayMs, task, { holdsProcessOpen = true } = {}) => {
    const timer = setTimeout(task, Math.min(Math.max(delayMs, 0), MAX_TIMER_MS));
    if (!holdsProcessOpen) timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};
