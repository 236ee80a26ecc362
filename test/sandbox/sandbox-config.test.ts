import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/run-command.js';
import { loadContractValue } from '../../src/contract/contract-value.js';
import { readSandboxConfig } from '../../src/sandbox/config/read-sandbox-config.js';
import { SANDBOX_SETTINGS } from '../../src/sandbox/config/sandbox-settings.js';
import { formatBanner, parseSandboxArgs } from '../../src/sandbox/sandbox-command.js';
import { CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';

const create = loadContractValue().operation('createCheckout');

describe('readSandboxConfig', () => {
  it('uses the defaults the settings table documents', () => {
    const config = readSandboxConfig({});
    const fallback = (name: string) => SANDBOX_SETTINGS.find((setting) => setting.name === name)!.fallback;
    expect(config.host).toBe(fallback('HOST'));
    expect(String(config.port)).toBe(fallback('PORT'));
    expect(String(config.sessionLifetimeMs)).toBe(fallback('CHECKOUT_SESSION_LIFETIME_MS'));
    expect(String(config.maxSessions)).toBe(fallback('CHECKOUT_MAX_SESSIONS'));
    expect(String(config.retentionMs)).toBe(fallback('CHECKOUT_RETENTION_MS'));
    expect(String(config.sweepIntervalMs)).toBe(fallback('CHECKOUT_SWEEP_INTERVAL_MS'));
    expect(config.callbackRetryDelaysMs.join(',')).toBe(fallback('CHECKOUT_CALLBACK_RETRY_DELAYS_MS'));
    expect(String(config.callbackTimeoutMs)).toBe(fallback('CHECKOUT_CALLBACK_TIMEOUT_MS'));
    expect(config.merchantName).toBe(fallback('CHECKOUT_MERCHANT_NAME'));
    expect(config.checkoutPageUrl).toBeNull();
  });

  it("keeps the contract's retry schedule by default: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h with 10 % jitter (D7)", () => {
    const config = readSandboxConfig({});
    expect(config.callbackRetryDelaysMs.map((ms) => ms / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(config.callbackRetryJitter).toBe(0.1);
    expect(readSandboxConfig({ CHECKOUT_CALLBACK_RETRY_JITTER: '0' }).callbackRetryJitter).toBe(0);
    expect(() => readSandboxConfig({ CHECKOUT_CALLBACK_RETRY_JITTER: '2' })).toThrow(
      /CHECKOUT_CALLBACK_RETRY_JITTER must be a decimal from 0 to 1/,
    );
  });

  it('reads the account choices the contract leaves open, and refuses malformed ones by name', () => {
    const config = readSandboxConfig({
      CHECKOUT_INITIAL_UPDATE_DELAY_MS: '1000',
      CHECKOUT_OFFER_ALL_METHODS: 'true',
      CHECKOUT_TEST_RATES: 'EUR=1.1, btc=65000',
    });
    expect([config.initialUpdateDelayMs, config.offerAllMethods, config.testRates]).toEqual([1000, true, { eur: '1.1', btc: '65000' }]);
    expect(readSandboxConfig({}).offerAllMethods).toBe(false);
    expect(() => readSandboxConfig({ CHECKOUT_OFFER_ALL_METHODS: 'yes' })).toThrow(/CHECKOUT_OFFER_ALL_METHODS must be true or false/);
    expect(() => readSandboxConfig({ CHECKOUT_TEST_RATES: 'EUR:1.1' })).toThrow(/CHECKOUT_TEST_RATES must be comma-separated/);
  });

  it('generates a distinct sandbox key and whsec_ secret per start when none is set', () => {
    const [first, second] = [readSandboxConfig({}), readSandboxConfig({})];
    expect(first.apiKeysGenerated && first.callbackSecretGenerated).toBe(true);
    expect(first.apiKeys[0]).toMatch(/^sk_sandbox_[A-Za-z0-9_-]{32}$/);
    expect(first.callbackSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(second.apiKeys[0]).not.toBe(first.apiKeys[0]);
    expect(second.callbackSecret).not.toBe(first.callbackSecret);
  });

  it('reads comma-separated keys, trimmed and de-duplicated; the banner shows only generated secrets', () => {
    const config = readSandboxConfig({ CHECKOUT_API_KEYS: ` ${CANARY_KEY} ,other-key,${CANARY_KEY}` });
    expect(config.apiKeys).toEqual([CANARY_KEY, 'other-key']);
    expect(config.apiKeysGenerated).toBe(false);
    const banner = formatBanner('http://127.0.0.1:4011', config, create);
    expect(banner).not.toContain(CANARY_KEY);
    // The create call from the contract, the helpers from their table (src/contract/sandbox-helper-routes.ts).
    expect(banner.split('\n').slice(1, 3)).toEqual([
      '  Create a checkout:  POST http://127.0.0.1:4011/api/v1/checkouts/',
      '  Sandbox helpers:    http://127.0.0.1:4011/sandbox/v1/checkouts/{id}[/complete|/expire|/deliveries]',
    ]);
    expect(banner).toContain(config.callbackSecret);
    const withSecret = readSandboxConfig({
      CHECKOUT_API_KEYS: CANARY_KEY,
      CHECKOUT_CALLBACK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
    });
    expect(formatBanner('http://127.0.0.1:4011', withSecret, create)).not.toContain(withSecret.callbackSecret.slice(6));
  });

  it.each([
    [{ PORT: '65536' }, 'PORT'],
    [{ CHECKOUT_SESSION_LIFETIME_MS: '0' }, 'CHECKOUT_SESSION_LIFETIME_MS'],
    [{ CHECKOUT_MAX_SESSIONS: '-1' }, 'CHECKOUT_MAX_SESSIONS'],
    [{ CHECKOUT_PAGE_URL: 'https://pay.example.test/?x=1' }, 'CHECKOUT_PAGE_URL'],
    [{ CHECKOUT_PAGE_URL: 'ftp://pay.example.test' }, 'CHECKOUT_PAGE_URL'],
    [{ CHECKOUT_PAGE_URL: 'https://user:pass@pay.example.test' }, 'CHECKOUT_PAGE_URL'],
    [{ CHECKOUT_CALLBACK_SECRET: 'whsec_c2hvcnQ=' }, 'CHECKOUT_CALLBACK_SECRET'],
    [{ CHECKOUT_API_KEYS: 'ok,,also-ok' }, 'CHECKOUT_API_KEYS'],
  ])('rejects %j naming %s', (env, name) => {
    expect(() => readSandboxConfig(env)).toThrow(UsageError);
    expect(() => readSandboxConfig(env)).toThrow(name);
  });

  it('reads HOST and PORT trimmed, as the mock does, and refuses them with the shared usage error (exit 2)', () => {
    expect(readSandboxConfig({ HOST: ' 0.0.0.0 ', PORT: ' 0 ' })).toMatchObject({ host: '0.0.0.0', port: 0 });
    expect(() => readSandboxConfig({ PORT: 'eighty' })).toThrow(
      'PORT must be a whole number from 0 to 65535 (0 picks a free port), got "eighty".',
    );
    expect(() => readSandboxConfig({ HOST: 'local host' })).toThrow('HOST must be a host name or IP address, got "local host".');
  });

  it('names CHECKOUT_PAGE_URL without echoing its userinfo or query', () => {
    const value = `https://merchant:${CANARY_CALLBACK_PASSWORD}@pay.example.test/?token=${CANARY_CALLBACK_TOKEN}`;
    expect(() => readSandboxConfig({ CHECKOUT_PAGE_URL: value })).toThrow(
      'CHECKOUT_PAGE_URL must be an absolute http(s) URL without user, password, query or fragment, such as https://pay.example.test; ' +
        'it is "https://[REDACTED]@pay.example.test/?[REDACTED]".',
    );
  });
});

describe('parseSandboxArgs', () => {
  it('reads the configuration from the environment alone', () => {
    const parsed = parseSandboxArgs([], { PORT: '4999', CHECKOUT_API_KEYS: CANARY_KEY });
    expect(parsed.kind === 'run' && [parsed.config.port, parsed.config.apiKeys]).toEqual([4999, [CANARY_KEY]]);
  });

  it('answers --help and -h before reading the environment, which may be unusable', () => {
    expect(parseSandboxArgs(['--help'], { PORT: 'eighty' })).toEqual({ kind: 'help' });
    expect(parseSandboxArgs(['-h'], {})).toEqual({ kind: 'help' });
  });

  it('refuses any argument with a usage error that points at the environment', () => {
    expect(() => parseSandboxArgs(['--port', '80'], {})).toThrow(
      'checkout-sandbox takes no arguments (got "--port"); it is configured by environment variables. See checkout-sandbox --help.',
    );
    expect(() => parseSandboxArgs(['serve'], {})).toThrow(UsageError);
  });
});
