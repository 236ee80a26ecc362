// The one clock (src/clock): the real clock's timers, and a clock over a time reading (the testing kit's `now`, the
// tests' manual clock), whose timers are due on that reading's time and run in due order.
import { describe, expect, it } from 'vitest';
import { nowMillis, systemClock } from '../../src/clock/clock.js';
import { createClockOverTimeReading } from '../../src/clock/clock-over-time-reading.js';
import { formatRfc3339, formatUnixSeconds, parseUnixSeconds, toMillis } from '../../src/clock/timestamps.js';
import { createManualClock } from '../support/manual-clock.js';
import { waitFor } from '../support/wait-for.js';

describe('a clock over a time reading', () => {
  it('runs each task once the reading reaches its time, in due order, and a cancelled one never', () => {
    let nowMs = 1_000;
    const clock = createClockOverTimeReading(() => nowMs);
    const ran: string[] = [];
    clock.schedule(300, () => ran.push('c at 1300'));
    clock.schedule(100, () => ran.push('a at 1100'));
    const cancelled = clock.schedule(200, () => ran.push('cancelled'));
    clock.schedule(100, () => ran.push('b at 1100, scheduled later'));
    cancelled.cancel();
    nowMs = 1_099;
    clock.runDue();
    expect(ran).toEqual([]);
    nowMs = 1_300;
    clock.runDue();
    expect(ran).toEqual(['a at 1100', 'b at 1100, scheduled later', 'c at 1300']);
    clock.runDue();
    expect(ran).toHaveLength(3);
  });

  it('runs a task that a task schedules when it is already due, in the same runDue()', () => {
    const clock = createManualClock(0);
    const ran: number[] = [];
    clock.schedule(10, () => {
      ran.push(clock.now());
      clock.schedule(0, () => ran.push(-clock.now()));
      clock.schedule(10, () => ran.push(clock.now() + 0.5));
    });
    clock.advance(15);
    expect(ran).toEqual([15, -15]);
    clock.advance(10);
    expect(ran).toEqual([15, -15, 25.5]);
  });

  it('runs a task due now on the next turn of the event loop, with no one calling runDue()', async () => {
    const clock = createManualClock(0);
    let ran = false;
    clock.schedule(0, () => {
      ran = true;
    });
    expect(ran).toBe(false);
    await waitFor(() => ran, { what: 'the task due now' });
    expect(clock.now()).toBe(0);
  });

  it('tells the time of its reading in microseconds', () => {
    const clock = createManualClock(1_795_253_400_512);
    expect(clock.nowMicros()).toBe(1_795_253_400_512_000);
    expect(nowMillis(clock)).toBe(1_795_253_400_512);
  });

  it('runDue() throws what the reading throws, and runs nothing then', () => {
    let broken = false;
    const clock = createClockOverTimeReading(() => {
      if (broken) throw new TypeError('now stopped telling the time');
      return 0;
    });
    let ran = false;
    clock.schedule(0, () => {
      ran = true;
    });
    broken = true;
    expect(() => clock.runDue()).toThrow(new TypeError('now stopped telling the time'));
    expect(ran).toBe(false);
    broken = false;
    clock.runDue();
    expect(ran).toBe(true);
  });
});

describe('the real clock', () => {
  it('runs a scheduled task after its delay, and not once cancelled', async () => {
    const ran: string[] = [];
    const cancelled = systemClock.schedule(0, () => ran.push('cancelled'));
    systemClock.schedule(1, () => ran.push('ran'), { holdsProcessOpen: false });
    cancelled.cancel();
    await waitFor(() => ran.length > 0, { what: 'the task' });
    expect(ran).toEqual(['ran']);
  });
});

describe('the contract timestamp shapes', () => {
  it('formats and reads back seconds with six decimals, milliseconds and RFC 3339', () => {
    expect(formatUnixSeconds(1_795_253_400_512_345)).toBe('1795253400.512345');
    expect(parseUnixSeconds('1795253400.512345')).toBe(1_795_253_400_512_345);
    expect(parseUnixSeconds('1795253400.5')).toBe(1_795_253_400_500_000);
    expect(toMillis(1_795_253_400_512_999)).toBe(1_795_253_400_512);
    expect(formatRfc3339(1_795_253_400_512)).toBe('2026-11-21T09:30:00.512Z');
  });
});
