// The kit checks what it is given and says when it can no longer do what is asked (issue 21, R12): a clock that
// cannot tell the time throws a TypeError naming options.now (at creation, or where it is read later), and a
// complete() or expire() after close() rejects instead of leaving a callback pending that nothing would report.
import { describe, expect, it } from 'vitest';
import type { Checkout } from '../../generated/openapi.js';
import { CallbackDispatcher } from '../../src/sandbox/callbacks/callback-dispatcher.js';
import { createFetchSandbox, startSandbox } from '../../src/testing/index.js';
import { CALLBACK_SECRET } from '../sandbox/support/sandbox-harness.js';
import { createBody, createManualClock, rejectionOf, useFetchSandboxes } from './support.js';

const makeMock = useFetchSandboxes();

const LATEST_MS = 9_007_199_254_740;

function nowMessage(caller: string, returned: string): string {
  return `${caller}: options.now must return milliseconds since 1970 (0 to ${LATEST_MS}) or a valid Date; it returned ${returned}.`;
}

async function createOpen(mock: ReturnType<typeof createFetchSandbox>): Promise<string> {
  const response = await mock.fetch(`${mock.baseUrl}/api/v1/checkouts/`, {
    method: 'POST',
    headers: { authorization: `Api-Key ${mock.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(createBody()),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as Checkout).id;
}

describe('options.now is checked', () => {
  it.each([
    [() => Number.NaN, 'NaN'],
    [() => Number.POSITIVE_INFINITY, 'Infinity'],
    [() => -1, '-1'],
    [() => new Date('not a date'), 'a Date of NaN'],
    [() => '1700000000000' as unknown as number, 'a string'],
  ])('createFetchSandbox and startSandbox throw a TypeError naming it at creation (%s)', async (now, returned) => {
    expect(() => createFetchSandbox({ now })).toThrow(new TypeError(nowMessage('createFetchSandbox', returned)));
    const error = await rejectionOf(startSandbox({ now }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(nowMessage('startSandbox', returned));
  });

  it('a clock that stops telling the time fails with the same TypeError where it is read, never a record dated NaN', async () => {
    const clock = createManualClock();
    let broken = false;
    const mock = makeMock({ now: () => (broken ? Number.NaN : clock.now()) });
    const id = await createOpen(mock);
    broken = true;
    const expected = new TypeError(nowMessage('createFetchSandbox', 'NaN'));
    expect(await rejectionOf(mock.fetch(`${mock.baseUrl}/api/v1/checkouts/`, { method: 'POST', body: '{}' }))).toEqual(expected);
    const completing = await rejectionOf(mock.complete(id));
    expect(completing).toBeInstanceOf(TypeError);
    expect(completing).toEqual(expected);
    expect(() => mock.checkouts()).toThrow(expected);
    broken = false;
    expect(mock.checkouts().map((record) => [record.id, record.status])).toEqual([[id, 'open']]);
  });

  it('a clock that stops telling the time during a callback attempt fails that event with a log line, no rejection', async () => {
    const clock = createManualClock();
    let broken = false;
    const lines: string[] = [];
    const mock = makeMock({
      now: () => (broken ? Number.NaN : clock.now()),
      log: (line) => lines.push(line),
      onCallback: () => {
        broken = true;
        return 503;
      },
    });
    const id = await createOpen(mock);
    const completed = await mock.complete(id);
    expect(completed.status).toBe('complete');
    broken = false;
    const [delivery] = mock.deliveries(id);
    expect([delivery.status, delivery.nextAttemptAt, delivery.attempts]).toEqual(['failed', null, []]);
    expect(lines).toEqual([`callback ${delivery.eventId} stopped: ${nowMessage('createFetchSandbox', 'NaN')}`]);
  });
});

describe('controls after close()', () => {
  it('complete() and expire() reject with a clear error, leave the checkout open and nothing pending', async () => {
    const callbacks: string[] = [];
    const mock = makeMock({ onCallback: ({ body }) => void callbacks.push(body) });
    const id = await createOpen(mock);
    expect(await mock.close()).toEqual([]);

    const completing = await rejectionOf(mock.complete(id));
    expect(completing).toEqual(
      new Error(`complete("${id}") after close(): the callbacks are stopped, so no checkout can be completed or expired any more.`),
    );
    const expiring = await rejectionOf(mock.expire(id));
    expect(expiring.message).toBe(
      `expire("${id}") after close(): the callbacks are stopped, so no checkout can be completed or expired any more.`,
    );
    // Reading still works after close(), and shows nothing changed.
    expect(mock.checkout(id)?.status).toBe('open');
    expect(mock.deliveries(id)).toEqual([]);
    expect(callbacks).toEqual([]);
  });

  it('the dispatcher refuses an event once close() has resolved, rather than holding it unreported', async () => {
    const dispatcher = new CallbackDispatcher({ secret: CALLBACK_SECRET, retryDelaysMs: [], jitter: 0, timeoutMs: 1_000, log: () => {} });
    expect(await dispatcher.close(0)).toEqual([]);
    const record = { id: '5b0f3d2e-8c1a-4f6b-9e7d-2a4c6e8f0b1d', status: 'complete' } as Checkout;
    expect(() => dispatcher.dispatch(record, 'https://shop.example.com/hook', 0)).toThrow(
      new Error(`callback for checkout ${record.id} dispatched after close(): it could never be delivered or reported`),
    );
  });
});
