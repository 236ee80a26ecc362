// The one wiring of the three bins, run as a function: parse, --help, errors → exit codes, redaction; and the
// HOST, PORT and log-level readers they share.
import { describe, expect, it } from 'vitest';
import { LOG_LEVELS, readHost, readLogLevel, readPort } from '../../src/cli/read-env.js';
import { type Command, EXIT, HELP, type RunIo, StartError, UsageError } from '../../src/cli/run-command.js';
import { CANARY_KEY } from '../support/canary.js';
import { recordCommand } from '../support/record-command.js';

/** A command whose parse reads `--fail` and `--help`, and whose run does what `run` says. */
function commandOf(run: (config: { argv: string[] }, io: RunIo) => number | Promise<number>): Command<{ argv: string[] }> {
  return {
    name: 'checkout-test',
    parse: (argv) => {
      if (argv.includes('--help')) return HELP;
      if (argv.includes('--fail')) throw new UsageError(`--fail is not an option, in "${argv.join(' ')}".`);
      return { kind: 'run', config: { argv } };
    },
    help: () => 'Usage: checkout-test [--help]',
    run,
    secrets: (env) => [env.KEY],
  };
}

describe('runCommand', () => {
  it('prints the help text on stdout, ending in a newline, and exits 0 without running', async () => {
    const command = commandOf(() => {
      throw new Error('the run must not start');
    });
    expect(await recordCommand(command, ['--help'])).toEqual({ code: EXIT.ok, stdout: 'Usage: checkout-test [--help]\n', stderr: '' });
  });

  it('prints a usage error as the name and the message on stderr, and exits 2', async () => {
    expect(
      await recordCommand(
        commandOf(() => 0),
        ['--fail', 'now'],
      ),
    ).toEqual({
      code: EXIT.usage,
      stdout: '',
      stderr: 'checkout-test: --fail is not an option, in "--fail now".\n',
    });
  });

  it('prints a start error as the name and the message, without a stack, and exits 1', async () => {
    const command = commandOf(async () => {
      throw new StartError('127.0.0.1:4010 is already in use.');
    });
    expect(await recordCommand(command, [])).toEqual({
      code: EXIT.failed,
      stdout: '',
      stderr: 'checkout-test: 127.0.0.1:4010 is already in use.\n',
    });
  });

  it('prints an unexpected error with its stack, which says where, and exits 1', async () => {
    const { code, stderr } = await recordCommand(
      commandOf(() => {
        throw new TypeError('undefined is not a function');
      }),
      [],
    );
    expect(code).toBe(EXIT.failed);
    expect(stderr).toMatch(/^checkout-test: TypeError: undefined is not a function\n\s+at /);
  });

  it("returns the run's own exit code, given at once or later", async () => {
    expect(
      (
        await recordCommand(
          commandOf(() => 7),
          [],
        )
      ).code,
    ).toBe(7);
    expect(
      (
        await recordCommand(
          commandOf(async () => 3),
          [],
        )
      ).code,
    ).toBe(3);
  });

  it('hands the run its configuration, and redacts the secrets in every line and in what the run redacts itself', async () => {
    const command = commandOf(({ argv }, io) => {
      io.stdout(`argv ${argv.join(' ')} with ${CANARY_KEY}\n`);
      io.stderr(`also ${CANARY_KEY}\n`);
      expect(io.redact(`{"key":"${CANARY_KEY}"}`)).toBe('{"key":"[REDACTED]"}');
      return 0;
    });
    expect(await recordCommand(command, ['a', 'b'], { KEY: CANARY_KEY })).toEqual({
      code: 0,
      stdout: 'argv a b with [REDACTED]\n',
      stderr: 'also [REDACTED]\n',
    });
    expect((await recordCommand(command, ['--fail', CANARY_KEY], { KEY: CANARY_KEY })).stderr).toBe(
      'checkout-test: --fail is not an option, in "--fail [REDACTED]".\n',
    );
  });
});

describe('readHost and readPort', () => {
  it('fall back when unset or blank, and trim what is set', () => {
    expect([readHost({}, '127.0.0.1'), readHost({ HOST: '  ' }, '127.0.0.1'), readHost({ HOST: ' ::1 ' }, 'x')]).toEqual([
      '127.0.0.1',
      '127.0.0.1',
      '::1',
    ]);
    expect([readPort({}, 4010), readPort({ PORT: '' }, 4011), readPort({ PORT: ' 0 ' }, 1), readPort({ PORT: '65535' }, 1)]).toEqual([
      4010, 4011, 0, 65535,
    ]);
  });

  it('refuse a HOST with a space inside', () => {
    expect(() => readHost({ HOST: 'my host' }, 'x')).toThrow(new UsageError('HOST must be a host name or IP address, got "my host".'));
  });

  it.each(['-1', '65536', '99999', 'abc', '40.1', '4010x', '123456'])('refuse PORT=%s, naming the range and what 0 does', (port) => {
    expect(() => readPort({ PORT: port }, 4010)).toThrow(
      new UsageError(`PORT must be a whole number from 0 to 65535 (0 picks a free port), got "${port}".`),
    );
  });
});

describe('readLogLevel', () => {
  it('accepts every level that never prints a request header', () => {
    expect(LOG_LEVELS.map((level) => readLogLevel(level, '--log-level'))).toEqual(['info', 'warn', 'error', 'fatal', 'silent']);
  });

  it.each(['debug', 'trace'])('refuses %s, at which the Authorization header would be logged', (level) => {
    expect(() => readLogLevel(level, 'MOCK_LOG_LEVEL')).toThrow(
      `MOCK_LOG_LEVEL "${level}" is refused: Prism prints every request header at that level, the API key included.`,
    );
  });

  it('names the source of a missing or unknown level', () => {
    expect(() => readLogLevel(undefined, '--log-level')).toThrow('--log-level needs a value: one of info, warn, error, fatal, silent.');
    expect(() => readLogLevel('loud', 'MOCK_LOG_LEVEL')).toThrow(
      'MOCK_LOG_LEVEL must be one of info, warn, error, fatal, silent, got "loud".',
    );
  });
});
