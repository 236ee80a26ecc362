// Pending callback events are as bounded as the checkout store (issue 21, R5): an event is dropped with its checkout
// when the store evicts it, by count (maxSessions) or by time (the sweep, on an injected clock). A dropped event is
// logged at once, without the URL's query, and close() lists it among the undelivered (the latest maxSessions of them;
// a log line counts the older ones).
import { describe, expect, it } from 'vitest';
import { loadContractValue } from '../../src/contract/contract-value.js';
import { fromFetchArguments } from '../../src/http/fetch-exchange.js';
import type { SendCallback } from '../../src/sandbox/callbacks/callback-delivery.js';
import type { UndeliveredCallback } from '../../src/sandbox/callbacks/callback-dispatcher.js';
import { readSandboxConfig } from '../../src/sandbox/config/read-sandbox-config.js';
import { formatUndelivered } from '../../src/sandbox/sandbox-command.js';
import { readSandboxContext } from '../../src/sandbox/sandbox-context.js';
import { createSandboxCore } from '../../src/sandbox/sandbox-core.js';
import { createCheckoutControls } from '../../src/testing/checkout-controls.js';
import { readValidCreateBody } from '../support/bad-inputs.js';
import { CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';
import { createManualClock } from '../support/manual-clock.js';

const CALLBACK_URL = `https://shop.example.com/webhooks/checkout?token=${CANARY_CALLBACK_TOKEN}`;
const HOUR_MS = 3_600_000;

const answer503: SendCallback = async () => ({ status: 503, retryAfter: null });

/** A sandbox core whose receiver always answers 503 (or as `send` says), on a clock the test moves, retrying hourly. */
function createFailingSandbox(maxSessions: number, send = answer503) {
  const clock = createManualClock();
  const logs: string[] = [];
  const core = createSandboxCore({
    contract: loadContractValue(),
    policies: readSandboxConfig({
      CHECKOUT_API_KEYS: CANARY_KEY,
      CHECKOUT_MAX_SESSIONS: String(maxSessions),
      CHECKOUT_SESSION_LIFETIME_MS: String(HOUR_MS),
      CHECKOUT_RETENTION_MS: String(HOUR_MS),
      CHECKOUT_CALLBACK_RETRY_DELAYS_MS: `${HOUR_MS},${HOUR_MS}`,
      CHECKOUT_CALLBACK_RETRY_JITTER: '0',
    }),
    log: (line) => logs.push(line),
    clock,
    sendCallback: send,
  });
  const controls = createCheckoutControls(core);
  return {
    core,
    logs,
    advance: clock.advance,
    /** Creates a checkout with a callback_url; resolves with its id. */
    async createOne(): Promise<string> {
      const url = new URL('https://checkout.test/api/v1/checkouts/');
      const init = {
        method: 'POST',
        headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...readValidCreateBody(), callback_url: CALLBACK_URL }),
      };
      const answer = await core.answer(fromFetchArguments(url, init)!);
      expect(answer.status).toBe(201);
      return (JSON.parse(answer.body) as { id: string }).id;
    },
    complete: (id: string) => controls.complete(id),
    /** Creates a checkout with a callback_url and completes it; resolves with its id once the first attempt failed. */
    async completeOne(): Promise<string> {
      const id = await this.createOne();
      await controls.complete(id);
      return id;
    },
  };
}

const REDACTED_URL = 'https://shop.example.com/webhooks/checkout?[REDACTED]';

function dropLine(logs: string[], id: string): string | undefined {
  return logs.find((line) => line.includes(`dropped after 1 attempt: its checkout ${id} was evicted`));
}

describe('pending callback events are bounded by the checkout store (R5)', () => {
  it('with maxSessions 100, 300 completions to a 503 receiver leave 100 events pending, and 200 reported dropped', async () => {
    const sandbox = createFailingSandbox(100);
    const ids: string[] = [];
    for (let index = 0; index < 300; index += 1) ids.push(await sandbox.completeOne());

    expect(readSandboxContext(sandbox.core).callbacks.pendingCount).toBe(100);
    expect(readSandboxContext(sandbox.core).checkouts.size).toBe(100);
    const dropLines = sandbox.logs.filter((line) => line.includes(' dropped after '));
    // One line for each of the 200 oldest checkouts, in the order they were evicted.
    expect(dropLines.map((line) => / its checkout (\S+) was evicted/.exec(line)?.[1])).toEqual(ids.slice(0, 200));
    expect(dropLine(sandbox.logs, ids[0] as string)).toMatch(
      new RegExp(
        `^callback msg_[A-Za-z0-9]{24} to https://shop\\.example\\.com dropped after 1 attempt: its checkout ${ids[0]} was evicted`,
      ),
    );

    const undelivered = await sandbox.core.close();
    // The latest 100 dropped (checkouts 101 to 200), then the 100 still pending (201 to 300); the oldest 100 counted.
    expect(undelivered.map((event) => event.checkoutId)).toEqual(ids.slice(100));
    expect(undelivered.map((event) => event.droppedBecause)).toEqual([
      ...Array<UndeliveredCallback['droppedBecause']>(100).fill('checkout-evicted'),
      ...Array<undefined>(100).fill(undefined),
    ]);
    expect(new Set(undelivered.map((event) => `${event.url} ${event.attempts}`))).toEqual(new Set([`${REDACTED_URL} 1`]));
    expect(sandbox.logs.at(-1)).toBe(
      '100 more callback events were dropped with their evicted checkouts before the 100 listed; each was logged when dropped',
    );
    expect(sandbox.logs.join('\n')).not.toContain(CANARY_CALLBACK_TOKEN);
  });

  it('the sweep drops the events of the checkouts it evicts after the retention period (injected clock)', async () => {
    const sandbox = createFailingSandbox(10);
    const ids = [await sandbox.completeOne(), await sandbox.completeOne(), await sandbox.completeOne()];
    expect(readSandboxContext(sandbox.core).callbacks.pendingCount).toBe(3);

    // Expired at 1 h and kept for 1 h more: one millisecond short of 2 h, nothing goes.
    sandbox.advance(2 * HOUR_MS - 1);
    sandbox.core.sweep();
    expect(readSandboxContext(sandbox.core).callbacks.pendingCount).toBe(3);
    sandbox.advance(1);
    sandbox.core.sweep();
    expect(readSandboxContext(sandbox.core).checkouts.size).toBe(0);
    expect(readSandboxContext(sandbox.core).callbacks.pendingCount).toBe(0);
    expect(ids.map((id) => dropLine(sandbox.logs, id) !== undefined)).toEqual([true, true, true]);

    const undelivered = await sandbox.core.close();
    expect(undelivered.map(({ checkoutId, droppedBecause, attempts, url }) => ({ checkoutId, droppedBecause, attempts, url }))).toEqual(
      ids.map((checkoutId) => ({ checkoutId, droppedBecause: 'checkout-evicted', attempts: 1, url: REDACTED_URL })),
    );
  });

  it('an attempt in flight when its checkout is evicted is ended: complete() settles and nothing is retried', async () => {
    const sandbox = createFailingSandbox(1, () => new Promise(() => {}));
    const first = await sandbox.createOne();
    const completed = sandbox.complete(first);
    await sandbox.createOne();
    await completed;
    expect(readSandboxContext(sandbox.core).callbacks.pendingCount).toBe(0);
    expect(sandbox.logs.filter((line) => line.includes(`its checkout ${first} was evicted`))).toEqual([
      expect.stringMatching(/ dropped after 0 attempts: /),
    ]);
    const undelivered = await sandbox.core.close();
    expect(undelivered.map(({ checkoutId, droppedBecause, attempts }) => ({ checkoutId, droppedBecause, attempts }))).toEqual([
      { checkoutId: first, droppedBecause: 'checkout-evicted', attempts: 0 },
    ]);
  });

  it('the shutdown list says which events were dropped before it', () => {
    const event = { checkoutId: 'c1', eventId: 'msg_a', url: REDACTED_URL, attempts: 1, nextAttemptAt: '2030-01-01T01:00:00.000Z' };
    expect(
      formatUndelivered([
        { ...event, droppedBecause: 'checkout-evicted' },
        { ...event, checkoutId: 'c2', eventId: 'msg_b' },
      ]),
    ).toBe(
      [
        'checkout-sandbox: stopped; 2 callbacks were not delivered and will not be retried:',
        `  checkout c1  webhook-id msg_a  to ${REDACTED_URL}  1 attempt made, dropped before shutdown when its checkout was evicted`,
        `  checkout c2  webhook-id msg_b  to ${REDACTED_URL}  1 attempt made, next attempt was due at 2030-01-01T01:00:00.000Z`,
        '',
      ].join('\n'),
    );
  });
});
