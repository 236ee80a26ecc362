// The breaking-change gate (`npm run check:breaking`): compares the current bundle with the last released contract,
// kept as a committed copy in openapi/released/ so that a fresh clone or CI needs neither git history nor network.
// Optic (`optic diff --check`) judges paths and schemas; ./breaking-changes.ts judges what Optic skips (callbacks,
// open enums, problem types, bounds and patterns). D26: v1 only changes additively, so any finding fails the gate,
// but for the corrections accepted against the release by name (./accepted-breaks.ts).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { readAcceptedBreaks, type SortedFindings, sortFindings } from './accepted-breaks.js';
import { type BreakingChange, findBreakingChanges } from './breaking-changes.js';

export interface GateFinding extends BreakingChange {
  tool: 'optic' | 'contract-check';
}

export interface ReleasedContract {
  version: string;
  path: string;
}

const RELEASED_FILE = /^openapi-(\d+)\.(\d+)\.(\d+)\.json$/;

/** The highest version kept in `releasedDir` (files `openapi-<major>.<minor>.<patch>.json`). */
export function findLatestRelease(releasedDir: string): ReleasedContract {
  const releases = readdirSync(releasedDir)
    .map((name) => ({ name, parts: RELEASED_FILE.exec(name)?.slice(1).map(Number) }))
    .filter((entry): entry is { name: string; parts: number[] } => entry.parts !== undefined)
    .sort((a, b) => a.parts[0] - b.parts[0] || a.parts[1] - b.parts[1] || a.parts[2] - b.parts[2]);
  const latest = releases.at(-1);
  if (!latest) throw new Error(`no released contract in ${releasedDir}: run \`npm run release:baseline\` when releasing`);
  return { version: latest.parts.join('.'), path: join(releasedDir, latest.name) };
}

/** Run `optic diff <base> <head> --check` offline and return the checks it failed. */
export async function runOptic(projectRoot: string, basePath: string, headPath: string): Promise<GateFinding[]> {
  const opticPackage = createRequire(join(projectRoot, 'package.json')).resolve('@useoptic/optic/package.json');
  const opticEntry = join(dirname(opticPackage), 'build/index.js');
  const { code, output } = await new Promise<{ code: number; output: string }>((done) => {
    execFile(
      process.execPath,
      [opticEntry, 'diff', basePath, headPath, '--check'],
      {
        // No optic.yml lives in a temporary folder, so Optic uses its built-in breaking-change rules.
        cwd: tmpdir(),
        maxBuffer: 64 * 1024 * 1024,
        // Telemetry off and no update check: the gate must never call the network.
        env: { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off', NO_UPDATE_NOTIFIER: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
  // A failed check prints `x [<rule>] <message>` under the change it concerns.
  const findings: GateFinding[] = [...output.matchAll(/^\s*x \[([^\]]+)\] (.+)$/gm)].map((match) => ({
    tool: 'optic',
    rule: match[1],
    where: 'optic diff',
    detail: match[2].trim(),
  }));
  if (code !== 0 && findings.length === 0) {
    // Optic quotes the whole document on an invalid one; the first lines say what is wrong.
    const excerpt = output
      .split('\n')
      .slice(0, 3)
      .map((line) => line.slice(0, 200))
      .join('\n');
    throw new Error(`optic diff exited with ${code} without naming a failed check:\n${excerpt}`);
  }
  return findings;
}

/** Every breaking change from the contract at `basePath` to the one at `headPath`, from both tools. */
export async function checkBreaking(projectRoot: string, basePath: string, headPath: string): Promise<GateFinding[]> {
  const readDocument = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
  const ours = findBreakingChanges(readDocument(basePath), readDocument(headPath));
  const optic = await runOptic(projectRoot, basePath, headPath);
  return [...optic, ...ours.map((change): GateFinding => ({ tool: 'contract-check', ...change }))];
}

export function formatFindings(sorted: SortedFindings<GateFinding>, basePath: string, headPath: string, projectRoot: string): string {
  const names = `${relative(projectRoot, basePath)} → ${relative(projectRoot, headPath)}`;
  const { breaking, accepted, unmatched } = sorted;
  const acceptedLines = accepted.map(
    ({ finding, reason }) => `  accepted: [${finding.tool}] ${finding.rule}: ${finding.where} (${reason})`,
  );
  const unmatchedLines = unmatched.map((entry) => `  accepted but not found (remove it): ${entry.rule}: ${entry.where}`);
  if (breaking.length === 0 && unmatched.length === 0)
    return [`check:breaking: no breaking changes (${names})`, ...acceptedLines].join('\n');
  return [
    `check:breaking: ${breaking.length} breaking change(s) (${names}):`,
    ...breaking.map((f) => `  [${f.tool}] ${f.rule}: ${f.where}: ${f.detail}`),
    ...unmatchedLines,
    ...acceptedLines,
    'v1 only changes additively (D26). Make the change additive, or plan /api/v2 (see docs/contributing.md).',
  ].join('\n');
}

/** The CLI: `[--base <file>] [--head <file>]`; exit 0 without breaking changes, 1 with some, 2 on a usage or tool error. */
export async function runCheckBreakingCli(argv: string[], projectRoot: string): Promise<number> {
  const readFlag = (flag: string) => {
    const index = argv.indexOf(flag);
    if (index === -1) return undefined;
    if (!argv[index + 1]) throw new Error(`${flag} needs a file, such as ${flag} generated/openapi.json`);
    return resolve(argv[index + 1]);
  };
  try {
    const unknown = argv.filter((arg) => arg.startsWith('--') && arg !== '--base' && arg !== '--head');
    if (unknown.length > 0) throw new Error(`unknown option ${unknown[0]}; use --base <file> and --head <file>`);
    const basePath = readFlag('--base') ?? findLatestRelease(join(projectRoot, 'openapi/released')).path;
    const headPath = readFlag('--head') ?? resolve(projectRoot, process.env.GENERATED_DIR ?? 'generated', 'openapi.json');
    const sorted = sortFindings(await checkBreaking(projectRoot, basePath, headPath), readAcceptedBreaks(basePath));
    const report = formatFindings(sorted, basePath, headPath, projectRoot);
    const passed = sorted.breaking.length === 0 && sorted.unmatched.length === 0;
    if (passed) console.log(report);
    else console.error(report);
    return passed ? 0 : 1;
  } catch (error) {
    console.error(`check:breaking: ${(error as Error).message}`);
    return 2;
  }
}
