// The sandbox (issue 6) as a real process: its bundled bin on a free loopback port, with a canary key and a
// known callback signing secret.
import { buildPackageBins, sandboxBin } from './built-package.js';
import { freePort, startProcess, waitForHttp, type RunningProcess } from '../../support/child-process.js';

/** The kit must never print this key, nor write it into a report. */
export const CANARY_KEY = 'canary-key-9f1c2d7e5b3a';
export const CALLBACK_SECRET = `whsec_${Buffer.from('conformance-self-test-secret-32b').toString('base64')}`;

export interface SandboxProcess {
  baseUrl: string;
  process: RunningProcess;
  stop(): Promise<void>;
}

export async function startSandboxProcess(): Promise<SandboxProcess> {
  buildPackageBins();
  const port = await freePort();
  const running = startProcess(process.execPath, [sandboxBin], {
    HOST: '127.0.0.1',
    PORT: String(port),
    CHECKOUT_API_KEYS: CANARY_KEY,
    CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(baseUrl, running);
  return { baseUrl, process: running, stop: async () => { await running.stop(); } };
}
