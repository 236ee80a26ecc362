// argv + environment → configuration, tested without a process.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/run-command.js';
import { DEFAULT_LOG_LEVEL, type MockConfig, parseMockArgs, USAGE } from '../../src/mock/mock-config.js';

function configOf(argv: string[], env: Record<string, string | undefined> = {}): MockConfig {
  const parsed = parseMockArgs(argv, env);
  if (parsed.kind !== 'run') throw new Error(`expected a run, got ${parsed.kind}`);
  return parsed.config;
}

describe('parseMockArgs', () => {
  it('defaults to the mock on 127.0.0.1:4010 with examples, a bundle check and a quiet Prism', () => {
    expect(parseMockArgs([], {})).toEqual({
      kind: 'run',
      config: {
        command: 'mock',
        host: '127.0.0.1',
        port: 4010,
        dynamic: false,
        build: true,
        logLevel: DEFAULT_LOG_LEVEL.mock,
        upstream: undefined,
        upstreamTimeoutMs: 30_000,
      },
    });
  });

  it('reads HOST and PORT from the environment; PORT=0 asks for a free port', () => {
    expect(configOf([], { HOST: '0.0.0.0', PORT: '8080' })).toMatchObject({ host: '0.0.0.0', port: 8080 });
    expect(configOf([], { PORT: '0' }).port).toBe(0);
  });

  it.each(['-1', '65536', 'abc', '40.1', '4010x'])('rejects PORT=%s with the accepted range', (port) => {
    expect(() => parseMockArgs([], { PORT: port })).toThrow(
      `PORT must be a whole number from 0 to 65535 (0 picks a free port), got "${port}".`,
    );
  });

  it('turns on schema-generated answers with --dynamic', () => {
    expect(configOf(['--dynamic']).dynamic).toBe(true);
  });

  it('takes the log level from --log-level, --log-level=, or MOCK_LOG_LEVEL, the flag winning', () => {
    expect(configOf(['--log-level', 'info']).logLevel).toBe('info');
    expect(configOf(['--log-level=warn']).logLevel).toBe('warn');
    expect(configOf([], { MOCK_LOG_LEVEL: 'error' }).logLevel).toBe('error');
    expect(configOf(['--log-level', 'silent'], { MOCK_LOG_LEVEL: 'info' }).logLevel).toBe('silent');
  });

  it.each(['debug', 'trace'])('refuses log level %s, at which Prism prints the Authorization header', (level) => {
    expect(() => parseMockArgs(['--log-level', level], {})).toThrow(/API key/);
    expect(() => parseMockArgs([], { MOCK_LOG_LEVEL: level })).toThrow(UsageError);
  });

  it('rejects an unknown level, a missing level and an unknown option with a UsageError', () => {
    expect(() => parseMockArgs(['--log-level', 'loud'], {})).toThrow(/must be one of info, warn, error, fatal, silent/);
    expect(() => parseMockArgs(['--log-level'], {})).toThrow(/needs a value/);
    expect(() => parseMockArgs(['--port', '1'], {})).toThrow(UsageError);
  });

  it('points a URL given to the mock at the proxy command', () => {
    expect(() => parseMockArgs(['http://127.0.0.1:8080'], {})).toThrow(/npm run proxy -- http:\/\/127\.0\.0\.1:8080/);
  });

  it('configures the proxy with its upstream, without a trailing slash, and a louder default log level', () => {
    expect(configOf(['proxy', 'http://127.0.0.1:8080/'])).toMatchObject({
      command: 'proxy',
      upstream: 'http://127.0.0.1:8080',
      logLevel: DEFAULT_LOG_LEVEL.proxy,
      port: 4010,
    });
    expect(configOf(['proxy', 'https://staging.example.com/base']).upstream).toBe('https://staging.example.com/base');
  });

  it.each([
    [[], /exactly one upstream URL/],
    [['a', 'b'], /exactly one upstream URL/],
    [['localhost:8080'], /http or https/],
    [['not a url'], /absolute http\(s\) URL/],
    [['ftp://example.com'], /http or https/],
    [['http://user:secret@example.com'], /must not carry credentials/],
    [['http://example.com/?q=1'], /without query/],
  ])('rejects proxy arguments %j', (args, message) => {
    expect(() => parseMockArgs(['proxy', ...args], {})).toThrow(message);
  });

  it('rejects --dynamic for the proxy, and does not echo credentials it refuses', () => {
    expect(() => parseMockArgs(['proxy', '--dynamic', 'http://127.0.0.1:1'], {})).toThrow(/mock only/);
    let message = '';
    try {
      parseMockArgs(['proxy', 'http://user:canary-secret@example.com'], {});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain('canary-secret');
  });

  it('answers --help before reading the environment, which may be unusable', () => {
    expect(parseMockArgs(['--help'], { PORT: 'eighty', MOCK_LOG_LEVEL: 'debug' })).toEqual({ kind: 'help' });
  });

  it('takes the upstream timeout in seconds from --upstream-timeout, 30 by default, fractions allowed', () => {
    expect(configOf(['proxy', 'http://127.0.0.1:8080']).upstreamTimeoutMs).toBe(30_000);
    expect(configOf(['proxy', 'http://127.0.0.1:8080', '--upstream-timeout', '5']).upstreamTimeoutMs).toBe(5_000);
    expect(configOf(['proxy', '--upstream-timeout=0.25', 'http://127.0.0.1:8080']).upstreamTimeoutMs).toBe(250);
  });

  it.each(['0', '-1', 'abc', '1e3', '3601', ''])('refuses --upstream-timeout %j, naming the flag and the range', (value) => {
    expect(() => parseMockArgs(['proxy', 'http://127.0.0.1:8080', `--upstream-timeout=${value}`], {})).toThrow(
      `--upstream-timeout must be a number of seconds above 0 and at most 3600, got "${value}".`,
    );
  });

  it('refuses --upstream-timeout for the mock, which calls no upstream', () => {
    expect(() => parseMockArgs(['--upstream-timeout', '5'], {})).toThrow(
      '--upstream-timeout applies to the proxy only; the mock calls no upstream.',
    );
  });

  it('reads its flags before or after the proxy command', () => {
    expect(configOf(['--no-build', 'proxy', 'http://127.0.0.1:8080', '--log-level=error'])).toMatchObject({
      command: 'proxy',
      build: false,
      logLevel: 'error',
      upstream: 'http://127.0.0.1:8080',
    });
  });

  it('names an unknown option and shows the usage', () => {
    expect(() => parseMockArgs(['--port', '1'], {})).toThrow(`Unknown option '--port'.\n\n${USAGE}`);
  });

  it('returns help without validating the rest', () => {
    expect(parseMockArgs(['proxy', '--help'], {})).toEqual({ kind: 'help' });
    expect(parseMockArgs(['-h', 'http://127.0.0.1:8080'], {})).toEqual({ kind: 'help' });
  });
});
