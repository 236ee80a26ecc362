// The one command-line reader of the bins: parseArgs, strict, with -h/--help, and what it refuses as a UsageError in
// one wording on every Node, with the bin's own words around it.
import { describe, expect, it } from 'vitest';
import { readArgv } from '../../src/cli/read-argv.js';
import { UsageError } from '../../src/cli/run-command.js';
import { CANARY_KEY } from '../support/canary.js';

const OPTIONS = { level: { type: 'string' }, dynamic: { type: 'boolean', short: 'd' } } as const;

function refusalOf(argv: string[], positionals = false, explain?: (reason: string, argument: string) => string): UsageError {
  try {
    readArgv(argv, { options: OPTIONS, positionals, explain });
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(argv)} was accepted`);
}

describe('readArgv', () => {
  it("reads the bin's flags, and positionals when the bin takes them", () => {
    expect(readArgv(['--level', 'full', '-d', 'proxy', 'http://127.0.0.1:1'], { options: OPTIONS, positionals: true })).toEqual({
      values: { level: 'full', dynamic: true },
      positionals: ['proxy', 'http://127.0.0.1:1'],
    });
    expect(readArgv(['--level=schema'], { options: OPTIONS })).toEqual({ values: { level: 'schema' }, positionals: [] });
  });

  it('adds -h and --help to every bin', () => {
    expect(readArgv(['--help'], { options: {} }).values).toEqual({ help: true });
    expect(readArgv(['-h'], { options: OPTIONS }).values).toEqual({ help: true });
  });

  it.each([
    [['--verbose'], "Unknown option '--verbose'. Run with --help to see the flags."],
    [['-x'], "Unknown option '-x'. Run with --help to see the flags."],
    [['extra'], "Unexpected argument 'extra': this command takes no positional arguments. Run with --help to see the flags."],
    [['--level'], '--level needs a value. Run with --help to see the flags.'],
    [['--level', '--dynamic'], '--level needs a value. Run with --help to see the flags.'],
    [['--dynamic=yes'], '--dynamic takes no value. Run with --help to see the flags.'],
  ])('refuses %j with a UsageError that says what is wrong', (argv, message) => {
    expect(refusalOf(argv).message).toBe(message);
  });

  it('words an unknown option the same when the bin takes positionals, without Node’s advice on dashes', () => {
    expect(refusalOf(['--port', '1'], true).message).toBe("Unknown option '--port'. Run with --help to see the flags.");
  });

  it("puts the bin's own words around the reason, and names the option refused, never its value", () => {
    const explain = (reason: string, argument: string) => `${reason} (got "${argument}"); see --help.`;
    const refusal = refusalOf([`--api-key=${CANARY_KEY}`], false, explain);
    expect(refusal.message).toBe(`Unknown option '--api-key' (got "--api-key"); see --help.`);
    expect(refusal.message).not.toContain(CANARY_KEY);
  });
});
