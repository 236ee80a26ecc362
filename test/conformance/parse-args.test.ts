import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/run-command.js';
import { parseCommand } from '../../src/conformance/parse-args.js';
import { CANARY_KEY } from '../support/canary.js';

const SECRET = `whsec_${Buffer.from('a-callback-secret-of-32-bytes!!!').toString('base64')}`;
const env = { CHECKOUT_API_KEY: CANARY_KEY };

function configOf(argv: string[], environment: Record<string, string | undefined> = env) {
  const command = parseCommand(argv, environment);
  if (command.kind !== 'run') throw new Error('expected a run');
  return command.config;
}

function errorOf(argv: string[], environment: Record<string, string | undefined> = env): string {
  try {
    parseCommand(argv, environment);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('argv and environment → configuration', () => {
  it('needs only --base-url and the key, with safe defaults; on loopback the callback checks run without being asked', () => {
    expect(configOf(['--base-url', 'http://127.0.0.1:4011'])).toEqual({
      baseUrl: 'http://127.0.0.1:4011',
      apiKey: CANARY_KEY,
      level: 'full',
      timeoutMs: 5000,
      reportPath: undefined,
      junitPath: undefined,
      seed: 20261121,
      generated: 16,
      concurrency: 4,
      callback: {
        publicHost: '127.0.0.1',
        port: 0,
        listenAddress: '127.0.0.1',
        completePath: '/sandbox/v1/checkouts/{id}/complete',
        expirePath: '/sandbox/v1/checkouts/{id}/expire',
        readPath: '/sandbox/v1/checkouts/{id}',
        secret: undefined,
        retryWaitMs: 6500,
      },
    });
  });

  it.each([
    ['http://localhost:4011', '127.0.0.1', '127.0.0.1'],
    ['http://127.0.0.2:4011', '127.0.0.1', '127.0.0.1'],
    ['http://[::1]:4011', '[::1]', '::1'],
  ])('a loopback target %s is called back on %s, the receiver bound to %s', (baseUrl, publicHost, listenAddress) => {
    expect(configOf(['--base-url', baseUrl]).callback).toMatchObject({ publicHost, listenAddress, port: 0 });
  });

  it('names the callback checks as not run where the receiver cannot be reached, or when turned off', () => {
    const remote = configOf(['--base-url', 'https://api.example.test']);
    expect(remote.callback).toBeUndefined();
    expect(remote.callbackNotRun).toBe('give --callback-host');
    const off = configOf(['--base-url', 'http://127.0.0.1:4011', '--callback-host', 'none']);
    expect(off.callback).toBeUndefined();
    expect(off.callbackNotRun).toBe('--callback-host none');
  });

  it("reads --retry-schedule as the service's delays, each a duration", () => {
    const base = ['--base-url', 'http://127.0.0.1:4011'];
    expect(configOf([...base, '--retry-schedule', '100ms,200,1s']).callback?.retryScheduleMs).toEqual([100, 200, 1000]);
    expect(configOf(base).callback?.retryScheduleMs).toBeUndefined();
    expect(() => configOf([...base, '--retry-schedule', '100ms,,1s'])).toThrow(/--retry-schedule "" is not a duration/);
  });

  it('reads --read-path, with none meaning no read-back helper', () => {
    const base = ['--base-url', 'http://127.0.0.1:4011'];
    expect(configOf([...base, '--read-path', '/test/orders/{id}']).callback?.readPath).toBe('/test/orders/{id}');
    expect(configOf([...base, '--read-path', 'none']).callback?.readPath).toBeNull();
    expect(() => configOf([...base, '--read-path', 'orders'])).toThrow(
      /--read-path "orders" must be a path starting with \/ and containing \{id\}/,
    );
  });

  it('reads --expire-path and --retry-wait', () => {
    expect(configOf(['--base-url', 'http://127.0.0.1:4011', '--expire-path', 'none', '--retry-wait', '800ms']).callback).toMatchObject({
      expirePath: null,
      retryWaitMs: 800,
    });
    expect(configOf(['--base-url', 'http://127.0.0.1:4011', '--expire-path', '/test/orders/{id}/expire']).callback?.expirePath).toBe(
      '/test/orders/{id}/expire',
    );
  });

  it('reads every flag', () => {
    const config = configOf([
      '--base-url=https://api.example.test/gateway/',
      '--level',
      'schema',
      '--report',
      'out.json',
      '--junit',
      'out.xml',
      '--timeout',
      '2s',
      '--seed',
      '7',
      '--generated',
      '3',
      '--concurrency',
      '8',
    ]);
    expect(config).toMatchObject({
      baseUrl: 'https://api.example.test/gateway',
      level: 'schema',
      reportPath: 'out.json',
      junitPath: 'out.xml',
      timeoutMs: 2000,
      seed: 7,
      generated: 3,
      concurrency: 8,
    });
  });

  it('accepts a base URL that already names the create path, and strips it', () => {
    expect(configOf(['--base-url', 'http://localhost:4010/api/v1/checkouts/']).baseUrl).toBe('http://localhost:4010');
  });

  it.each([
    ['500', 500],
    ['500ms', 500],
    ['1.5s', 1500],
    ['30s', 30_000],
  ])('reads --timeout %s as %i ms', (value, ms) => {
    expect(configOf(['--base-url', 'http://x.test', '--timeout', value]).timeoutMs).toBe(ms);
  });

  it('--help wins over everything, even a missing key', () => {
    expect(parseCommand(['--help'], {})).toEqual({ kind: 'help' });
  });

  it('enables the callback check with the sandbox helper by default', () => {
    expect(
      configOf(['--base-url', 'http://127.0.0.1:4011', '--callback-host', '127.0.0.1'], { ...env, CHECKOUT_CALLBACK_SECRET: SECRET })
        .callback,
    ).toEqual({
      publicHost: '127.0.0.1',
      port: 0,
      listenAddress: '127.0.0.1',
      completePath: '/sandbox/v1/checkouts/{id}/complete',
      expirePath: '/sandbox/v1/checkouts/{id}/expire',
      readPath: '/sandbox/v1/checkouts/{id}',
      secret: SECRET,
      retryWaitMs: 6500,
    });
  });

  it('listens on all interfaces on the named port for a host that is not loopback; none means no completion call', () => {
    const config = configOf(
      ['--base-url', 'http://gw.test', '--level', 'schema', '--callback-host', 'host.docker.internal:9123', '--complete-path', 'none'],
      env,
    );
    expect(config.callback).toEqual({
      publicHost: 'host.docker.internal:9123',
      port: 9123,
      listenAddress: '0.0.0.0',
      completePath: null,
      expirePath: '/sandbox/v1/checkouts/{id}/expire',
      readPath: '/sandbox/v1/checkouts/{id}',
      secret: undefined,
      retryWaitMs: 6500,
    });
  });
});

describe('what cannot run is refused with a message that says what to do', () => {
  it.each([
    [[], /--base-url is required/],
    [['--base-url', 'not a url'], /not an absolute URL/],
    [['--base-url', 'ftp://x.test'], /must use http or https/],
    [['--base-url', 'http://user:pw@x.test'], /must not carry credentials/],
    [['--base-url', 'http://x.test?a=1'], /query or fragment/],
    [['--base-url', 'http://x.test', '--level', 'strict'], /--level "strict" is unknown; use --level schema .* or --level full/],
    [['--base-url', 'http://x.test', '--timeout', 'soon'], /--timeout "soon" is not a duration/],
    [['--base-url', 'http://x.test', '--timeout', '0'], /not a duration/],
    [['--base-url', 'http://x.test', '--seed', '-1'], /--seed/],
    [['--base-url', 'http://x.test', '--concurrency', '0'], /--concurrency "0" must be a whole number from 1 to 64/],
    [['--base-url', 'http://x.test', '--report', ''], /--report needs a file path/],
    [['--base-url', 'http://x.test', '--verbose'], /Unknown option '--verbose'.*--help/],
    [['--base-url', 'http://x.test', 'extra'], /positional/i],
    [
      ['--base-url', 'http://x.test', '--complete-path', 'none'],
      /--complete-path only applies to the callback checks.*add --callback-host/,
    ],
    [['--base-url', 'http://127.0.0.1:1', '--callback-host', 'none', '--expire-path', 'none'], /--expire-path only applies/],
    [['--base-url', 'http://x.test', '--retry-wait', '1s'], /--retry-wait only applies/],
    [['--base-url', 'http://127.0.0.1:1', '--retry-wait', 'later'], /--retry-wait "later" is not a duration/],
    [
      ['--base-url', 'http://127.0.0.1:1', '--expire-path', '/expire'],
      /--expire-path "\/expire" must be a path .*containing \{id\}.*or none when it has no way/,
    ],
    [['--base-url', 'http://x.test', '--level', 'schema', '--callback-host', 'http://me/'], /without a scheme or path|is not a host/],
    [['--base-url', 'http://x.test', '--level', 'schema', '--callback-host', 'me', '--complete-path', '/complete'], /containing \{id\}/],
  ] as Array<[string[], RegExp]>)('%j', (argv, message) => {
    expect(errorOf(argv)).toMatch(message);
  });

  it('refuses a missing or empty CHECKOUT_API_KEY', () => {
    expect(errorOf(['--base-url', 'http://x.test'], {})).toMatch(/CHECKOUT_API_KEY is not set/);
    expect(errorOf(['--base-url', 'http://x.test'], { CHECKOUT_API_KEY: '  ' })).toMatch(/CHECKOUT_API_KEY is not set/);
  });

  it('refuses a key given as a flag, without repeating the value', () => {
    for (const argv of [['--api-key', CANARY_KEY], [`--key=${CANARY_KEY}`], ['--token', CANARY_KEY]]) {
      const message = errorOf(['--base-url', 'http://x.test', ...argv]);
      expect(message).toMatch(/read only from the environment variable CHECKOUT_API_KEY/);
      expect(message).not.toContain(CANARY_KEY);
    }
  });

  it('without the signing secret, a default (loopback) run names the signature checks as not run instead of refusing', () => {
    expect(configOf(['--base-url', 'http://127.0.0.1:4011']).callback?.secret).toBeUndefined();
  });

  it('needs the signing secret when --callback-host is asked for at level full, and checks its shape', () => {
    expect(errorOf(['--base-url', 'http://x.test', '--callback-host', '127.0.0.1'])).toMatch(/set CHECKOUT_CALLBACK_SECRET/);
    const message = errorOf(['--base-url', 'http://x.test', '--callback-host', '127.0.0.1'], {
      ...env,
      CHECKOUT_CALLBACK_SECRET: 'not-a-secret',
    });
    expect(message).toMatch(/whsec_<base64>/);
    expect(message).not.toContain('not-a-secret');
  });
});
