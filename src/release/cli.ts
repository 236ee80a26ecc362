// Entries of the release tooling, which is not shipped: scripts/check-breaking.js and scripts/release-baseline.js
// compile this file with esbuild and start one of its commands with the project root, where openapi/released/,
// generated/ and package.json are (the compiled file itself lives in a temporary folder).
import { startCommand } from '../cli/run-command.js';
import { createCheckBreakingCommand } from './check-breaking-command.js';
import { createReleaseBaselineCommand } from './release-baseline-command.js';

/** `npm run check:breaking`. */
export function startCheckBreaking(projectRoot: string): void {
  startCommand(createCheckBreakingCommand(projectRoot));
}

/** `npm run release:baseline`. */
export function startReleaseBaseline(projectRoot: string): void {
  startCommand(createReleaseBaselineCommand(projectRoot));
}
