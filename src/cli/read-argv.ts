// The one way every bin reads its command line: node:util's parseArgs, strict, with -h/--help added to the bin's own
// options. What parseArgs refuses (ERR_PARSE_ARGS_*) becomes a UsageError (exit 2) in the bin's words, built from a
// reason worded here: Node's own wording varies between versions, and for a bin that takes positionals it goes on
// about passing one that starts with a dash, which none of the bins needs.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './run-command.js';

type Options = NonNullable<ParseArgsConfig['options']>;

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

type StrictConfig<BinOptions extends Options> = {
  args: string[];
  options: BinOptions & typeof HELP_OPTION;
  strict: true;
  allowPositionals: true;
};

/** The flags read, `help` among them, and the positionals in order (always empty for a bin that takes none). */
export type Argv<BinOptions extends Options> = ReturnType<typeof parseArgs<StrictConfig<BinOptions>>>;

export interface ArgvRules<BinOptions extends Options> {
  /** The bin's flags, in parseArgs' form; -h/--help is added. */
  options: BinOptions;
  /** Whether the bin takes positional arguments (the mock's `proxy <url>`); by default none. */
  positionals?: boolean;
  /**
   * The UsageError's message for a command line parseArgs refused, given what is wrong ("Unknown option '--port'")
   * and the argument refused ("--port": an option's name, never its value, which may be a secret).
   */
  explain?: (reason: string, argument: string) => string;
}

const RUN_WITH_HELP = (reason: string) => `${reason}. Run with --help to see the flags.`;

/** argv read by `rules`; a command line they refuse throws a UsageError. */
export function readArgv<const BinOptions extends Options>(argv: string[], rules: ArgvRules<BinOptions>): Argv<BinOptions> {
  const { options, positionals = false, explain = RUN_WITH_HELP } = rules;
  try {
    return parseArgs({
      args: argv,
      options: { ...options, ...HELP_OPTION },
      strict: true,
      allowPositionals: positionals,
    }) as Argv<BinOptions>;
  } catch (error) {
    const refusal = describeParseArgsError(error as NodeJS.ErrnoException);
    if (refusal === undefined) throw error;
    throw new UsageError(explain(refusal.reason, refusal.argument));
  }
}

/** What parseArgs refused, in one wording on every Node; undefined for an error that is not parseArgs' refusal. */
function describeParseArgsError({ code, message }: NodeJS.ErrnoException): { reason: string; argument: string } | undefined {
  if (!code?.startsWith('ERR_PARSE_ARGS_')) return undefined;
  // Node quotes what it refuses: '--port', '-x', 'extra', or '-d, --dynamic' and '--level <value>' for a value.
  const quoted = /'([^']+)'/.exec(message)?.[1];
  const flag = quoted?.match(/--[\w-]+/)?.[0] ?? quoted?.match(/-\w/)?.[0];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && quoted) return { reason: `Unknown option '${quoted}'`, argument: quoted };
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && quoted) {
    return { reason: `Unexpected argument '${quoted}': this command takes no positional arguments`, argument: quoted };
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag) {
    const reason = /does not take an argument/.test(message) ? `${flag} takes no value` : `${flag} needs a value`;
    return { reason, argument: flag };
  }
  const reason = message.split('\n')[0];
  return { reason, argument: quoted ?? reason };
}
