// `npm run check:breaking`: fails when the bundle breaks the last released contract (D26). With no flags it compares
// generated/openapi.json with the newest copy in openapi/released/; --base and --head compare any two bundles. Its
// exit codes: 0 no breaking change, 1 some (each printed with the tool that found it), 2 a run that could not happen
// (bad flags, a file that cannot be read, Optic failing).
import { join, resolve } from 'node:path';
import { readArgv } from '../cli/read-argv.js';
import { type Command, EXIT, HELP, type Parsed, type RunIo, UsageError } from '../cli/run-command.js';
import { readAcceptedBreaks, sortFindings } from './accepted-breaks.js';
import { checkBreaking, formatFindings } from './check-breaking.js';
import { findLatestRelease, RELEASED_DIR } from './released-contracts.js';

export interface CheckBreakingConfig {
  /** The released contract to compare with; undefined for the newest copy in openapi/released/. */
  basePath: string | undefined;
  headPath: string;
}

/** The gate's own exit codes, as runCommand knows them. */
export const GATE_EXIT = { passed: EXIT.ok, breaking: EXIT.failed, couldNotRun: EXIT.usage } as const;

const OPTIONS = { base: { type: 'string' }, head: { type: 'string' } } as const;

const USAGE = `check:breaking: fail when the bundle breaks the last released contract (D26).

Usage: npm run check:breaking -- [--base <file>] [--head <file>]

  --base <file>   the contract to compare with (default: the newest copy in ${RELEASED_DIR}/)
  --head <file>   the contract to judge (default: generated/openapi.json, or $GENERATED_DIR/openapi.json)
  -h, --help      print this text

Exit codes: 0 no breaking change, 1 breaking changes found, 2 could not run.`;

/** The gate, for the project at `projectRoot` (where openapi/released/ and generated/ are). */
export function createCheckBreakingCommand(projectRoot: string): Command<CheckBreakingConfig> {
  return {
    name: 'check:breaking',
    parse: (argv, env): Parsed<CheckBreakingConfig> => {
      const { values } = readArgv(argv, { options: OPTIONS, explain: (reason) => `${reason}; use --base <file> and --head <file>.` });
      if (values.help) return HELP;
      const headPath = readFileFlag('--head', values.head) ?? resolve(projectRoot, env.GENERATED_DIR ?? 'generated', 'openapi.json');
      return { kind: 'run', config: { basePath: readFileFlag('--base', values.base), headPath } };
    },
    help: () => USAGE,
    run: (config, io) => runGate(projectRoot, config, io),
  };
}

function readFileFlag(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError(`${flag} needs a file, such as ${flag} generated/openapi.json.`);
  return resolve(value);
}

async function runGate(projectRoot: string, { basePath, headPath }: CheckBreakingConfig, io: RunIo): Promise<number> {
  try {
    const base = basePath ?? findLatestRelease(join(projectRoot, RELEASED_DIR)).path;
    const sorted = sortFindings(await checkBreaking(projectRoot, base, headPath), readAcceptedBreaks(base));
    const report = `${formatFindings(sorted, base, headPath, projectRoot)}\n`;
    if (sorted.breaking.length === 0 && sorted.unmatched.length === 0) {
      io.stdout(report);
      return GATE_EXIT.passed;
    }
    io.stderr(report);
    return GATE_EXIT.breaking;
  } catch (error) {
    // A contract that cannot be read, a missing baseline, Optic failing: the gate could not judge.
    io.stderr(`check:breaking: ${(error as Error).message}\n`);
    return GATE_EXIT.couldNotRun;
  }
}
