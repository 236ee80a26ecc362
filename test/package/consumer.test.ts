// Done when a throwaway project can install the packed tarball, compile the client guide's examples unchanged under a
// strict tsconfig, and run the client example against a local server; and compile and run the testing guide's
// examples (docs/testing.md), each a vitest file, unchanged and green.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/load-contract.js';
import { CANARY_KEY } from '../support/canary.js';
import { readGuideExamples } from './guide-examples.js';
import { installIntoConsumer, listFiles, packProject, projectRoot, run } from './packed-package.js';

const contract = loadContract();
const created = contract.components.examples.CheckoutUsdtOnTron.value as { url: string };
const validationProblem = (contract.components.responses.ValidationFailed as any).content['application/problem+json'].examples
  .validationFailed.value;

let workDir: string;
let consumer: string;
let installed: string;
let server: Server;
let serverUrl: string;
let testingExamples: string[];
const answers: Array<{ status: number; type: string; body: unknown }> = [];
const received: IncomingHttpHeaders[] = [];

const STRICT_OPTIONS = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: false,
  target: 'ES2022',
  lib: ['ES2022'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  types: ['node'],
  typeRoots: [join(projectRoot, 'node_modules/@types')],
};

function writeConsumerSources(examples: string[]) {
  mkdirSync(join(consumer, 'src'));
  for (const [index, code] of examples.entries()) writeFileSync(join(consumer, 'src', `guide-example-${index + 1}.ts`), code);
  const tsconfig = { compilerOptions: { ...STRICT_OPTIONS, rootDir: 'src', outDir: 'out' }, include: ['src'] };
  writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
}

// The testing guide's examples as the consumer's own test files, with vitest and msw in its node_modules (linked from
// this project: the same versions a consumer would install, without a second download).
function writeTestingExamples(examples: string[]) {
  mkdirSync(join(consumer, 'tests'));
  for (const [index, code] of examples.entries()) writeFileSync(join(consumer, 'tests', `testing-example-${index + 1}.test.ts`), code);
  for (const name of ['vitest', 'msw']) symlinkSync(join(projectRoot, 'node_modules', name), join(consumer, 'node_modules', name), 'dir');
  const tsconfig = { compilerOptions: { ...STRICT_OPTIONS, lib: ['ES2022', 'DOM'], noEmit: true }, include: ['tests'] };
  writeFileSync(join(consumer, 'tsconfig.testing.json'), JSON.stringify(tsconfig, null, 2));
}

async function runExample(): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH, CHECKOUT_API_URL: serverUrl, CHECKOUT_API_KEY: CANARY_KEY };
  return run(process.execPath, ['out/guide-example-1.js'], { cwd: consumer, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'checkout-consumer-'));
  const tarball = await packProject(workDir);
  consumer = await installIntoConsumer(workDir, tarball);
  installed = join(consumer, 'node_modules', 'checkout-api-contract');
  writeConsumerSources(readGuideExamples(join(projectRoot, 'docs/client.md')));
  testingExamples = readGuideExamples(join(projectRoot, 'docs/testing.md'), '# Testing your integration');
  writeTestingExamples(testingExamples);

  server = createServer((req, res) => {
    received.push(req.headers);
    req.resume().on('end', () => {
      const answer = answers.shift() ?? { status: 500, type: 'text/plain', body: 'no answer planned' };
      res.writeHead(answer.status, { 'Content-Type': answer.type }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 240_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the packed package, installed into a throwaway project', () => {
  it('ships the built client, its types and the contract, and nothing of the sources or tooling', () => {
    const files = listFiles(installed);
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'CHANGELOG.md',
        'dist/index.js',
        'dist/index.d.ts',
        'generated/openapi.json',
        'generated/openapi.yaml',
        'generated/openapi.d.ts',
      ]),
    );
    for (const file of files) expect(file).not.toMatch(/^(src|test|bench|scripts|openapi)\/|^tsconfig|^vitest|\.test\./);
  });

  it('is an ESM package for Node 20.19+ that pulls in only openapi-fetch and standardwebhooks, none of the dev tooling', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.type).toBe('module');
    expect(manifest.engines.node).toMatch(/^>=20/);
    expect(Object.keys(manifest.exports)).toEqual(
      expect.arrayContaining(['.', './testing', './msw', './openapi.json', './openapi.yaml', './package.json']),
    );
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['openapi-fetch', 'standardwebhooks']);
    const installedNames = listFiles(join(consumer, 'node_modules'))
      .filter((file) => file.endsWith('/package.json'))
      .join('\n');
    for (const devOnly of ['@stoplight/prism-cli', '@redocly/cli', 'ajv/', 'typescript/', 'vitest/'])
      expect(installedNames).not.toContain(devOnly);
  });

  it('compiles the client guide examples unchanged under a strict tsconfig (strict, exactOptionalPropertyTypes, no skipLibCheck)', async () => {
    const tsc = join(projectRoot, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: consumer }).catch((error) => error);
    expect(result.stdout ?? '').toBe('');
  }, 120_000);

  it('runs the client example against a local server: the checkout URL is printed, the key is sent and never printed', async () => {
    answers.push({ status: 201, type: 'application/json', body: created });
    const { code, stdout, stderr } = await runExample();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`Send the customer to ${created.url}`);
    expect(received.at(-1)?.authorization).toBe(`Api-Key ${CANARY_KEY}`);
    expect(received.at(-1)?.['idempotency-key']).toBe('order-1001');
    expect(stdout + stderr).not.toContain(CANARY_KEY);
  });

  it('the client example reports a problem answer and exits 1', async () => {
    answers.push({ status: 422, type: 'application/problem+json', body: validationProblem });
    const { code, stdout, stderr } = await runExample();
    expect(code).toBe(1);
    expect(stderr).toContain('422 https://api.checkout.example/problems/validation-failed');
    expect(stderr).toContain('/invoice_items/0/quantity');
    expect(stdout + stderr).not.toContain(CANARY_KEY);
  });

  it('exports the contract files and package.json, and hides everything else', async () => {
    const probe = [
      "const json = (await import('checkout-api-contract/openapi.json', { with: { type: 'json' } })).default;",
      "const { createRequire } = await import('node:module');",
      'const require = createRequire(import.meta.url);',
      "const yamlPath = require.resolve('checkout-api-contract/openapi.yaml');",
      "const pkg = require('checkout-api-contract/package.json');",
      "let hidden = 'visible';",
      "try { await import('checkout-api-contract/dist/client/request-draft.js'); } catch (error) { hidden = error.code; }",
      'console.log(JSON.stringify({ title: json.info.title, yaml: yamlPath.endsWith("generated/openapi.yaml"), name: pkg.name, hidden }));',
    ].join('\n');
    writeFileSync(join(consumer, 'probe.mjs'), probe);
    const { stdout } = await run(process.execPath, ['probe.mjs'], { cwd: consumer });
    expect(JSON.parse(stdout)).toEqual({
      title: 'Checkout API',
      yaml: true,
      name: 'checkout-api-contract',
      hidden: 'ERR_PACKAGE_PATH_NOT_EXPORTED',
    });
  });
});

describe('the testing guide, run from the installed package', () => {
  it('keeps the testing kit out of the main entry: its import graph holds the client and verifier only', async () => {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [join(installed, 'dist/index.js')],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
    });
    const modules = Object.keys(result.metafile.inputs);
    expect(modules.some((path) => path.includes('checkout-api-contract/dist/client/'))).toBe(true);
    expect(modules.filter((path) => /dist\/(testing|sandbox|http|contract)\/|node_modules\/(msw|ajv|decimal\.js)\//.test(path))).toEqual(
      [],
    );
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.peerDependenciesMeta).toEqual({ msw: { optional: true } });
  });

  it('compiles every example of docs/testing.md unchanged under the same strict tsconfig', async () => {
    const tsc = join(projectRoot, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.testing.json'], { cwd: consumer }).catch((error) => error);
    expect(result.stdout ?? '').toBe('');
  }, 120_000);

  it('runs every example as a vitest suite of the consumer, all green, with no test skipped', async () => {
    const vitest = join(projectRoot, 'node_modules/vitest/vitest.mjs');
    const env = { PATH: process.env.PATH, CI: 'true' };
    const result = await run(process.execPath, [vitest, 'run', '--reporter=json', '--outputFile=report.json'], {
      cwd: consumer,
      env,
    }).catch((error) => error);
    const report = JSON.parse(readFileSync(join(consumer, 'report.json'), 'utf8'));
    const written = testingExamples.join('\n').match(/^test\(/gm)?.length ?? 0;
    expect(result.code ?? 0, result.stdout + result.stderr).toBe(0);
    expect(report.numTotalTestSuites).toBeGreaterThanOrEqual(testingExamples.length);
    expect(report.numPassedTests).toBe(written);
    expect(report.numTotalTests).toBe(written);
    expect(testingExamples.length).toBeGreaterThanOrEqual(4);
  }, 180_000);
});
