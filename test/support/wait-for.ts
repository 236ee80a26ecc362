// The one way the suites wait: on an event (a promise) or on a condition (polled), under a deadline that only guards
// against a hang, never measures speed. A machine under load may be slow, so deadlines are generous and nothing is
// asserted about how long a wait took; a wait that runs out fails with what did not happen.
//
// "Nothing happened" is never a sleep: wait for the marker, the event that must come after anything that could have
// happened (a later callback, the next line, the process's exit), then assert that nothing else did (waitForMarker).

/** What a wait is for, said in its failure; a function is called only then, to show what was seen by that time. */
export type WaitWhat = string | (() => string);

export interface WaitOptions {
  /** What should happen, as in "<what> did not happen within N ms". */
  what: WaitWhat;
  /** How long to wait at most, in ms of real time: a guard against a hang (default 30 s). */
  deadlineMs?: number;
  /** How often a condition is polled (default 10 ms). */
  pollMs?: number;
}

export const DEFAULT_DEADLINE_MS = 30_000;

/** A condition: its value when it holds (anything but undefined, null or false), else undefined, null or false.
 *  It may throw to end the wait at once (a process that exited will never print its banner). */
export type Condition<T> = () => T | undefined | null | false | Promise<T | undefined | null | false>;

function describe(what: WaitWhat): string {
  return typeof what === 'function' ? what() : what;
}

function failure(options: WaitOptions, deadlineMs: number): Error {
  return new Error(`${describe(options.what)} did not happen within ${deadlineMs} ms`);
}

/**
 * Resolves with the event's value, or with the condition's value once it holds; rejects once `deadlineMs` has passed
 * without it, with a message that says what did not happen.
 */
export async function waitFor<T>(event: Promise<T> | Condition<T>, options: WaitOptions): Promise<T> {
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  if (typeof event !== 'function') {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(failure(options, deadlineMs)), deadlineMs);
    });
    try {
      return await Promise.race([event, late]);
    } finally {
      clearTimeout(timer);
    }
  }
  const deadline = performance.now() + deadlineMs;
  for (;;) {
    const value = await event();
    if (value !== undefined && value !== null && value !== false) return value;
    if (performance.now() > deadline) throw failure(options, deadlineMs);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 10));
  }
}

/**
 * The "nothing happened" form: resolves once the marker has happened, the event that must come after anything that
 * could have happened (a callback sent later over the same path, a line printed after, an exit). The caller then
 * asserts that nothing else did; the wait lasts as long as the marker takes, not a guessed quiet period.
 */
export function waitForMarker<T>(marker: Promise<T> | Condition<T>, options: WaitOptions): Promise<T> {
  return waitFor(marker, options);
}

/** Whether the event or condition happened within `deadlineMs`, for clean-ups that go on either way (a stop that hangs is then killed). */
export async function settlesWithin(event: Promise<unknown> | Condition<unknown>, options: WaitOptions): Promise<boolean> {
  try {
    await waitFor(event, options);
    return true;
  } catch {
    return false;
  }
}
