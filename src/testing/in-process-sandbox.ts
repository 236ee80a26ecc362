// startSandbox: the sandbox server, started inside the test runner's process on a free loopback port, for a global
// set-up or for code that must talk HTTP (another language's client, a browser). The same server as the
// `checkout-sandbox` bin, with its helpers as functions instead of HTTP calls.
import { loadContractValue } from '../contract/contract-value.js';
import { readSandboxOptions } from '../sandbox/config/read-sandbox-config.js';
import type { UndeliveredCallback } from '../sandbox/sandbox-api.js';
import { startSandboxServer } from '../sandbox/start-sandbox.js';
import { type CheckoutControls, createCheckoutControls } from './checkout-controls.js';
import { readClock, sendToFunction, type TestingPolicies } from './testing-options.js';

export interface SandboxStartOptions extends TestingPolicies {
  /** The loopback port to listen on (default 0: a free one). */
  port?: number;
}

export interface TestSandbox extends CheckoutControls {
  /** `http://127.0.0.1:<port>`, to give your client. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly callbackSecret: string;
  /** Stop listening; callback attempts in flight get up to callbackTimeoutMs, at most 5 s; resolves with the events left
   *  undelivered. */
  close(): Promise<UndeliveredCallback[]>;
}

export async function startSandbox(options: SandboxStartOptions = {}): Promise<TestSandbox> {
  // PORT's row, with the kit's own default: a free port.
  const config = readSandboxOptions({ ...options, port: options.port ?? 0 }, 'startSandbox');
  const clock = readClock(options.now, 'startSandbox');
  const running = await startSandboxServer({
    config,
    contract: loadContractValue(),
    log: options.log ?? (() => {}),
    clock,
    sendCallback: options.onCallback && sendToFunction(options.onCallback),
  });
  return {
    baseUrl: running.url,
    apiKey: config.apiKeys[0] as string,
    callbackSecret: config.callbackSecret,
    ...createCheckoutControls(running, () => clock?.runDue()),
    close: () => running.close(),
  };
}
