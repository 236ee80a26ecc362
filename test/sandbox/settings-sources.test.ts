// Each setting is read through its one row of the settings table, from either source: the bin's environment variable
// and the testing kit's option take the same values, refuse the same values, and say so in the same words, each
// naming its own source.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/run-command.js';
import { readSandboxConfig, readSandboxOptions, type SandboxConfig } from '../../src/sandbox/config/read-sandbox-config.js';
import { SANDBOX_SETTINGS } from '../../src/sandbox/config/sandbox-settings.js';
import { createFetchSandbox, startSandbox } from '../../src/testing/index.js';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

function variableOf(option: string): string {
  const setting = SANDBOX_SETTINGS.find((row) => row.option === option);
  if (!setting) throw new Error(`no setting has the option ${option}`);
  return setting.name;
}

function messageOf(run: () => unknown): { type: string; message: string } {
  try {
    run();
  } catch (error) {
    return { type: (error as Error).constructor.name, message: (error as Error).message };
  }
  throw new Error('expected a throw');
}

// [option, variable's text, option's value, what follows the name in the message]
const REFUSED: [string, string, unknown, string][] = [
  ['port', '65536', 65_536, 'must be a whole number from 0 to 65535 (0 picks a free port), got "65536".'],
  ['port', '1.5', 1.5, 'must be a whole number from 0 to 65535 (0 picks a free port), got "1.5".'],
  [
    'callbackSecret',
    'whsec_c2hvcnQ=',
    'whsec_c2hvcnQ=',
    'must be a Standard Webhooks secret: "whsec_" followed by the base64 of 24 to 64 random bytes, as the service issues (unset it to have one generated).',
  ],
  // One byte short of the service's 24 and one over its 64 (D6): refused as the sandbox stands in for the service.
  ...[23, 65].map((bytes): [string, string, unknown, string] => {
    const secret = `whsec_${Buffer.alloc(bytes, 7).toString('base64')}`;
    return [
      'callbackSecret',
      secret,
      secret,
      'must be a Standard Webhooks secret: "whsec_" followed by the base64 of 24 to 64 random bytes, as the service issues (unset it to have one generated).',
    ];
  }),
  [
    'checkoutPageUrl',
    'ftp://pay.example.test',
    'ftp://pay.example.test',
    'must be an absolute http(s) URL without user, password, query or fragment, such as https://pay.example.test; it is "ftp://pay.example.test".',
  ],
  ['sessionLifetimeMs', '0', 0, 'must be a whole number from 1 to 31622400000; it is "0".'],
  ['sessionLifetimeMs', '31622400001', 31_622_400_001, 'must be a whole number from 1 to 31622400000; it is "31622400001".'],
  ['initialUpdateDelayMs', '60001', 60_001, 'must be a whole number from 0 to 60000; it is "60001".'],
  ['offerAllMethods', 'yes', 'yes', 'must be true or false; it is "yes".'],
  [
    'testRates',
    'EUR=one',
    { EUR: 'one' },
    'must be comma-separated CODE=USD_VALUE entries with positive decimal values, such as EUR=1.08,BTC=60000; "EUR=one" is not.',
  ],
  [
    'testRates',
    'EUR=0',
    { EUR: '0' },
    'must be comma-separated CODE=USD_VALUE entries with positive decimal values, such as EUR=1.08,BTC=60000; "EUR=0" is not.',
  ],
  [
    'rateLimit',
    '0/60000',
    { requests: 0, windowMs: 60_000 },
    'must be <requests>/<window in ms>, such as 100/60000, or unset for no limit; it is "0/60000".',
  ],
  [
    'rateLimit',
    '1/10000000000',
    { requests: 1, windowMs: 10_000_000_000 },
    'must be <requests>/<window in ms>, such as 100/60000, or unset for no limit; it is "1/10000000000".',
  ],
  ['maxSessions', '0', 0, 'must be a whole number from 1 to 10000000; it is "0".'],
  ['maxSessions', '1.5', 1.5, 'must be a whole number from 1 to 10000000; it is "1.5".'],
  ['callbackRetryDelaysMs', '10,-1', [10, -1], 'must be comma-separated whole milliseconds, such as 50,100,200; it is "10,-1".'],
  [
    'callbackRetryDelaysMs',
    '10,1000000000',
    [10, 1_000_000_000],
    'must be comma-separated whole milliseconds, such as 50,100,200; it is "10,1000000000".',
  ],
  ['callbackRetryJitter', '2', 2, 'must be a decimal from 0 to 1, such as 0.1; it is "2".'],
  ['callbackRetryJitter', '0.1234567', 0.123_456_7, 'must be a decimal from 0 to 1, such as 0.1; it is "0.1234567".'],
  ['callbackTimeoutMs', '0', 0, 'must be a whole number from 1 to 600000; it is "0".'],
  ['callbackTimeoutMs', '600001', 600_001, 'must be a whole number from 1 to 600000; it is "600001".'],
];

// [option, variable's text, option's value, the config field both give]
const TAKEN: [string, string, unknown, unknown][] = [
  ['port', '65535', 65_535, 65_535],
  ['apiKey', ' key-1 ', ' key-1 ', ['key-1']],
  ['callbackSecret', SECRET.slice('whsec_'.length), SECRET.slice('whsec_'.length), SECRET],
  ['checkoutPageUrl', 'https://pay.example.test/', 'https://pay.example.test/', 'https://pay.example.test'],
  ['sessionLifetimeMs', '31622400000', 31_622_400_000, 31_622_400_000],
  ['initialUpdateDelayMs', '0', 0, 0],
  ['offerAllMethods', 'TRUE', true, true],
  ['offerAllMethods', 'false', false, false],
  ['testRates', 'EUR=1.1, btc=65000', { EUR: '1.1', btc: '65000' }, { eur: '1.1', btc: '65000' }],
  ['rateLimit', '100/60000', { requests: 100, windowMs: 60_000 }, { requests: 100, windowMs: 60_000 }],
  ['maxSessions', '10000000', 10_000_000, 10_000_000],
  ['callbackRetryDelaysMs', '0,50,999999999', [0, 50, 999_999_999], [0, 50, 999_999_999]],
  ['callbackRetryJitter', '0.123456', 0.123_456, 0.123_456],
  ['callbackTimeoutMs', '1', 1, 1],
  ['merchantName', ' Shop ', ' Shop ', 'Shop'],
];

function keyOf(option: string): keyof SandboxConfig {
  return SANDBOX_SETTINGS.find((row) => row.option === option)?.key as keyof SandboxConfig;
}

describe('a setting from the environment and from an option', () => {
  it.each(REFUSED)('refuses %s the same way: %j and %j', (option, text, value, tail) => {
    const variable = variableOf(option);
    expect(messageOf(() => readSandboxConfig({ [variable]: text }))).toEqual({ type: UsageError.name, message: `${variable} ${tail}` });
    expect(messageOf(() => readSandboxOptions({ [option]: value }, 'createFetchSandbox'))).toEqual({
      type: 'TypeError',
      message: `createFetchSandbox: options.${option} ${tail}`,
    });
  });

  it.each(TAKEN)('takes %s the same way: %j and %j', (option, text, value, expected) => {
    const key = keyOf(option);
    expect(readSandboxConfig({ [variableOf(option)]: text })[key]).toEqual(expected);
    expect(readSandboxOptions({ [option]: value }, 'createFetchSandbox')[key]).toEqual(expected);
  });

  it('gives every setting its table default when neither is set, generating a fresh key and secret', () => {
    const [fromEnv, fromOptions] = [readSandboxConfig({}), readSandboxOptions({}, 'createFetchSandbox')];
    for (const setting of SANDBOX_SETTINGS) {
      if (setting.key === 'apiKeys' || setting.key === 'callbackSecret') continue;
      expect([setting.name, fromEnv[setting.key]]).toEqual([setting.name, setting.initial()]);
      expect([setting.name, fromOptions[setting.key]]).toEqual([setting.name, setting.initial()]);
    }
    expect([fromEnv.apiKeysGenerated, fromEnv.callbackSecretGenerated]).toEqual([true, true]);
    expect([fromOptions.apiKeysGenerated, fromOptions.callbackSecretGenerated]).toEqual([true, true]);
    expect(fromOptions.apiKeys[0]).not.toBe(fromEnv.apiKeys[0]);
    expect(fromOptions.callbackSecret).not.toBe(fromEnv.callbackSecret);
  });
});

describe('where the two sources differ on purpose', () => {
  it('the variable lists keys and names a bad one by position; the option is one key, never echoed', () => {
    expect(messageOf(() => readSandboxConfig({ CHECKOUT_API_KEYS: 'ok,a b' })).message).toBe(
      'CHECKOUT_API_KEYS entry 2 of 2 is empty, longer than 256 characters or holds a space or non-ASCII character; ' +
        'list the keys separated by commas, each 1 to 256 visible ASCII characters.',
    );
    expect(messageOf(() => createFetchSandbox({ apiKey: 'a b' })).message).toBe(
      'createFetchSandbox: options.apiKey is longer than 256 characters or holds a space or non-ASCII character; a key is 1 to 256 visible ASCII characters.',
    );
    expect(messageOf(() => createFetchSandbox({ apiKey: 'a,b' })).message).toBe(
      'createFetchSandbox: options.apiKey is one key and cannot hold a comma.',
    );
    expect(messageOf(() => createFetchSandbox({ apiKey: 'x'.repeat(257) })).message).toBe(
      'createFetchSandbox: options.apiKey is longer than 256 characters or holds a space or non-ASCII character; a key is 1 to 256 visible ASCII characters.',
    );
    expect(createFetchSandbox({ apiKey: 'x'.repeat(256) }).apiKey).toBe('x'.repeat(256));
  });

  it('a blank variable is unset, while a blank option is refused; an empty delay list means no retries', () => {
    expect(readSandboxConfig({ CHECKOUT_MERCHANT_NAME: '  ', CHECKOUT_CALLBACK_RETRY_DELAYS_MS: ' ' })).toMatchObject({
      merchantName: 'Sandbox merchant',
      callbackRetryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000],
    });
    for (const option of ['apiKey', 'callbackSecret', 'checkoutPageUrl', 'merchantName']) {
      expect(messageOf(() => readSandboxOptions({ [option]: ' ' }, 'startSandbox')).message).toBe(
        `startSandbox: options.${option} is empty; leave it out for the default.`,
      );
    }
    expect(readSandboxOptions({ callbackRetryDelaysMs: [] }, 'createFetchSandbox').callbackRetryDelaysMs).toEqual([]);
  });

  it('an option of the wrong type is refused by name, never read through its text', () => {
    expect(messageOf(() => readSandboxOptions({ maxSessions: '5' }, 'createFetchSandbox')).message).toBe(
      'createFetchSandbox: options.maxSessions must be a whole number from 1 to 10000000; it is "5".',
    );
    expect(messageOf(() => readSandboxOptions({ offerAllMethods: 1 }, 'createFetchSandbox')).message).toBe(
      'createFetchSandbox: options.offerAllMethods must be true or false; it is "1".',
    );
    expect(messageOf(() => readSandboxOptions({ merchantName: 5 }, 'createFetchSandbox')).message).toBe(
      'createFetchSandbox: options.merchantName must be a string; it is a number.',
    );
  });

  it('startSandbox reads options.port through the PORT row, with a free port as its own default', async () => {
    await expect(startSandbox({ port: 65_536 })).rejects.toEqual(
      new TypeError('startSandbox: options.port must be a whole number from 0 to 65535 (0 picks a free port), got "65536".'),
    );
    const sandbox = await startSandbox();
    try {
      expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/);
    } finally {
      await sandbox.close();
    }
  });
});
