// The sandbox (issue 6) as a real process: its bundled bin on a free loopback port, with a canary key and a
// known callback signing secret, under its default policies or under others the contract equally allows. Its bin and
// the kit's are built into one folder laid out as the installed package (test/support/built-bins.ts).

import { createInstalledPackage } from '../../support/built-bins.js';
import { CANARY_KEY, OTHER_CANARY_KEY } from '../../support/canary.js';
import { freePort } from '../../support/ports.js';
import { type RunningProcess, startProcess, waitForHttp } from '../../support/processes.js';

const installed = createInstalledPackage();
export const conformanceBin = installed.binPath('conformance');

/** Build the kit's and the sandbox's bins (once per test file). */
export const buildPackageBins = () => installed.build(['conformance', 'sandbox']);
export const removePackage = () => installed.remove();

export const CALLBACK_SECRET = `whsec_${Buffer.from('conformance-self-test-secret-32b').toString('base64')}`;

/**
 * Two conformant implementations (issue 11, item 3): the sandbox's defaults, and every choice the contract leaves to
 * the account made otherwise (docs/decisions.md, "What the sandbox chooses"): a 7-day lifetime (D21), updatedAt a
 * second after createdAt (D22), card and other coins next to a chosen crypto pair (D20), other test rates (D13).
 */
export const SANDBOX_POLICIES = {
  defaults: {},
  'other policies': {
    CHECKOUT_SESSION_LIFETIME_MS: '604800000',
    CHECKOUT_INITIAL_UPDATE_DELAY_MS: '1000',
    CHECKOUT_OFFER_ALL_METHODS: 'true',
    CHECKOUT_TEST_RATES: 'EUR=1.1,USD=1,BTC=65000',
  },
} as const satisfies Record<string, Record<string, string>>;

export type SandboxPolicy = keyof typeof SANDBOX_POLICIES;

/** A callback retry schedule far shorter than the contract's (which a service may choose, D7): tests that make the
 *  kit wait for retries then wait milliseconds, not the contract's 5 s. The kit is told with --retry-wait. */
export const FAST_CALLBACK_RETRIES = { CHECKOUT_CALLBACK_RETRY_DELAYS_MS: '100,200,400', CHECKOUT_CALLBACK_RETRY_JITTER: '0.1' };
export const FAST_RETRY_WAIT = '1500ms';
/** The same schedule as the kit is told it (--retry-schedule), so that callback-retry-schedule runs. */
export const FAST_RETRY_SCHEDULE = FAST_CALLBACK_RETRIES.CHECKOUT_CALLBACK_RETRY_DELAYS_MS;

export interface SandboxProcess {
  baseUrl: string;
  process: RunningProcess;
  stop(): Promise<void>;
}

/** `settings` adds or overrides sandbox variables on top of the policy (a rate limit, another lifetime). */
export async function startSandboxProcess(
  policy: SandboxPolicy = 'defaults',
  settings: Record<string, string> = {},
): Promise<SandboxProcess> {
  installed.build(['sandbox']);
  const port = await freePort();
  const running = startProcess(process.execPath, [installed.binPath('sandbox')], {
    HOST: '127.0.0.1',
    PORT: String(port),
    // Two keys, so that the kit's per-key checks can run (CHECKOUT_API_KEY_2).
    CHECKOUT_API_KEYS: `${CANARY_KEY},${OTHER_CANARY_KEY}`,
    CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET,
    ...SANDBOX_POLICIES[policy],
    ...settings,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(baseUrl, running);
  return {
    baseUrl,
    process: running,
    stop: async () => {
      await running.stop();
    },
  };
}
