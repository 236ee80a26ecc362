// What the testing-kit suites (src/testing) share: a create body made from the contract's sample, a clock a test
// moves by hand, a log that keeps its lines, and mocks that are closed after each test whatever it did.
import { afterEach, expect } from 'vitest';
import type { CreateCheckoutRequest } from '../../generated/openapi.js';
import { createFetchSandbox, type FetchSandbox, type FetchSandboxOptions } from '../../src/testing/index.js';
import { readValidCreateBody } from '../support/bad-inputs.js';
import { CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';

/** The contract's `usdtOnTron` sample with `changes` merged over its top-level fields. */
export function createBody(changes: Record<string, unknown> = {}): CreateCheckoutRequest {
  return { ...readValidCreateBody(), ...changes } as unknown as CreateCheckoutRequest;
}

/** A clock for the kit's `now` option that stands still until the test moves it (shared with the sandbox suites). */
export { createManualClock } from '../support/manual-clock.js';

/** A `log` option that keeps every line it is given. */
export function createLogCollector() {
  const lines: string[] = [];
  return { lines, log: (line: string) => lines.push(line) };
}

/** Fails when `text` holds the canary key, a canary callback credential or `secret` (such as a callback secret). */
export function expectNoSecrets(text: string, secret: string): void {
  for (const canary of [CANARY_KEY, CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN, secret]) expect(text).not.toContain(canary);
}

/** The error `promise` rejects with; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => undefined,
    (error: Error) => error,
  );
  if (!outcome) throw new Error('expected a rejection');
  return outcome;
}

/** createFetchSandbox for the suite: every mock made in a test is closed after it. */
export function useFetchSandboxes(): (options?: FetchSandboxOptions) => FetchSandbox {
  const made: FetchSandbox[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((mock) => mock.close()));
  });
  return (options = {}) => {
    const mock = createFetchSandbox(options);
    made.push(mock);
    return mock;
  };
}
