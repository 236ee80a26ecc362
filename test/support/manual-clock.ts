// A clock that moves only when a test moves it: time-driven behaviour (expiry, retention, forgotten keys) is tested by
// advancing time, never by waiting for it. It serves both forms the code takes: the kit's `now` option (milliseconds)
// and the sandbox core's `clock` option (a Clock, in microseconds).
import type { Clock } from '../../src/sandbox/checkout/clock.js';

export interface ManualClock extends Clock {
  /** The time in milliseconds since the epoch, for the kit's `now` option. */
  now(): number;
  /** Move the time forward by `ms` milliseconds. */
  advance(ms: number): void;
}

/** A clock standing at `startMs` until advanced. */
export function createManualClock(startMs = Date.parse('2030-01-01T00:00:00Z')): ManualClock {
  let nowMs = startMs;
  return {
    now: () => nowMs,
    nowMicros: () => nowMs * 1000,
    advance: (ms) => {
      nowMs += ms;
    },
  };
}
