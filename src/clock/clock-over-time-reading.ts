// A Clock over a function that only tells the time, such as the testing kit's `now` option or the tests' manual
// clock: its timers are due on that function's time, not on the real one. A task runs once the reading has reached
// its due time, checked when runDue() is called (the kit calls it on every use of the sandbox; the manual clock when
// it is advanced) and on a real timer set for the time still to go (so a reading that follows real time behaves as
// real timers do, and a task due now runs on the next turn of the event loop without anyone calling runDue()).
import { type Clock, MAX_TIMER_MS, type ScheduledTask } from './clock.js';

export interface ClockOverTimeReading extends Clock {
  /** Run every task now due, in due order (tasks that become due meanwhile too). Throws what the reading throws. */
  runDue(): void;
}

interface Task {
  dueMs: number;
  run: () => void;
  holdsProcessOpen: boolean;
}

/** `readMillis` returns milliseconds since the epoch; it is called for every reading of the time. */
export function createClockOverTimeReading(readMillis: () => number): ClockOverTimeReading {
  // Due order; tasks due at the same time keep the order they were scheduled in.
  const tasks: Task[] = [];
  let timer: NodeJS.Timeout | undefined;

  const arm = (nowMs: number) => {
    clearTimeout(timer);
    timer = undefined;
    const next = tasks[0];
    if (!next) return;
    timer = setTimeout(runDueFromTimer, Math.min(Math.max(next.dueMs - nowMs, 0), MAX_TIMER_MS));
    if (!tasks.some((task) => task.holdsProcessOpen)) timer.unref();
  };

  const runDue = () => {
    let nowMs = readMillis();
    try {
      for (let next = tasks[0]; next && next.dueMs <= nowMs; next = tasks[0]) {
        tasks.shift();
        next.run();
        nowMs = readMillis();
      }
    } finally {
      arm(nowMs);
    }
  };

  // A reading that throws (a `now` that stopped telling the time) runs nothing here; the kit's next call reports it.
  function runDueFromTimer() {
    timer = undefined;
    try {
      runDue();
    } catch {}
  }

  return {
    nowMicros: () => Math.floor(readMillis() * 1000),
    schedule: (delayMs, run, { holdsProcessOpen = true } = {}): ScheduledTask => {
      const nowMs = readMillis();
      const task: Task = { dueMs: nowMs + Math.max(delayMs, 0), run, holdsProcessOpen };
      const at = tasks.findIndex((other) => other.dueMs > task.dueMs);
      tasks.splice(at === -1 ? tasks.length : at, 0, task);
      arm(nowMs);
      return {
        cancel: () => {
          const index = tasks.indexOf(task);
          if (index === -1) return;
          tasks.splice(index, 1);
          arm(readMillis());
        },
      };
    },
    runDue,
  };
}
