// startSandbox: the sandbox server, started inside the test runner's process on a free loopback port, for a global
// set-up or for code that must talk HTTP (another language's client, a browser). The same server as the
// `checkout-sandbox` bin, with its helpers as functions instead of HTTP calls.
import type { UndeliveredCallback } from '../sandbox/callbacks/callback-dispatcher.js';
import { startSandbox as startSandboxServer } from '../sandbox/start-sandbox.js';
import { type CheckoutControls, createCheckoutControls } from './checkout-controls.js';
import { readClock, readTestingPolicies, sendToFunction, type TestingPolicies } from './testing-options.js';

export interface SandboxStartOptions extends TestingPolicies {
  /** The loopback port to listen on (default 0: a free one). */
  port?: number;
}

export interface TestSandbox extends CheckoutControls {
  /** `http://127.0.0.1:<port>`, to give your client. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly callbackSecret: string;
  /** Stop listening; callback attempts in flight get up to 5 s; resolves with the events left undelivered. */
  close(): Promise<UndeliveredCallback[]>;
}

export async function startSandbox(options: SandboxStartOptions = {}): Promise<TestSandbox> {
  const policies = readTestingPolicies(options, 'startSandbox');
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new TypeError(`startSandbox: options.port must be a whole number from 0 to 65535 (0 picks a free port), got ${port}.`);
  }
  const running = await startSandboxServer({
    config: {
      ...policies,
      host: '127.0.0.1',
      port,
      apiKeysGenerated: options.apiKey === undefined,
      callbackSecretGenerated: options.callbackSecret === undefined,
      sweepIntervalMs: 60_000,
    },
    log: options.log ?? (() => {}),
    clock: readClock(options.now, 'startSandbox'),
    sendCallback: options.onCallback && sendToFunction(options.onCallback),
  });
  return {
    baseUrl: running.url,
    apiKey: policies.apiKeys[0] as string,
    callbackSecret: policies.callbackSecret,
    ...createCheckoutControls(running.context),
    close: () => running.close(),
  };
}
