// The `checkout-sandbox` bin as installed from the package tarball (test/support/built-bins.ts), so ajv, ajv-formats
// and decimal.js must be inlined. Each run is a real process on a free loopback port, stopped by remove().

import { createInstalledPackage } from '../../support/built-bins.js';
import { CREATE_PATH } from '../../support/create-path.js';
import { freePort } from '../../support/ports.js';
import { type RunningProcess, startProcess, waitForOutput } from '../../support/processes.js';
import { namedRequests } from './contract-checks.js';

export interface InstalledSandbox {
  /** Run the bin with `env` added (keys and secret unset unless given), node flags before it and arguments after. */
  run(env: Record<string, string | undefined>, options?: { args?: string[]; nodeArgs?: string[] }): RunningProcess;
  /** Run it on a free port and wait for its banner. */
  start(env: Record<string, string | undefined>, nodeArgs?: string[]): Promise<{ process: RunningProcess; url: string }>;
  /** Stop every process it ran and remove the package folder. */
  remove(): Promise<void>;
}

/** Build the bin into a fresh package folder (once per test file, in beforeAll). */
export function installSandbox(): InstalledSandbox {
  const installed = createInstalledPackage();
  installed.build(['sandbox']);
  const bin = installed.binPath('sandbox');

  const running: RunningProcess[] = [];
  const run: InstalledSandbox['run'] = (env, { args = [], nodeArgs = [] } = {}) => {
    const child = startProcess(process.execPath, [...nodeArgs, bin, ...args], {
      CHECKOUT_API_KEYS: undefined,
      CHECKOUT_CALLBACK_SECRET: undefined,
      // Exact retry delays, so that tests can name them in log lines (the jitter is tested on its own).
      CHECKOUT_CALLBACK_RETRY_JITTER: '0',
      ...env,
    });
    running.push(child);
    return child;
  };
  return {
    run,
    start: async (env, nodeArgs = []) => {
      const port = await freePort();
      const child = run({ PORT: String(port), ...env }, { nodeArgs });
      await waitForOutput(child, /listening on (http:\/\/\S+)/);
      return { process: child, url: `http://127.0.0.1:${port}` };
    },
    remove: async () => {
      await Promise.all(running.map((child) => child.stop()));
      installed.remove();
    },
  };
}

/** POST the usdtOnTron sample to a running bin, with `callbackUrl` instead of the sample's if given. */
export function createCheckoutAt(baseUrl: string, key: string, callbackUrl?: string): Promise<Response> {
  return fetch(`${baseUrl}${CREATE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Api-Key ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...namedRequests.usdtOnTron, callback_url: callbackUrl ?? namedRequests.usdtOnTron.callback_url }),
  });
}

/** Call a sandbox helper of a running bin, such as `POST /sandbox/v1/checkouts/{id}/complete`. */
export function callHelperAt(baseUrl: string, method: 'GET' | 'POST', path: string, key: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Api-Key ${key}` } });
}
