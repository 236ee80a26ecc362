// A clock that moves only when a test moves it: time-driven behaviour (expiry, retention, forgotten keys, callback
// retries, the sweep) is tested by advancing time, never by waiting for it. It serves both forms the code takes: the
// kit's `now` option (milliseconds) and the sandbox core's `clock` option (a Clock, with timers on this time). It is
// the package's own clock over a time reading (src/clock/clock-over-time-reading.ts), so its timers behave as the
// kit's do: a task due now runs on the next turn of the event loop, a later one when the clock is advanced past it.
import { type ClockOverTimeReading, createClockOverTimeReading } from '../../src/clock/clock-over-time-reading.js';

export interface ManualClock extends ClockOverTimeReading {
  /** The time in milliseconds since the epoch, for the kit's `now` option. */
  now(): number;
  /** Move the time forward by `ms` milliseconds and run the timers then due, in due order. */
  advance(ms: number): void;
}

/** A clock standing at `startMs` until advanced. */
export function createManualClock(startMs = Date.parse('2030-01-01T00:00:00Z')): ManualClock {
  let nowMs = startMs;
  const clock = createClockOverTimeReading(() => nowMs);
  return {
    ...clock,
    now: () => nowMs,
    advance: (ms) => {
      nowMs += ms;
      clock.runDue();
    },
  };
}
