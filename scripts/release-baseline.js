// `npm run release:baseline`: on a release, keep a copy of the bundle as openapi/released/openapi-<version>.json, the
// baseline `npm run check:breaking` compares later bundles with. The command is src/release/release-baseline-command.ts.
// Usage: node scripts/release-baseline.js [--from <file>] [--replace]

import { projectRoot } from './generated-dir.js';
import { importReleaseCli } from './import-release-cli.js';

const { startReleaseBaseline } = await importReleaseCli();
startReleaseBaseline(projectRoot);
