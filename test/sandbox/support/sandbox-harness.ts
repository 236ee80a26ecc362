// Start an in-process sandbox on a free loopback port with canary keys, capture what it logs, and send requests.

import type { Clock } from '../../../src/clock/clock.js';
import { loadContractValue } from '../../../src/contract/contract-value.js';
import { readSandboxConfig, type SandboxConfig } from '../../../src/sandbox/config/read-sandbox-config.js';
import { readSandboxContext, type SandboxContext } from '../../../src/sandbox/sandbox-context.js';
import { type RunningSandbox, startSandboxServer } from '../../../src/sandbox/start-sandbox.js';
import { CANARY_KEY, OTHER_CANARY_KEY } from '../../support/canary.js';
import { CREATE_PATH } from '../../support/create-path.js';

export const CALLBACK_SECRET = `whsec_${Buffer.from('sandbox-test-callback-secret-32b').toString('base64')}`;

export interface TestSandbox {
  sandbox: RunningSandbox;
  /** The sandbox's private state (stores, dispatcher), for white-box assertions. */
  context: SandboxContext;
  baseUrl: string;
  logs: string[];
  config: SandboxConfig;
  createCheckout(body: unknown, headers?: Record<string, string>): Promise<Response>;
  callHelper(method: 'GET' | 'POST', path: string, key?: string): Promise<Response>;
  close(): Promise<void>;
}

/** `clock` drives everything time-driven (records, expiry, the sweep, callback retries) instead of the real clock. */
export async function startTestSandbox(
  env: Record<string, string> = {},
  overrides: Partial<SandboxConfig> = {},
  { clock }: { clock?: Clock } = {},
): Promise<TestSandbox> {
  const config = {
    ...readSandboxConfig({
      PORT: '0',
      CHECKOUT_API_KEYS: `${CANARY_KEY},${OTHER_CANARY_KEY}`,
      CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET,
      // Exact retry delays, so that tests can name them; the jitter has its own test.
      CHECKOUT_CALLBACK_RETRY_JITTER: '0',
      ...env,
    }),
    ...overrides,
  };
  const logs: string[] = [];
  const sandbox = await startSandboxServer({ config, contract: loadContractValue(), clock, log: (line) => logs.push(line) });
  const baseUrl = sandbox.url;
  return {
    sandbox,
    context: readSandboxContext(sandbox),
    baseUrl,
    logs,
    config,
    createCheckout: (body, headers = {}) =>
      fetch(`${baseUrl}${CREATE_PATH}`, {
        method: 'POST',
        headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    callHelper: (method, path, key = CANARY_KEY) => fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Api-Key ${key}` } }),
    close: async () => {
      await sandbox.close();
    },
  };
}
