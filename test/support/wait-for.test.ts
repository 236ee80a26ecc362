// The shared wait helper: it resolves with what happened, and when nothing does it fails saying what did not.
import { describe, expect, it } from 'vitest';
import { settlesWithin, waitFor } from './wait-for.js';

describe('waitFor', () => {
  it("resolves with a condition's value once it holds", async () => {
    let polls = 0;
    const value = await waitFor(() => (++polls === 3 ? 'third' : undefined), { what: 'the third poll', pollMs: 1 });
    expect([value, polls]).toEqual(['third', 3]);
  });

  it("resolves with an event's value", async () => {
    await expect(waitFor(Promise.resolve(42), { what: 'the answer' })).resolves.toBe(42);
  });

  it('fails with what did not happen once the deadline has passed, for a condition and for an event', async () => {
    await expect(waitFor(() => false, { what: 'the impossible', deadlineMs: 20 })).rejects.toThrow(
      'the impossible did not happen within 20 ms',
    );
    // `what` as a function is read when the wait fails, so it shows the state of that moment.
    let seen = 'nothing yet';
    const waiting = waitFor(new Promise<never>(() => {}), { what: () => `the event (seen: ${seen})`, deadlineMs: 20 });
    seen = 'a later state';
    await expect(waiting).rejects.toThrow('the event (seen: a later state) did not happen within 20 ms');
  });

  it('ends at once when the condition throws, with its error', async () => {
    const ended = new Error('the process exited');
    await expect(
      waitFor(
        () => {
          throw ended;
        },
        { what: 'a banner' },
      ),
    ).rejects.toBe(ended);
  });
});

describe('settlesWithin', () => {
  it('says whether the event came before the deadline', async () => {
    expect(await settlesWithin(Promise.resolve(), { what: 'a stop' })).toBe(true);
    expect(await settlesWithin(new Promise(() => {}), { what: 'a stop', deadlineMs: 20 })).toBe(false);
  });
});
