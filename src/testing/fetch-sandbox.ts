// createFetchSandbox: the sandbox's core behind a `fetch` function, for a consumer's tests. No port, no process: a
// request goes straight from the client to the same validation, records, rules, idempotency, problem documents and
// policies as the sandbox server's, and the completion callback is signed and delivered as the sandbox does it.

import { loadContractValue } from '../contract/contract-value.js';
import { normalizeBaseUrl } from '../http/base-url.js';
import { fromFetchArguments, fromFetchRequest, toFetchResponse } from '../http/fetch-exchange.js';
import { readSandboxOptions } from '../sandbox/config/read-sandbox-config.js';
import type { UndeliveredCallback } from '../sandbox/sandbox-api.js';
import { createSandboxCore } from '../sandbox/sandbox-core.js';
import { type CheckoutControls, createCheckoutControls } from './checkout-controls.js';
import { readClock, sendToFunction, type TestingPolicies } from './testing-options.js';

export interface FetchSandboxOptions extends TestingPolicies {
  /** The base URL the sandbox answers under, to give your client (default `https://checkout.test`). */
  baseUrl?: string;
}

export interface FetchSandbox extends CheckoutControls {
  /** The base URL to give your client. */
  readonly baseUrl: string;
  /** The key the sandbox accepts in `Authorization: Api-Key <key>`. */
  readonly apiKey: string;
  /** The `whsec_…` secret that signs its callbacks, for verifyCallback. */
  readonly callbackSecret: string;
  /** A fetch function that answers requests under baseUrl in-process; anything else is refused as by a network. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Stop retrying callbacks: an attempt in flight gets a moment to end; resolves with the events left undelivered. */
  close(): Promise<UndeliveredCallback[]>;
}

export const DEFAULT_FETCH_SANDBOX_BASE_URL = 'https://checkout.test';

export function createFetchSandbox(options: FetchSandboxOptions = {}): FetchSandbox {
  const baseUrl = readSandboxBaseUrl(options.baseUrl ?? DEFAULT_FETCH_SANDBOX_BASE_URL);
  const policies = readSandboxOptions({ checkoutPageUrl: baseUrl, ...options }, 'createFetchSandbox');
  const clock = readClock(options.now, 'createFetchSandbox');
  const core = createSandboxCore({
    policies,
    contract: loadContractValue(),
    log: options.log ?? (() => {}),
    clock,
    sendCallback: options.onCallback && sendToFunction(options.onCallback),
  });
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  const runDueTimers = () => clock?.runDue();
  return {
    baseUrl,
    apiKey: policies.apiKeys[0] as string,
    callbackSecret: policies.callbackSecret,
    ...createCheckoutControls(core, runDueTimers),
    fetch: async (input, init) => {
      const signal = input instanceof Request ? input.signal : init?.signal;
      // As fetch does: an aborted signal rejects before anything is sent.
      if (signal?.aborted) throw signal.reason;
      const url = new URL(input instanceof Request ? input.url : input);
      if (url.href !== baseUrl && !url.href.startsWith(`${baseUrl}/`)) {
        // As fetch rejects a request it cannot send; the query is left out, since it may hold a secret.
        throw new TypeError(
          `createFetchSandbox: ${url.origin}${url.pathname} is not under the sandbox's baseUrl ${baseUrl}; give your client baseUrl: sandbox.baseUrl.`,
        );
      }
      // The timers the test's clock has reached run first. A `now` that stopped telling the time rejects here with its
      // TypeError, as fetch rejects what it cannot send, rather than as a 500 the test would have to decode.
      runDueTimers();
      // Anything but the common `fetch(url, { body: string })` goes through a new Request, as fetch does: the runtime
      // then refuses what fetch refuses with its own TypeError (a Request whose body was already read, a GET or HEAD
      // with a body), and a Request passed in is consumed as fetch consumes it.
      const request =
        (input instanceof Request ? undefined : fromFetchArguments(url, init ?? {}, basePath)) ??
        fromFetchRequest(new Request(input, init), basePath);
      return toFetchResponse(await core.answer(request));
    },
    close: () => core.close(),
  };
}

function readSandboxBaseUrl(text: string): string {
  const url = normalizeBaseUrl(text);
  if (url === undefined) {
    throw new TypeError(
      `createFetchSandbox: options.baseUrl must be an absolute http(s) URL without user, password, query or fragment, such as ${DEFAULT_FETCH_SANDBOX_BASE_URL}.`,
    );
  }
  return url;
}
