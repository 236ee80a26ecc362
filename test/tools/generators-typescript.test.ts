// The TypeScript each client generator runs on, as docs/client.md's table states it: each generator `npm test` runs
// resolves exactly the major the table names, and on TypeScript 7 (what `npm i -D typescript` installs today) each
// does what the table says: openapi-typescript and hey-api stop at start (TypeScript 7 has no JavaScript API), orval
// generates. TypeScript 7 is put in place of the generator's own by a folder of links read with --preserve-symlinks,
// so nothing is installed for it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkNodeRuns, installCurrentTools, lockedVersion } from '../package/current-tools.js';
import { projectRoot, run } from '../package/packed-package.js';

interface GuideRow {
  generator: string;
  packageName: string;
  version: string;
  typescriptMajor: string;
  install: string;
  onTypeScript7: string;
}

const PACKAGES: Record<string, string> = { hey: '@hey-api/openapi-ts', orval: 'orval', 'openapi-typescript': 'openapi-typescript' };

/** The rows of the "Which TypeScript" table of docs/client.md. */
function readGuideTable(): GuideRow[] {
  const guide = readFileSync(join(projectRoot, 'docs/client.md'), 'utf8');
  const table = guide.slice(guide.indexOf('| Generator | Version | TypeScript | Install | On TypeScript 7 |'));
  const rows = table.split('\n').slice(2);
  return rows
    .slice(
      0,
      rows.findIndex((line) => !line.startsWith('|')),
    )
    .map((line) => {
      const [generator, version, typescriptMajor, install, onTypeScript7] = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      const packageName = PACKAGES[Object.keys(PACKAGES).find((start) => generator.startsWith(start)) ?? ''];
      return { generator, packageName, version, typescriptMajor, install: install.replace(/`/g, ''), onTypeScript7 };
    });
}

const rows = readGuideTable();
const pinnedVersion = (name: string) => JSON.parse(readFileSync(join(projectRoot, 'node_modules', name, 'package.json'), 'utf8')).version;
const fromCurrentTools = (row: GuideRow) => pinnedVersion(row.packageName) !== row.version;
const nodeRuns = (row: GuideRow) => (fromCurrentTools(row) ? checkNodeRuns(row.packageName) : { runs: true, reason: '' });

let toolsModules: string;
const scratch = mkdtempSync(join(tmpdir(), 'generators-typescript-'));
const spec = join(projectRoot, 'generated/openapi.json');

/** The node_modules a row's generator is installed in. */
const modulesOf = (row: GuideRow) => (fromCurrentTools(row) ? toolsModules : join(projectRoot, 'node_modules'));

/** A node_modules of links to every package of `source`, with `typescript` linked to TypeScript 7 instead. */
function linkWithTypeScript7(source: string, target: string) {
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(source)) {
    if (name === 'typescript' || name.startsWith('.')) continue;
    if (!name.startsWith('@')) {
      symlinkSync(join(source, name), join(target, name), 'dir');
      continue;
    }
    mkdirSync(join(target, name));
    for (const scoped of readdirSync(join(source, name))) symlinkSync(join(source, name, scoped), join(target, name, scoped), 'dir');
  }
  symlinkSync(join(toolsModules, 'typescript7'), join(target, 'typescript'), 'dir');
}

/** The command that generates from the contract with the generator of `row` installed in `modules`, into `out`. */
function generateCommand(row: GuideRow, modules: string, out: string): string[] {
  const manifest = JSON.parse(readFileSync(join(modules, row.packageName, 'package.json'), 'utf8'));
  const bin = join(modules, row.packageName, typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0]);
  if (row.packageName === 'openapi-typescript') return [bin, spec, '-o', join(out, 'openapi.d.ts')];
  if (row.packageName === '@hey-api/openapi-ts') return [bin, '-i', spec, '-o', join(out, 'hey-api'), '-c', '@hey-api/client-fetch'];
  const config = join(out, 'orval.config.cjs');
  const output = { target: join(out, 'orval/checkout.ts'), client: 'fetch', headers: true, baseUrl: 'http://127.0.0.1:4011' };
  writeFileSync(config, `module.exports = ${JSON.stringify({ checkout: { input: { target: spec }, output } })};\n`);
  return [bin, '--config', config];
}

beforeAll(async () => {
  toolsModules = join(await installCurrentTools(), 'node_modules');
}, 300_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("docs/client.md's table of generators and TypeScript majors", () => {
  it('lists each generator npm test runs, at the version it runs', () => {
    expect(rows.map((row) => `${row.packageName}@${row.version}`)).toEqual([
      `openapi-typescript@${pinnedVersion('openapi-typescript')}`,
      `@hey-api/openapi-ts@${pinnedVersion('@hey-api/openapi-ts')}`,
      `@hey-api/openapi-ts@${lockedVersion('@hey-api/openapi-ts')}`,
      `orval@${pinnedVersion('orval')}`,
      `orval@${lockedVersion('orval')}`,
    ]);
    for (const row of rows) expect(row.install).toBe(`npm i -D ${row.packageName}@${row.version} typescript@${row.typescriptMajor}`);
  });

  for (const row of rows) {
    it(`${row.packageName} ${row.version} resolves TypeScript ${row.typescriptMajor} where npm test runs it`, () => {
      const require = createRequire(join(modulesOf(row), row.packageName, 'package.json'));
      const typescript = JSON.parse(readFileSync(require.resolve('typescript/package.json'), 'utf8')).version as string;
      expect(typescript.split('.')[0]).toBe(row.typescriptMajor);
    });
  }
});

describe('each generator on TypeScript 7', () => {
  for (const row of rows) {
    const runs = nodeRuns(row);
    const expected = row.onTypeScript7 === 'generates' ? 'generates' : `stops with ${row.onTypeScript7.replace(/^stops: /, '')}`;
    it.skipIf(!runs.runs)(
      `${row.packageName} ${row.version} ${expected}${runs.runs ? '' : ` (${runs.reason})`}`,
      async () => {
        const project = join(scratch, `${row.packageName.replace(/\W/g, '-')}-${row.version}`);
        linkWithTypeScript7(modulesOf(row), join(project, 'node_modules'));
        const modules = join(project, 'node_modules');
        const env = { PATH: process.env.PATH, NODE_OPTIONS: '--preserve-symlinks --preserve-symlinks-main', NO_COLOR: '1' };
        // The generator's own resolution of `typescript` from the linked folder, as it runs: TypeScript 7.
        const probe = `console.log(require(require.resolve('typescript/package.json', { paths: [${JSON.stringify(join(modules, row.packageName))}] })).version)`;
        const { stdout: resolved } = await run(process.execPath, ['-e', probe], { cwd: project, env });
        expect(resolved.trim()).toBe(lockedVersion('typescript7'));

        const result = await run(process.execPath, generateCommand(row, modules, project), { cwd: project, env }).then(
          ({ stdout, stderr }) => ({ code: 0, output: `${stdout}${stderr}` }),
          (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: `${error.stdout}${error.stderr}` }),
        );
        if (row.onTypeScript7 === 'generates') {
          expect(result.code, result.output).toBe(0);
        } else {
          const message = /^stops: `(.+)`$/.exec(row.onTypeScript7)?.[1];
          expect(message, row.onTypeScript7).toBeDefined();
          expect(result.code).not.toBe(0);
          expect(result.output).toContain(message);
        }
      },
      120_000,
    );
  }
});
