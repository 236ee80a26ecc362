// `npm run release:baseline`: on a release, keeps a copy of the bundle as openapi/released/openapi-<version>.json, the
// baseline `npm run check:breaking` compares later bundles with. Released copies never change, so an existing one is
// kept unless --replace is given (only for a version that was never published). Exit codes: 0 written, 1 refused
// (versions differ, the copy exists), 2 bad flags.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { readArgv } from '../cli/read-argv.js';
import { type Command, EXIT, HELP, type Parsed, type RunIo, StartError, UsageError } from '../cli/run-command.js';
import { formatReleasedName, formatReleasedNotice, RELEASED_DIR } from './released-contracts.js';

export interface ReleaseBaselineConfig {
  /** The bundle to keep. */
  fromPath: string;
  /** Overwrite an existing copy. */
  replace: boolean;
}

const OPTIONS = { from: { type: 'string' }, replace: { type: 'boolean' } } as const;

const USAGE = `release-baseline: keep a copy of the bundle as ${RELEASED_DIR}/openapi-<version>.json, the baseline of
npm run check:breaking (see docs/contributing.md, Release).

Usage: npm run release:baseline -- [--from <file>] [--replace]

  --from <file>   the bundle to keep (default: generated/openapi.json, or $GENERATED_DIR/openapi.json)
  --replace       overwrite an existing copy: only for a version that was never published
  -h, --help      print this text`;

/** The baseline step, for the project at `projectRoot` (its package.json, openapi/released/ and generated/). */
export function createReleaseBaselineCommand(projectRoot: string): Command<ReleaseBaselineConfig> {
  return {
    name: 'release-baseline',
    parse: (argv, env): Parsed<ReleaseBaselineConfig> => {
      const { values } = readArgv(argv, { options: OPTIONS });
      if (values.help) return HELP;
      if (values.from !== undefined && values.from.trim() === '') {
        throw new UsageError('--from needs a file, such as --from generated/openapi.json.');
      }
      const fromPath =
        values.from === undefined ? resolve(projectRoot, env.GENERATED_DIR ?? 'generated', 'openapi.json') : resolve(values.from);
      return { kind: 'run', config: { fromPath, replace: values.replace === true } };
    },
    help: () => USAGE,
    run: (config, io) => writeBaseline(projectRoot, config, io),
  };
}

function writeBaseline(projectRoot: string, { fromPath, replace }: ReleaseBaselineConfig, io: RunIo): number {
  const { 'x-generated': _notice, ...document } = readJson(fromPath);
  const packageVersion = readJson(join(projectRoot, 'package.json')).version;
  const version = document.info?.version;
  // The versioning rule of docs/contributing.md: the package version is the contract's info.version.
  if (version !== packageVersion) {
    throw new StartError(`info.version ${version} differs from package.json version ${packageVersion}; bump both first`);
  }
  const releasedDir = join(projectRoot, RELEASED_DIR);
  const target = join(releasedDir, formatReleasedName(version));
  if (existsSync(target) && !replace) {
    throw new StartError(
      `${relative(projectRoot, target)} exists; released copies never change (--replace only for an unpublished version)`,
    );
  }
  mkdirSync(releasedDir, { recursive: true });
  writeFileSync(target, `${JSON.stringify({ 'x-generated': formatReleasedNotice(version), ...document }, null, 2)}\n`);
  io.stdout(`release-baseline: wrote ${relative(projectRoot, target)} from ${relative(projectRoot, fromPath)}\n`);
  return EXIT.ok;
}

function readJson(path: string): any {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new StartError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
}
