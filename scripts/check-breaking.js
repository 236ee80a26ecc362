// `npm run check:breaking`: fail when the current bundle breaks the last released contract (D26). The gate is the
// command in src/release/check-breaking-command.ts. Usage: node scripts/check-breaking.js [--base <file>] [--head <file>]

import { projectRoot } from './generated-dir.js';
import { importReleaseCli } from './import-release-cli.js';

const { startCheckBreaking } = await importReleaseCli();
startCheckBreaking(projectRoot);
