// The kit under other runners than vitest (issue 21, R3): complete() must settle under node:test and in a plain ES
// module script with top-level await, where nothing but the kit's own work keeps the event loop alive (vitest's
// workers hide an unsettled promise). The kit's source is bundled as scripts/build-testing.js bundles it, into
// test-output/ (so the contract bundle is found above it and packages resolve from node_modules), and each script
// runs in its own `node`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToEnd } from '../support/processes.js';
import { createBody } from './support.js';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
let folder: string;

// One checkout completed; its callback handed to a function that acknowledges it. Prints the outcome, then closes.
const scenario = `
  const mock = createFetchSandbox({ onCallback: () => {} });
  const response = await mock.fetch(\`\${mock.baseUrl}/api/v1/checkouts/\`, {
    method: 'POST',
    headers: { authorization: \`Api-Key \${mock.apiKey}\`, 'content-type': 'application/json' },
    body: ${JSON.stringify(JSON.stringify(createBody()))},
  });
  const { id } = await response.json();
  // Until nothing else holds the loop (a file handle the create left closing, say), as when a test's own work is done:
  // then only what complete() holds can keep the process alive. getActiveResourcesInfo() lists no unref'd timer; the
  // output pipes it lists never hold the loop.
  const holding = () => process.getActiveResourcesInfo().filter((name) => name !== 'PipeWrap' && name !== 'TTYWrap');
  while (holding().length > 0) await new Promise((resolve) => setImmediate(resolve));
  const record = await mock.complete(id);
  const delivery = mock.deliveries(id)[0];
  console.log(\`completed: \${record.status}, callback \${delivery.status} after \${delivery.attempts.length} attempt\`);
  const undelivered = await mock.close();
  console.log(\`undelivered at close: \${undelivered.length}\`);
`;

beforeAll(async () => {
  mkdirSync(join(projectRoot, 'test-output'), { recursive: true });
  folder = mkdtempSync(join(projectRoot, 'test-output', 'kit-runners-'));
  await build({
    entryPoints: [join(projectRoot, 'src/testing/index.ts')],
    outfile: join(folder, 'testing.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  writeFileSync(join(folder, 'plain.mjs'), `import { createFetchSandbox } from './testing.js';\n${scenario}`);
  writeFileSync(
    join(folder, 'node-test.mjs'),
    `import { test } from 'node:test';\nimport { createFetchSandbox } from './testing.js';\ntest('complete() settles', async () => {\n${scenario}\n});\n`,
  );
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('complete() settles under any runner', () => {
  it('in a plain ES module script with top-level await (no exit 13)', async () => {
    const finished = await runToEnd(process.execPath, [join(folder, 'plain.mjs')], {});
    expect(finished).toEqual({
      code: 0,
      stdout: 'completed: complete, callback delivered after 1 attempt\nundelivered at close: 0\n',
      stderr: '',
    });
  });

  it('under node --test (not cancelled)', async () => {
    const finished = await runToEnd(process.execPath, ['--test', '--test-reporter=tap', join(folder, 'node-test.mjs')], {});
    expect({ code: finished.code, stderr: finished.stderr }).toEqual({ code: 0, stderr: '' });
    const summary = finished.stdout.split('\n').filter((line) => /^# (tests|pass|fail|cancelled) /.test(line));
    expect(summary).toEqual(['# tests 1', '# pass 1', '# fail 0', '# cancelled 0']);
    expect(finished.stdout).toContain('# completed: complete, callback delivered after 1 attempt');
  });
});
