// The release tooling as commands (src/release), run as functions on a project of their own in a temporary folder:
// what `npm run check:breaking` and `npm run release:baseline` accept, refuse, write and exit with.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/run-command.js';
import { createCheckBreakingCommand, GATE_EXIT } from '../../src/release/check-breaking-command.js';
import { createReleaseBaselineCommand } from '../../src/release/release-baseline-command.js';
import { formatReleasedNotice } from '../../src/release/released-contracts.js';
import { recordCommand } from '../support/record-command.js';

let projectRoot: string;

beforeEach(() => {
  projectRoot = mkdtempSync(join(tmpdir(), 'release-commands-'));
});

afterEach(() => rmSync(projectRoot, { recursive: true, force: true }));

function writeJson(path: string, value: unknown): void {
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify(value));
}

describe('check:breaking, as a command', () => {
  it('compares generated/openapi.json (or $GENERATED_DIR/openapi.json) with the newest release unless told otherwise', () => {
    const gate = createCheckBreakingCommand(projectRoot);
    expect(gate.parse([], {})).toEqual({
      kind: 'run',
      config: { basePath: undefined, headPath: join(projectRoot, 'generated/openapi.json') },
    });
    expect(gate.parse([], { GENERATED_DIR: '/tmp/fresh' })).toEqual({
      kind: 'run',
      config: { basePath: undefined, headPath: '/tmp/fresh/openapi.json' },
    });
    expect(gate.parse(['--base', 'a.json', '--head=b.json'], {})).toEqual({
      kind: 'run',
      config: { basePath: resolve('a.json'), headPath: resolve('b.json') },
    });
    expect(gate.parse(['-h'], {})).toEqual({ kind: 'help' });
  });

  it.each([
    [['--verbose'], "check:breaking: Unknown option '--verbose'; use --base <file> and --head <file>.\n"],
    [['--base'], 'check:breaking: --base needs a value; use --base <file> and --head <file>.\n'],
    [['--head', ' '], 'check:breaking: --head needs a file, such as --head generated/openapi.json.\n'],
  ])('exits 2 on %j, saying what to do', async (argv, stderr) => {
    expect(await recordCommand(createCheckBreakingCommand(projectRoot), argv)).toEqual({ code: EXIT.usage, stdout: '', stderr });
  });

  it('exits 2, could not run, without a release to compare with', async () => {
    mkdirSync(join(projectRoot, 'openapi/released'), { recursive: true });
    expect(await recordCommand(createCheckBreakingCommand(projectRoot), [])).toEqual({
      code: GATE_EXIT.couldNotRun,
      stdout: '',
      stderr: `check:breaking: no released contract in ${join(projectRoot, 'openapi/released')}: run \`npm run release:baseline\` when releasing\n`,
    });
  });
});

describe('release:baseline, as a command', () => {
  const bundle = { 'x-generated': 'a build notice', openapi: '3.1.1', info: { title: 'Checkout API', version: '1.2.3' }, paths: {} };
  const copyPath = () => join(projectRoot, 'openapi/released/openapi-1.2.3.json');

  beforeEach(() => {
    writeJson(join(projectRoot, 'package.json'), { name: 'checkout-api-contract', version: '1.2.3' });
    writeJson(join(projectRoot, 'generated/openapi.json'), bundle);
  });

  it("keeps the bundle as openapi/released/openapi-<version>.json, marked as a copy in place of the build's notice", async () => {
    expect(await recordCommand(createReleaseBaselineCommand(projectRoot), [])).toEqual({
      code: EXIT.ok,
      stdout: 'release-baseline: wrote openapi/released/openapi-1.2.3.json from generated/openapi.json\n',
      stderr: '',
    });
    const { 'x-generated': _build, ...document } = bundle;
    expect(JSON.parse(readFileSync(copyPath(), 'utf8'))).toEqual({ 'x-generated': formatReleasedNotice('1.2.3'), ...document });
  });

  it('never changes a released copy, unless --replace is given', async () => {
    writeJson(copyPath(), { kept: true });
    expect(await recordCommand(createReleaseBaselineCommand(projectRoot), [])).toEqual({
      code: EXIT.failed,
      stdout: '',
      stderr:
        'release-baseline: openapi/released/openapi-1.2.3.json exists; released copies never change (--replace only for an unpublished version)\n',
    });
    expect(JSON.parse(readFileSync(copyPath(), 'utf8'))).toEqual({ kept: true });
    expect((await recordCommand(createReleaseBaselineCommand(projectRoot), ['--replace'])).code).toBe(EXIT.ok);
    expect(JSON.parse(readFileSync(copyPath(), 'utf8')).info).toEqual(bundle.info);
  });

  it('refuses a bundle whose version is not the package version', async () => {
    const other = join(projectRoot, 'other.json');
    writeJson(other, { ...bundle, info: { ...bundle.info, version: '1.3.0' } });
    expect(await recordCommand(createReleaseBaselineCommand(projectRoot), ['--from', other])).toEqual({
      code: EXIT.failed,
      stdout: '',
      stderr: 'release-baseline: info.version 1.3.0 differs from package.json version 1.2.3; bump both first\n',
    });
  });

  it('exits 2 on a flag it does not know, or --from without a file', async () => {
    expect(await recordCommand(createReleaseBaselineCommand(projectRoot), ['--force'])).toEqual({
      code: EXIT.usage,
      stdout: '',
      stderr: "release-baseline: Unknown option '--force'. Run with --help to see the flags.\n",
    });
    expect((await recordCommand(createReleaseBaselineCommand(projectRoot), ['--from', ''])).stderr).toBe(
      'release-baseline: --from needs a file, such as --from generated/openapi.json.\n',
    );
  });
});
