// The breaking-change gate (`npm run check:breaking`, D26): every finding from the contract at one path to the one at
// another, and the report. Optic (optic-diff.ts) judges paths and schemas; breaking-changes.ts judges what Optic
// skips (callbacks, open enums, problem types, bounds and patterns). v1 only changes additively, so any finding fails
// the gate, but for the corrections accepted against the release by name (accepted-breaks.ts). The command around it
// is check-breaking-command.ts.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { SortedFindings } from './accepted-breaks.js';
import { findBreakingChanges, type GateFinding } from './breaking-changes.js';
import { runOptic } from './optic-diff.js';

export type { GateFinding };

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
