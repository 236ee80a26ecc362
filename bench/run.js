// `npm run bench`: run every bench/*.bench.js in turn, each in its own process so one cannot skew another.
// Benchmarks report ratios measured side by side; their figures land in bench/results/<part>.json.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.js'))
  .filter((name) => only.length === 0 || only.some((part) => name.startsWith(part)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, [file], {
    cwd: benchDir,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${file} exited with ${result.status ?? result.signal}`);
  }
}
if (files.length === 0) console.error('no bench/*.bench.js matched');
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
