// Rebuild every output into a temporary folder and compare it with the committed generated/ folder.
// Exits 1 and names each differing, missing or extra file when they differ.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { projectRoot } from './generated-dir.js';

/**
 * @param {string} dir
 * @returns {string[]}
 */
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * @param {string} committedDir
 * @param {string} freshDir
 */
function compareTrees(committedDir, freshDir) {
  const committed = new Set(listFiles(committedDir).map((file) => relative(committedDir, file)));
  const fresh = new Set(listFiles(freshDir).map((file) => relative(freshDir, file)));
  const problems = [];
  for (const file of fresh) {
    if (!committed.has(file)) problems.push(`missing from generated/: ${file}`);
    else if (!readFileSync(join(committedDir, file)).equals(readFileSync(join(freshDir, file))))
      problems.push(`differs: generated/${file}`);
  }
  for (const file of committed) if (!fresh.has(file)) problems.push(`not produced by the build: generated/${file}`);
  return problems;
}

const freshDir = mkdtempSync(join(tmpdir(), 'checkout-generated-'));
try {
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: projectRoot,
    env: { ...process.env, GENERATED_DIR: freshDir, REDOCLY_TELEMETRY: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const problems = compareTrees(join(projectRoot, 'generated'), freshDir);
  if (problems.length > 0) {
    console.error(`generated/ is stale; run \`npm run build\` and commit the result:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('generated/ is current');
} finally {
  rmSync(freshDir, { recursive: true, force: true });
}
