// The one shape of the package's three bins (checkout-mock, checkout-sandbox, checkout-conformance) and of the release
// tooling (src/release): a pure argv + env → config step, a run step that returns an exit code, and this module, which
// wires them to a process. Errors become exit codes only here: 2 bad usage or configuration, 1 could not start or
// failed, 0 ok; a run may return codes of its own, named from these (the conformance kit's and the breaking-change
// gate's 1 for violations, 2 for a run that could not happen).
import { createRedactor, type Redactor } from '../http/redact.js';
import type { StopWatch } from './lifecycle.js';
import { createStreamWriter } from './stream-writer.js';

export type Env = Record<string, string | undefined>;

/** A mistake in the command line or the environment: printed as the bin's name and the message, then exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * A run that could not start (a busy port, a missing bundle) or refused what it was asked (a released copy that
 * exists): printed as the bin's name and the message, then exit 1.
 */
export class StartError extends Error {
  override name = 'StartError';
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** What a parse step asks for: the help text, or a run with its configuration. */
export type Parsed<Config> = { kind: 'help' } | { kind: 'run'; config: Config };

export const HELP = { kind: 'help' } as const;

/** Where a command writes, so that it runs the same in a test as in a process. */
export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal: then progress may rewrite one line instead of printing one per step. */
  interactive: boolean;
  /** The watch for a stop that a serving bin's entry began first thing (lifecycle.ts); its run serves until it fires. */
  stopWatch?: StopWatch;
}

/** What a run writes through: the streams, already redacted, and the redactor for what it writes elsewhere (a report). */
export interface RunIo extends CommandIo {
  redact: Redactor;
}

export interface Command<Config> {
  /** The bin's name, which opens every line it prints about itself. */
  name: string;
  /** argv + env → what to do. Pure: no I/O; anything unusable throws a UsageError that says what to do. */
  parse: (argv: string[], env: Env) => Parsed<Config>;
  /** The --help text. */
  help: () => string;
  /** The run; resolves with the exit code once it has ended. */
  run: (config: Config, io: RunIo) => number | Promise<number>;
  /** Secrets the environment holds, replaced by [REDACTED] in everything the command prints. */
  secrets?: (env: Env) => Array<string | undefined>;
  /** End the process as soon as the run has ended, rather than once nothing is left pending. */
  exitWhenDone?: boolean;
}

/** Runs a command as a function: argv and environment in, exit code out, output through `io`. */
export async function runCommand<Config>(command: Command<Config>, argv: string[], env: Env, io: CommandIo): Promise<number> {
  const redact = createRedactor(command.secrets?.(env) ?? []);
  const out: RunIo = {
    stdout: (text) => io.stdout(redact(text)),
    stderr: (text) => io.stderr(redact(text)),
    interactive: io.interactive,
    stopWatch: io.stopWatch,
    redact,
  };
  try {
    const parsed = command.parse(argv, env);
    if (parsed.kind === 'help') {
      const help = command.help();
      out.stdout(help.endsWith('\n') ? help : `${help}\n`);
      return EXIT.ok;
    }
    return await command.run(parsed.config, out);
  } catch (error) {
    const expected = error instanceof UsageError || error instanceof StartError;
    // An error nobody expected is a bug: its stack says where.
    out.stderr(`${command.name}: ${expected ? error.message : ((error as Error)?.stack ?? String(error))}\n`);
    return error instanceof UsageError ? EXIT.usage : EXIT.failed;
  }
}

/**
 * The entry of a bin: runs the command on this process's argv, environment and streams, then sets its exit code.
 * `stopWatch`: a serving bin's watch for a stop, begun before anything else was loaded; ended with the run.
 */
export function startCommand<Config>(command: Command<Config>, { stopWatch }: { stopWatch?: StopWatch } = {}): void {
  // A reader that goes away (`| head -1`) ends the output, never the run (stream-writer.ts).
  const io: CommandIo = {
    stdout: createStreamWriter(process.stdout),
    stderr: createStreamWriter(process.stderr),
    interactive: process.stderr.isTTY === true,
    stopWatch,
  };
  void runCommand(command, process.argv.slice(2), process.env, io).then((code) => {
    // A run that never served (--help, a usage error, a port in use) leaves no signal listener behind.
    stopWatch?.dispose();
    process.exitCode = code;
    if (command.exitWhenDone) process.exit(code);
  });
}
