// The released copies of the contract, kept in openapi/released/ so that a fresh clone or CI needs neither git
// history nor network: `openapi-<version>.json`, generated/openapi.json as it was at that release and marked as a
// copy (written by `npm run release:baseline`, compared with later bundles by `npm run check:breaking`), and beside it
// `accepted-<version>.json`, the breaks accepted against that release (accepted-breaks.ts).
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Where the copies are, from the project root. */
export const RELEASED_DIR = 'openapi/released';

export interface ReleasedContract {
  version: string;
  path: string;
}

const RELEASED_FILE = /^openapi-(\d+)\.(\d+)\.(\d+)\.json$/;

/** The file name of the copy of `version`. */
export function formatReleasedName(version: string): string {
  return `openapi-${version}.json`;
}

/** The first line of a copy (its `x-generated`), which says what it is and that it never changes. */
export function formatReleasedNotice(version: string): string {
  return (
    `A copy of the released contract ${version} (generated/openapi.json at release), kept as the baseline of ` +
    '`npm run check:breaking`. Do not make direct changes: `npm run release:baseline` writes it when a version is released.'
  );
}

/** The version of the released copy at `path`; undefined for any other file. */
function readReleasedVersion(path: string): string | undefined {
  return RELEASED_FILE.exec(basename(path))?.slice(1).join('.');
}

/** Where the breaks accepted against the released copy at `path` are listed; undefined for any other file. */
export function locateAcceptedBreaks(path: string): string | undefined {
  const version = readReleasedVersion(path);
  return version === undefined ? undefined : join(dirname(path), `accepted-${version}.json`);
}

/** The highest version kept in `releasedDir`. */
export function findLatestRelease(releasedDir: string): ReleasedContract {
  const releases = readdirSync(releasedDir)
    .map((name) => ({ name, parts: RELEASED_FILE.exec(name)?.slice(1).map(Number) }))
    .filter((entry): entry is { name: string; parts: number[] } => entry.parts !== undefined)
    .sort((a, b) => a.parts[0] - b.parts[0] || a.parts[1] - b.parts[1] || a.parts[2] - b.parts[2]);
  const latest = releases.at(-1);
  if (!latest) throw new Error(`no released contract in ${releasedDir}: run \`npm run release:baseline\` when releasing`);
  return { version: latest.parts.join('.'), path: join(releasedDir, latest.name) };
}
