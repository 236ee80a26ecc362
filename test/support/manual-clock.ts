// A clock that moves only when a test moves it, for the sandbox core (its `clock` option): time-driven behaviour
// (expiry, retention) is then tested by advancing time, never by waiting for it.
import type { Clock } from '../../src/sandbox/checkout/clock.js';

export interface ManualClock extends Clock {
  /** Move the time forward by `ms` milliseconds. */
  advance(ms: number): void;
}

/** A clock at `startMs` (default: the real time now, in whole milliseconds) until advanced. */
export function createManualClock(startMs = Date.now()): ManualClock {
  let nowMs = startMs;
  return {
    nowMicros: () => nowMs * 1000,
    advance: (ms) => {
      nowMs += ms;
    },
  };
}
