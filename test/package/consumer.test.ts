// Done when a throwaway project can install the packed tarball, compile the client guide's examples unchanged under a
// strict tsconfig, and run the client example against a local server; and compile and run the testing guide's
// examples (docs/testing.md), each a vitest file, unchanged and green: with msw 2 and vitest 4 (the project's own), and
// in a second throwaway project with msw 3 and vitest 5 (test/package/current-tools) on the Node lines those support.
// TypeScript 5.9, 6 and 7 compile the consumer under NodeNext and Bundler resolution; the tarball passes
// `npm publish --dry-run` and Are the Types Wrong (ESM only).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/load-contract.js';
import { namedRequests } from '../sandbox/support/contract-checks.js';
import { CALLBACK_SECRET, startTestSandbox } from '../sandbox/support/sandbox-harness.js';
import { CANARY_KEY } from '../support/canary.js';
import { freePort } from '../support/ports.js';
import { startProcess, waitForHttp, waitForOutput } from '../support/processes.js';
import { waitFor } from '../support/wait-for.js';
import { checkNodeRuns, installCurrentTools, lockedVersion } from './current-tools.js';
import { listGuideFiles, readCommandBlocks, readGuideExamples } from './guide-examples.js';
import { installIntoConsumer, listFiles, npmEnv, packProject, projectRoot, run } from './packed-package.js';

const contract = loadContract();
const created = contract.components.examples.CheckoutUsdtOnTron.value as { url: string };
const validationProblem = (contract.components.responses.ValidationFailed as any).content['application/problem+json'].examples
  .validationFailed.value;

let workDir: string;
let tarball: string;
let toolsDir: string;
let consumer: string;
let installed: string;
let server: Server;
let serverUrl: string;
let testingExamples: string[];
// Headers of a delivery in the Standard Webhooks shape, signed with a key that is not the receiver's.
const FORGED_HEADERS = {
  'content-type': 'application/json',
  'webhook-id': 'msg_forged',
  'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
  'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}`,
};
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
// `toolsRoot`: the same versions a consumer would install, without a second download).
function writeTestingExamples(project: string, examples: string[], toolsRoot: string) {
  mkdirSync(join(project, 'tests'));
  for (const [index, code] of examples.entries()) writeFileSync(join(project, 'tests', `testing-example-${index + 1}.test.ts`), code);
  for (const name of ['vitest', 'msw']) symlinkSync(join(toolsRoot, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  const tsconfig = { compilerOptions: { ...STRICT_OPTIONS, lib: ['ES2022', 'DOM'], noEmit: true }, include: ['tests'] };
  writeFileSync(join(project, 'tsconfig.testing.json'), JSON.stringify(tsconfig, null, 2));
}

/** Run the consumer's tests with the vitest in its node_modules; resolves with the exit code, output and JSON report. */
async function runConsumerVitest(project: string) {
  const vitest = join(project, 'node_modules/vitest/vitest.mjs');
  const env = { PATH: process.env.PATH, CI: 'true' };
  const args = [vitest, 'run', '--reporter=json', '--outputFile=report.json'];
  const result = await run(process.execPath, args, { cwd: project, env }).catch((error) => error);
  const report = JSON.parse(readFileSync(join(project, 'report.json'), 'utf8'));
  return { code: (result.code ?? 0) as number, output: `${result.stdout}${result.stderr}`, report };
}

/** Compile a project's tsconfig with the tsc at `tsc`; resolves with tsc's output, empty when it compiles. */
async function compile(tsc: string, project: string, config: string): Promise<string> {
  const result = await run(process.execPath, [tsc, '-p', config], { cwd: project }).catch((error) => error);
  return `${result.stdout ?? ''}${result.stderr ?? ''}`;
}

async function runExample(
  env: Record<string, string> = { CHECKOUT_API_URL: serverUrl, CHECKOUT_API_KEY: CANARY_KEY },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, ['out/guide-example-1.js'], { cwd: consumer, env: { PATH: process.env.PATH, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'checkout-consumer-'));
  [tarball, toolsDir] = await Promise.all([packProject(workDir), installCurrentTools()]);
  consumer = await installIntoConsumer(workDir, tarball);
  installed = join(consumer, 'node_modules', 'checkout-api-contract');
  writeConsumerSources(readGuideExamples(join(projectRoot, 'docs/client.md')));
  testingExamples = readGuideExamples(join(projectRoot, 'docs/testing.md'), '# Testing your integration', 'msw@2');
  writeTestingExamples(consumer, testingExamples, projectRoot);

  server = createServer((req, res) => {
    received.push(req.headers);
    req.resume().on('end', () => {
      const answer = answers.shift() ?? { status: 500, type: 'text/plain', body: 'no answer planned' };
      res.writeHead(answer.status, { 'Content-Type': answer.type }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 420_000);

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
        'LICENSE',
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

  it('has the sizes the guides state, within 5 %: the tarball and its files (install.json), the main entry gzipped (client.json)', async () => {
    const measured = (name: string) => JSON.parse(readFileSync(join(projectRoot, 'bench/results', name), 'utf8'));
    const { pack } = measured('install.json');
    const files = listFiles(installed);
    const unpacked = files.reduce((sum, file) => sum + statSync(join(installed, file)).size, 0);
    // The client bench bundles the entry the same way: esbuild, ESM for Node 20, minified, then gzip -9.
    const { build } = await import('esbuild');
    const bundle = await build({
      entryPoints: [join(installed, 'dist/index.js')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
    });
    const entryGzip = gzipSync(bundle.outputFiles[0].contents, { level: 9 }).length;
    const ratios = {
      packedBytes: statSync(tarball).size / pack.sizeBytes,
      unpackedBytes: unpacked / pack.unpackedBytes,
      files: files.length / pack.files,
      entryGzipBytes: entryGzip / measured('client.json').packageEntrySize.gzipBytes,
    };
    for (const [what, ratio] of Object.entries(ratios)) expect(Math.abs(ratio - 1), `${what}: ${ratio}`).toBeLessThanOrEqual(0.05);
  });

  it('is an ESM package for the Node lines .ci/run tests that pulls in only openapi-fetch and standardwebhooks, none of the dev tooling', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.type).toBe('module');
    expect(manifest.engines.node).toBe('^20.19.0 || ^22.12.0 || ^24.0.0 || >=26.0.0');
    const ciRun = readFileSync(join(projectRoot, '.ci/run'), 'utf8');
    expect(ciRun).toContain('NODE_VERSIONS=(20.20.2 22.23.3 24.21.0 26.10.0)');
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

  it('the client example without CHECKOUT_API_KEY stops before any request and says what to set', async () => {
    const before = received.length;
    const { code, stderr } = await runExample({ CHECKOUT_API_URL: serverUrl });
    expect(code).toBe(1);
    expect(stderr).toContain('Error: Set CHECKOUT_API_KEY: any value for the mock, the key npx checkout-sandbox printed for the sandbox.');
    expect(received.length).toBe(before);
  });

  it('runs the client example against the sandbox as the guide says: a real checkout of 2 × 12.50 usdt', async () => {
    const sandbox = await startTestSandbox();
    try {
      const { code, stdout, stderr } = await runExample({ CHECKOUT_API_URL: sandbox.baseUrl, CHECKOUT_API_KEY: CANARY_KEY });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^Send the customer to ${sandbox.baseUrl}/checkouts/[0-9a-f-]{36} to pay 25\\.00 usdt\\.\n$`));
      expect(stdout).not.toContain(CANARY_KEY);
    } finally {
      await sandbox.close();
    }
  });

  it('installs the three bins, whose --help tells an installed user to run them with npx', async () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.bin).sort()).toEqual(['checkout-conformance', 'checkout-mock', 'checkout-sandbox']);
    for (const name of Object.keys(manifest.bin)) {
      const { stdout } = await run(join(consumer, 'node_modules/.bin', name), ['--help'], { cwd: consumer });
      expect(stdout).toContain(`npx ${name}`);
      expect(stdout).not.toMatch(/^\s+npm (start|run)/m);
    }
  }, 60_000);

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

describe("the client guide's callback receiver, run from the installed package", () => {
  it('without CHECKOUT_CALLBACK_SECRET it exits at start and says what to set', async () => {
    const env = { PORT: String(await freePort()), CHECKOUT_CALLBACK_SECRET: undefined };
    const receiver = startProcess(process.execPath, [join(consumer, 'out/guide-example-2.js')], env);
    await expect(receiver.exited).resolves.toBe(1);
    expect(receiver.output()).toContain('Error: Set CHECKOUT_CALLBACK_SECRET to the whsec_… secret npx checkout-sandbox printed.');
  });

  it("acknowledges the sandbox's genuine callback with 204 and prints the payment; refuses a forged one with 400", async () => {
    const sandbox = await startTestSandbox();
    const port = await freePort();
    const env = { PORT: String(port), CHECKOUT_CALLBACK_SECRET: CALLBACK_SECRET };
    const receiver = startProcess(process.execPath, [join(consumer, 'out/guide-example-2.js')], env);
    try {
      const callbackUrl = `http://127.0.0.1:${port}/webhooks/checkout`;
      await waitForHttp(callbackUrl, receiver);
      const created = await (await sandbox.createCheckout({ ...namedRequests.usdtOnTron, callback_url: callbackUrl })).json();
      expect((await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${created.id}/complete`)).status).toBe(200);
      // An attempt is listed once it has ended (a failed one would wait 5 s for its retry).
      const deliveries = await waitFor(
        async () => {
          const { deliveries: events } = await (await sandbox.callHelper('GET', `/sandbox/v1/checkouts/${created.id}/deliveries`)).json();
          return events[0]?.attempts?.length ? events : undefined;
        },
        { what: "the first callback attempt's answer" },
      );
      expect(deliveries[0].status).toBe('delivered');
      expect(deliveries[0].attempts.map((attempt: { responseStatus: number }) => attempt.responseStatus)).toEqual([204]);
      expect(receiver.output()).toBe(`Checkout ${created.id} is paid: ${created.amountTotal} ${created.currency}\n`);

      const forged = await fetch(callbackUrl, {
        method: 'POST',
        headers: FORGED_HEADERS,
        body: JSON.stringify({ type: 'checkout.completed' }),
      });
      expect(forged.status).toBe(400);
      await expect(forged.text()).resolves.toBe('bad_signature');
      expect(receiver.output()).not.toContain(CALLBACK_SECRET);
    } finally {
      await receiver.stop();
      await sandbox.close();
    }
  }, 60_000);
});

// The guides' blocks of commands marked `<!-- run: … -->`, run in the consumer as a reader would type them. Servers get
// PORT=0 (a reader's default port may be taken on a shared machine) and are stopped once they answer.
const commandBlocks = listGuideFiles(projectRoot).flatMap((path) => readCommandBlocks(path));
const TRIED_KEY = 'my-test-key'; // the key the conformance guide gives the sandbox and the kit
// npm settings inherited from an outer `npm test` would steer the consumer's npx; a reader's shell has none.
const withoutNpmSettings = Object.fromEntries(
  Object.keys(process.env)
    .filter((name) => /^npm_/i.test(name))
    .map((name) => [name, undefined]),
);

async function startInConsumer(line: string) {
  const running = startProcess('sh', ['-c', line], { ...withoutNpmSettings, PORT: '0', NO_UPDATE_NOTIFIER: '1' }, { cwd: consumer });
  await waitForOutput(running, /http:\/\/127\.0\.0\.1:\d+/);
  const [baseUrl] = running.output().match(/http:\/\/127\.0\.0\.1:\d+/) ?? [''];
  await waitForHttp(baseUrl, running);
  return { running, baseUrl };
}

describe("the guides' commands, run in the throwaway consumer", () => {
  for (const block of commandBlocks.filter((each) => each.run === 'each line')) {
    for (const line of block.code.split('\n').filter((text) => text.trim() !== '')) {
      it(`${relative(projectRoot, block.path)}:${block.line}: ${line.replace(/\s+#.*$/, '')} starts and answers`, async () => {
        const { running } = await startInConsumer(line);
        await running.stop();
        expect(running.output()).not.toMatch(/npm (error|ERR!)|command not found/);
        expect(running.output()).not.toContain(TRIED_KEY);
      }, 60_000);
    }
  }

  for (const block of commandBlocks.filter((each) => each.run === 'the whole block')) {
    it(`${relative(projectRoot, block.path)}:${block.line}: runs against the sandbox the guide starts, conformant, the key never shown`, async () => {
      // The guide starts the sandbox on its default port; here it takes a free one, which the block is pointed at.
      const sandbox = await startInConsumer(`CHECKOUT_API_KEYS=${TRIED_KEY} npx checkout-sandbox`);
      try {
        const script = block.code.replaceAll('http://127.0.0.1:4011', sandbox.baseUrl);
        const env = { PATH: process.env.PATH, HOME: process.env.HOME, NO_UPDATE_NOTIFIER: '1' };
        const { stdout, stderr } = await run('sh', ['-e', '-c', script], { cwd: consumer, env });
        expect(stdout).toMatch(/^Verdict: CONFORMANT/m);
        const report = readFileSync(join(consumer, 'conformance.json'), 'utf8');
        expect(JSON.parse(report).verdict).toMatch(/^conformant/);
        expect(readFileSync(join(consumer, 'conformance.xml'), 'utf8')).toContain('<testsuite');
        for (const text of [stdout, stderr, report, sandbox.running.output()]) expect(text).not.toContain(TRIED_KEY);
      } finally {
        await sandbox.running.stop();
      }
    }, 120_000);
  }
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

  it('runs every example as a vitest suite of the consumer, all green, with no test skipped (msw 2, vitest 4)', async () => {
    const { code, output, report } = await runConsumerVitest(consumer);
    const written = testingExamples.join('\n').match(/^test\(/gm)?.length ?? 0;
    // docs/testing.md: four examples for msw 2, with ten tests between them.
    expect([testingExamples.length, written]).toEqual([4, 10]);
    expect(code, output).toBe(0);
    expect(report.numTotalTestSuites).toBeGreaterThanOrEqual(testingExamples.length);
    expect(report.numPassedTests).toBe(written);
    expect(report.numTotalTests).toBe(written);
  }, 180_000);
});

const currentMajors = checkNodeRuns('msw', 'vitest');
const currentName = `msw ${lockedVersion('msw')} and vitest ${lockedVersion('vitest')}`;

describe(`the testing guide with ${currentName}, in a second throwaway project`, () => {
  let project: string;
  let examples: string[];

  beforeAll(() => {
    if (!currentMajors.runs) return;
    // The same installed tarball, copied without the first project's links to msw 2 and vitest 4.
    project = join(workDir, 'consumer-current');
    cpSync(consumer, project, {
      recursive: true,
      filter: (source) =>
        !['tests', 'src', 'out', 'report.json', 'node_modules/msw', 'node_modules/vitest'].includes(relative(consumer, source)),
    });
    examples = readGuideExamples(join(projectRoot, 'docs/testing.md'), '# Testing your integration', 'msw@3');
    writeTestingExamples(project, examples, toolsDir);
  });

  it.skipIf(!currentMajors.runs)(
    `compiles every example for msw 3 unchanged under the strict tsconfig${currentMajors.runs ? '' : ` (${currentMajors.reason})`}`,
    async () => {
      const tsc = join(toolsDir, 'node_modules/typescript/bin/tsc');
      expect(await compile(tsc, project, 'tsconfig.testing.json')).toBe('');
    },
    120_000,
  );

  it.skipIf(!currentMajors.runs)(
    `runs every example for msw 3 as a vitest 5 suite, all green, none skipped${currentMajors.runs ? '' : ` (${currentMajors.reason})`}`,
    async () => {
      const { code, output, report } = await runConsumerVitest(project);
      const written = examples.join('\n').match(/^test\(/gm)?.length ?? 0;
      expect([examples.length, written]).toEqual([4, 10]);
      expect(code, output).toBe(0);
      expect(report.numTotalTestSuites).toBeGreaterThanOrEqual(examples.length);
      expect(report.numPassedTests).toBe(written);
      expect(report.numTotalTests).toBe(written);
      expect(examples).not.toEqual(testingExamples);
    },
    180_000,
  );
});

// A strict consumer of the client and the testing kit (msw 2 and vitest 4 types, the testing guide's examples
// included), under each major of TypeScript and the module resolutions of Node and of bundlers (Node16 resolves as
// NodeNext does for this package). TypeScript 7 is the native compiler (the `typescript` package from 7.0 on).
const TYPESCRIPTS = [
  {
    name: `TypeScript ${JSON.parse(readFileSync(join(projectRoot, 'node_modules/typescript/package.json'), 'utf8')).version}`,
    tsc: () => join(projectRoot, 'node_modules/typescript/bin/tsc'),
  },
  { name: `TypeScript ${lockedVersion('typescript')}`, tsc: () => join(toolsDir, 'node_modules/typescript/bin/tsc') },
  { name: `TypeScript ${lockedVersion('typescript7')}`, tsc: () => join(toolsDir, 'node_modules/typescript7/bin/tsc') },
];
const RESOLUTIONS = [
  { name: 'NodeNext', module: 'NodeNext', moduleResolution: 'NodeNext' },
  { name: 'Bundler', module: 'ESNext', moduleResolution: 'Bundler' },
];

describe('the package types under each TypeScript major and module resolution', () => {
  for (const typescript of TYPESCRIPTS) {
    for (const resolution of RESOLUTIONS) {
      it(`${typescript.name}, ${resolution.name}: the client and testing guides compile under strict, no error`, async () => {
        const name = `tsconfig.${basename(typescript.tsc())}-${typescript.name.replace(/\W+/g, '_')}-${resolution.name}.json`;
        const compilerOptions = {
          ...STRICT_OPTIONS,
          lib: ['ES2022', 'DOM'],
          noEmit: true,
          module: resolution.module,
          moduleResolution: resolution.moduleResolution,
        };
        writeFileSync(join(consumer, name), JSON.stringify({ compilerOptions, include: ['src', 'tests'] }, null, 2));
        expect(await compile(typescript.tsc(), consumer, name)).toBe('');
      }, 120_000);
    }
  }
});

describe('publishing', () => {
  it('npm publish --dry-run accepts the package as it is, with nothing to auto-correct', async () => {
    // The staging copy packProject built: dist/ is there, so the dry run needs no second build.
    const { stdout, stderr } = await run('npm', ['publish', '--dry-run', '--ignore-scripts', '--json'], {
      cwd: join(workDir, 'stage'),
      env: npmEnv(),
    });
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
    const published = JSON.parse(stdout.slice(stdout.indexOf('{')))[manifest.name];
    expect(published.id).toBe(`${manifest.name}@${manifest.version}`);
    expect(published.files.map((file: { path: string }) => file.path)).toContain('LICENSE');
    // What npm says about the package (auto-corrected fields, invalid bins); that this machine is logged in to no
    // registry is about the machine, and the one line a dry run prints about it is left out.
    const warnings = stderr.split('\n').filter((line) => /^npm (warn|error) publish/.test(line));
    expect(warnings.filter((line) => !/requires you to be logged in to .* \(dry-run\)$/.test(line))).toEqual([]);
    expect(manifest.repository.url).toBe('git+https://github.com/checkout-api-contract/checkout-api-contract.git');
  }, 120_000);

  it('Are the Types Wrong finds no problem in any typed entry point under the ESM resolution modes', async () => {
    const attw = join(projectRoot, 'node_modules/@arethetypeswrong/cli/dist/index.js');
    // openapi.yaml is a file to read (require.resolve), not a module: no resolution mode types it, nor should.
    const args = [attw, tarball, '--profile', 'esm-only', '--exclude-entrypoints', './openapi.yaml', '--format', 'json'];
    const result = await run(process.execPath, args, { cwd: workDir }).catch((error) => error);
    const report = JSON.parse(result.stdout);
    const esmProblems = report.analysis.problems.filter((problem: { resolutionKind?: string }) =>
      ['node16-esm', 'bundler'].includes(problem.resolutionKind ?? ''),
    );
    expect(esmProblems, result.stdout).toEqual([]);
    expect(result.code ?? 0).toBe(0);
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual(['.', './msw', './openapi.json', './package.json', './testing']);
  }, 120_000);
});
