// The `checkout-sandbox` bin as installed from the package tarball (support/installed-sandbox.ts), run as a real
// process: banner, generated key, exit codes, signals, no key leaks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SETTINGS } from '../../src/sandbox/config/sandbox-settings.js';
import { CANARY_KEY, OTHER_CANARY_KEY } from '../support/canary.js';
import { freePort } from '../support/ports.js';
import { waitForOutput } from '../support/processes.js';
import { validateCheckout } from './support/contract-checks.js';
import { callHelperAt, createCheckoutAt, type InstalledSandbox, installSandbox } from './support/installed-sandbox.js';

let installed: InstalledSandbox;
beforeAll(() => {
  installed = installSandbox();
});
afterAll(async () => {
  await installed.remove();
});

const runBin = (env: Record<string, string | undefined>, args: string[] = []) => installed.run(env, { args });
const startBin = (env: Record<string, string | undefined>) => installed.start(env);

describe('checkout-sandbox, installed from the tarball', () => {
  it('with no CHECKOUT_API_KEYS: prints one generated sandbox key once, which works; SIGTERM stops it with 0', async () => {
    const { process: child, url } = await startBin({});
    const key = /API key \(sandbox only[^)]*\): (sk_sandbox_[A-Za-z0-9_-]{20,})/.exec(child.output())?.[1];
    expect(key).toBeDefined();
    expect(child.output()).toMatch(/Callback signing secret \(generated[^)]*\): whsec_[A-Za-z0-9+/=]+/);

    const response = await createCheckoutAt(url, key!);
    expect(response.status).toBe(201);
    expect(validateCheckout(await response.json())).toBe(true);
    expect((await createCheckoutAt(url, `${key}x`)).status).toBe(401);

    expect(await child.stop()).toBe(0);
    expect(child.output().split(key!).length - 1).toBe(1);
  });

  it('with CHECKOUT_API_KEYS: never prints the keys, even while answering and failing callbacks; SIGINT stops it with 0', async () => {
    const { process: child, url } = await startBin({
      CHECKOUT_API_KEYS: `${CANARY_KEY}, ${OTHER_CANARY_KEY}`,
      CHECKOUT_CALLBACK_RETRY_DELAYS_MS: '10',
    });
    expect(child.output()).toContain('API keys: 2 from CHECKOUT_API_KEYS (not shown)');
    const refusingPort = await freePort();
    const created = await (await createCheckoutAt(url, CANARY_KEY, `http://127.0.0.1:${refusingPort}/hook`)).json();
    expect(created.url).toBe(`${url}/checkouts/${created.id}`);
    expect((await createCheckoutAt(url, OTHER_CANARY_KEY)).status).toBe(201);
    expect((await createCheckoutAt(url, `${CANARY_KEY}-wrong`)).status).toBe(401);
    // Nothing listens at the callback_url: both attempts are refused and logged.
    await callHelperAt(url, 'POST', `/sandbox/v1/checkouts/${created.id}/complete`, CANARY_KEY);
    await waitForOutput(child, /no retries left/, 30_000);

    child.child.kill('SIGINT');
    expect(await child.exited).toBe(0);
    expect(child.output()).not.toContain('canary-key');
  });

  it.each([
    [
      'PORT',
      { PORT: 'eighty' },
      /^checkout-sandbox: PORT must be a whole number from 0 to 65535 \(0 picks a free port\), got "eighty"\.$/m,
    ],
    ['CHECKOUT_PAGE_URL', { CHECKOUT_PAGE_URL: 'pay.example.test' }, /CHECKOUT_PAGE_URL must be an absolute http\(s\) URL/],
    ['CHECKOUT_CALLBACK_SECRET', { CHECKOUT_CALLBACK_SECRET: 'whsec_not base64!' }, /CHECKOUT_CALLBACK_SECRET must be/],
    ['CHECKOUT_CALLBACK_RETRY_DELAYS_MS', { CHECKOUT_CALLBACK_RETRY_DELAYS_MS: '5s,5m' }, /CHECKOUT_CALLBACK_RETRY_DELAYS_MS must be/],
    [
      'CHECKOUT_API_KEYS',
      { CHECKOUT_API_KEYS: `${CANARY_KEY},a key with spaces canary-key-secret-part` },
      /CHECKOUT_API_KEYS entry 2 of 2/,
    ],
  ])('exits 2 naming %s when it is unusable, without echoing a key', async (_name, env, message) => {
    const child = runBin(env);
    expect(await child.exited).toBe(2);
    expect(child.output()).toMatch(message);
    expect(child.output()).not.toContain('canary-key');
  });

  it('exits 1 with a hint when the port is taken', async () => {
    const { url } = await startBin({ CHECKOUT_API_KEYS: CANARY_KEY });
    const child = runBin({ PORT: new URL(url).port, CHECKOUT_API_KEYS: CANARY_KEY });
    expect(await child.exited).toBe(1);
    expect(child.output()).toMatch(/already in use; .*set PORT/);
  });

  it('--help lists every setting and exits 0; an argument exits 2', async () => {
    const help = runBin({}, ['--help']);
    expect(await help.exited).toBe(0);
    for (const setting of SANDBOX_SETTINGS) expect(help.output()).toContain(setting.name);
    const wrong = runBin({}, ['--port', '80']);
    expect(await wrong.exited).toBe(2);
    expect(wrong.output()).toContain('configured by environment variables');
  });
});
