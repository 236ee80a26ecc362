// Every size, time and count that README.md and the guides state, each with the measurement it comes from: a file of
// bench/results/ (written by the bench named in the guide) or a build output. test/docs/stated-figures.test.ts holds
// the text to it. A figure is found by a pattern that must match its file exactly once, one capture per number, in
// the order of `measured`; `tolerance` is how far the text may be from the measurement, the rounding the text does
// (0: written exactly). The measurements themselves are held to the package by test/package/consumer.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../package/packed-package.js';

export interface StatedFigure {
  file: string;
  pattern: RegExp;
  measured: number[];
  tolerance: number;
  source: string;
}

const results = (name: string) => JSON.parse(readFileSync(join(projectRoot, 'bench/results', name), 'utf8'));
const install = results('install.json');
const client = results('client.json');
const testing = results('testing.json');
const conformance = results('conformance.json');
const mock = results('mock.json');
const mockStartup = results('mock-startup.json');
const sandbox = results('sandbox.json');

/** The mock's bin as built: its entry and the chunks beside it. */
function mockBinBytes(): number {
  const bin = join(projectRoot, 'dist/bin');
  return readdirSync(bin)
    .filter((name) => /^checkout-mock.*\.js$/.test(name))
    .reduce((sum, name) => sum + statSync(join(bin, name)).size, 0);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NUMBER = '([\\d,.]+)';
const MB = 1_000_000;

export const STATED_FIGURES: StatedFigure[] = [
  {
    file: 'README.md',
    pattern: /`npm ci` installs ([\d,]+) packages and builds\n`dist\/`: (\d+) s on a 2-core machine/,
    measured: [install.npmCi.packages, install.npmCi.ms / 1000],
    tolerance: 0.5,
    source: 'bench/results/install.json npmCi',
  },
  {
    file: 'docs/client.md',
    pattern: /the testing kit: ([\d.]+) MB packed, ([\d.]+) MB\nunpacked, (\d+) files/,
    measured: [install.pack.sizeBytes / MB, install.pack.unpackedBytes / MB, install.pack.files],
    tolerance: 0.05,
    source: 'bench/results/install.json pack',
  },
  {
    file: 'docs/client.md',
    pattern: /gzip -9\): \*\*(\d+) B\*\* \(goal ≤ 8 kB\); the whole entry,\nwith the callback verifier and standardwebhooks, is (\d+) B/,
    measured: [client.size.gzipBytes, client.packageEntrySize.gzipBytes],
    tolerance: 0,
    source: 'bench/results/client.json size, packageEntrySize',
  },
  {
    file: 'docs/client.md',
    pattern: /each contender keeps (\d+) requests in flight, and (\d+)\ninterleaved rounds of (\d+) ms/,
    measured: [client.method.concurrency, client.method.rounds, client.method.roundMs],
    tolerance: 0,
    source: 'bench/results/client.json method',
  },
  ...Object.entries({
    'raw `fetch`': 'raw fetch',
    'plain openapi-fetch, same middleware': 'plain openapi-fetch',
    'this client': 'this client',
  }).map(
    ([label, key]): StatedFigure => ({
      file: 'docs/client.md',
      pattern: new RegExp(`^\\| ${escapeRegExp(label)} \\| (\\d+) \\| (?:\\*\\*)?([\\d.]+)(?:\\*\\*)?[^|]* \\| (\\d+) µs \\|$`, 'm'),
      measured: [client.speed[key].medianRequestsPerSecond, client.speed[key].ratioToRawFetch, client.speed[key].cpuMicrosPerRequest],
      tolerance: 0.5,
      source: `bench/results/client.json speed["${key}"]`,
    }),
  ),
  {
    file: 'docs/client.md',
    pattern: /loses throughput \((0\.\d+) of raw fetch in the table\)/,
    measured: [client.speed['plain openapi-fetch'].ratioToRawFetch],
    tolerance: 0,
    source: 'bench/results/client.json speed["plain openapi-fetch"]',
  },
  {
    file: 'docs/testing.md',
    pattern: /\| (\d+) µs ÷ (\d+) µs: \*\*([\d.]+)× faster\*\* \|/,
    measured: [
      testing.speed.medianMicrosPerCreate['client, in-process'],
      testing.speed.medianMicrosPerCreate['client, loopback'],
      testing.speed.clientLoopbackToInProcess,
    ],
    tolerance: 0.5,
    source: 'bench/results/testing.json speed',
  },
  {
    file: 'docs/testing.md',
    pattern: /import included \(median of (\d+) processes\) \| (\d+) ms \|/,
    measured: [testing.startup.runs, testing.startup.firstCallWithImport.medianMs],
    tolerance: 0.5,
    source: 'bench/results/testing.json startup',
  },
  {
    file: 'docs/testing.md',
    pattern: /\(the compiled schemas are shared\) \| ([\d.]+) ms, ([\d.]+) ms \|/,
    measured: [testing.startup.secondCall.medianMs, testing.startup.createFetchSandboxAfterThem.medianMs],
    tolerance: 0.05,
    source: 'bench/results/testing.json startup',
  },
  {
    file: 'docs/testing.md',
    pattern: /\| Heap kept by ([\d,]+) creates, after GC \| ([\d.]+) MB \|/,
    measured: [1000, testing.heap.sameRequest.mbPerThousandCreates],
    tolerance: 0.05,
    source: 'bench/results/testing.json heap.sameRequest (per thousand creates)',
  },
  {
    file: 'docs/testing.md',
    pattern: /before and after the kit was added \| ([\d,]+) B, unchanged \|/,
    measured: [testing.entry.comparison.dependenciesExternal.afterBytes],
    tolerance: 0,
    source: 'bench/results/testing.json entry.comparison.dependenciesExternal',
  },
  {
    file: 'docs/testing.md',
    pattern:
      /and the glue between: (\d+) µs in the same run\) and by the web `Request` and `Response` it goes through \((\d+) µs\nand (\d+) µs to build and read one\), so it cannot get much faster than about a hundred microseconds, while a create over\nloopback costs (\d+) µs, most of it in `fetch` itself \((\d+) µs to a bare `node:http` server\)/,
    measured: [
      testing.speed.breakdown.inProcessRestMicros,
      testing.speed.medianMicrosPerCreate['reference: Request built, body read'],
      testing.speed.medianMicrosPerCreate['reference: Response built, parsed'],
      testing.speed.medianMicrosPerCreate['client, loopback'],
      testing.speed.medianMicrosPerCreate['reference: fetch to bare node:http'],
    ],
    tolerance: 0.5,
    source: 'bench/results/testing.json speed',
  },
  // docs/mock.md: the load table, its ratios and the start-up table.
  ...Object.entries({
    'bare node:http': 'bare node:http',
    "mock (`checkout-mock`, Prism's engine in-process, log fatal)": 'mock (checkout-mock, Prism in-process, log fatal)',
    'Prism alone, log info': 'Prism alone, log info',
    'Prism alone, log fatal': 'Prism alone, log fatal',
  }).map(
    ([label, key]): StatedFigure => ({
      file: 'docs/mock.md',
      pattern: new RegExp(`^\\| ${escapeRegExp(label)} \\| ${NUMBER} \\| ${NUMBER} ms \\| ${NUMBER} ms \\| ${NUMBER} \\|$`, 'm'),
      measured: [mock.load[key].requestsPerSecond, mock.load[key].p50Ms, mock.load[key].p99Ms, mock.load[key].rpsRatioToBare],
      tolerance: 0,
      source: `bench/results/mock.json load["${key}"]`,
    }),
  ),
  {
    file: 'docs/mock.md',
    pattern:
      /the mock ÷ Prism alone at `fatal` = \*\*([\d.]+)\*\*[\s\S]*?÷ Prism at `info` = ([\d.]+); Prism at `info` ÷ at `fatal` = ([\d.]+),/,
    measured: [mock.ratios.mockToPrismFatal, mock.ratios.mockToPrismInfo, mock.ratios.prismInfoToPrismFatal],
    tolerance: 0.005,
    source: 'bench/results/mock.json ratios',
  },
  ...Object.entries(mockStartup.nodes as Record<string, any>).map(
    ([node, figures]): StatedFigure => ({
      file: 'docs/mock.md',
      pattern: new RegExp(
        `^\\| ${escapeRegExp(node.slice(1))} \\| ${NUMBER} ms \\| ${NUMBER} ms \\| \\*\\*${NUMBER}\\*\\* \\| ${NUMBER} \\| ${NUMBER} ms \\(${NUMBER} ms\\) \\|$`,
        'm',
      ),
      measured: [
        figures.firstAnswerMedianMs.mock,
        figures.firstAnswerMedianMs['Prism CLI (log fatal)'],
        figures.firstAnswerMockToPrism,
        figures.firstAnswerMockBeforeToPrism,
        figures.helpMedianMs.mock,
        figures.helpMedianMs['mock before'],
      ],
      tolerance: 0.005,
      source: `bench/results/mock-startup.json nodes["${node}"]`,
    }),
  ),
  {
    file: 'docs/mock.md',
    pattern: /collection reader \(the mock hands it the OpenAPI bundle only\): [\d.]+ MB → ([\d.]+) MB/,
    measured: [mockBinBytes() / MB],
    tolerance: 0.05,
    source: 'the build output: dist/bin/checkout-mock*.js, the entry and its chunks (npm ci builds them)',
  },
  // docs/sandbox.md: the benchmark table.
  ...Object.entries({
    'sandbox (`checkout-sandbox`: validates, computes, stores, answers a fresh record)': 'sandbox',
    "validation floor (the sandbox's own checks, then a fixed record; `bench/support/validation-floor.ts`)": 'validation floor',
    'bare `node:http` (reads the body, answers a fixed record)': 'bare node:http',
    'Prism mock (`prism mock generated/openapi.yaml`, logging silenced)': 'Prism mock',
  }).map(
    ([label, key]): StatedFigure => ({
      file: 'docs/sandbox.md',
      pattern: new RegExp(`^\\| ${escapeRegExp(label)} \\| ${NUMBER} \\| ${NUMBER} ms \\| ${NUMBER} ms \\|$`, 'm'),
      measured: [sandbox.speed[key].medianRequestsPerSecond, sandbox.speed[key].medianP50Ms, sandbox.speed[key].medianP99Ms],
      tolerance: 0,
      source: `bench/results/sandbox.json speed["${key}"]`,
    }),
  ),
  {
    file: 'docs/sandbox.md',
    pattern:
      /sandbox ÷ Prism: \*\*([\d.]+)×\*\*[^\n]*\n- sandbox ÷ bare node: \*\*([\d.]+)\*\*[\s\S]*?reaches \*\*([\d.]+)\*\* of bare node in the same rounds[\s\S]*?\(sandbox ÷ floor ([\d.]+);/,
    measured: [
      sandbox.goals.sandboxToPrism.measured,
      sandbox.goals.sandboxToBare.measured,
      sandbox.floor.floorToBare,
      sandbox.floor.sandboxToFloor,
    ],
    tolerance: 0.05,
    source: 'bench/results/sandbox.json goals, floor',
  },
  {
    file: 'docs/sandbox.md',
    pattern: /resident memory: (\d+) MB after the speed rounds, (\d+) MB after ([\d ]+) creates, (\d+) MB after ([\d ]+):/,
    measured: [
      sandbox.memory.residentMbAfterSpeedRounds,
      sandbox.memory.residentMbAfter100000Creates,
      100_000,
      sandbox.memory.residentMbAfter200000Creates,
      200_000,
    ],
    tolerance: 0.5,
    source: 'bench/results/sandbox.json memory',
  },
  {
    file: 'docs/sandbox.md',
    pattern: /Measured on Node 20\.20, (\d+) shared cores \((\d+) rounds of (\d+) s, (\d+) connections\)/,
    measured: [sandbox.machine.cpus, sandbox.method.rounds, sandbox.method.roundSeconds, sandbox.method.connections],
    tolerance: 0,
    source: 'bench/results/sandbox.json machine, method',
  },
  // docs/conformance.md: the default run and the speed table.
  {
    file: 'docs/conformance.md',
    pattern: /and takes ([\d.]+) s of wall time for (\d+) requests/,
    measured: [conformance.fullRunAgainstSandbox.wallMs / 1000, conformance.fullRunAgainstSandbox.requests],
    tolerance: 0.05,
    source: 'bench/results/conformance.json fullRunAgainstSandbox',
  },
  {
    file: 'docs/conformance.md',
    pattern:
      /compiled once \(as the kit does\) \| ([\d,]+) \|\n\| … compiled for every record \| ([\d,]+) \(compiled once is ([\d,]+)× faster\) \|\n\| Whole-record checks\/s \(schema \+ seed rules \+ undocumented fields\) \| ([\d,]+) \|/,
    measured: [
      conformance.validationsPerSecond.compiledOnce,
      conformance.validationsPerSecond.compiledEachTime,
      conformance.ratios.compiledOnceVsCompiledEachTime,
      conformance.validationsPerSecond.wholeRecordChecks,
    ],
    tolerance: 0.5,
    source: 'bench/results/conformance.json validationsPerSecond, ratios',
  },
  {
    file: 'docs/conformance.md',
    pattern: /\| ([\d,]+) ms for (\d+) requests, the run itself ([\d,]+) ms \(goal < (\d+) s: ([\d.]+)× under\) \|/,
    measured: [
      conformance.fullRunAgainstSandbox.wallMs,
      conformance.fullRunAgainstSandbox.requests,
      conformance.fullRunAgainstSandbox.runMs,
      conformance.fullRunAgainstSandbox.budgetMs / 1000,
      conformance.ratios.fullRunBudgetVsWallTime,
    ],
    tolerance: 0,
    source: 'bench/results/conformance.json fullRunAgainstSandbox, ratios',
  },
  {
    file: 'docs/conformance.md',
    pattern: /\| (\d+)\/(\d+) caught in ([\d.]+) s \|/,
    measured: [conformance.mutationSuite.caught, conformance.mutationSuite.cases, conformance.mutationSuite.totalMs / 1000],
    tolerance: 0.05,
    source: 'bench/results/conformance.json mutationSuite',
  },
  {
    file: 'docs/conformance.md',
    pattern: /so (\d+) broken implementations in all, (\d+) runs with their levels against each sandbox, every one caught/,
    measured: [conformance.mutationSuite.mutations, conformance.mutationSuite.caught],
    tolerance: 0,
    source: 'bench/results/conformance.json mutationSuite',
  },
];

/** The files whose figures are held here: README.md and the guides this list covers (decisions.md states rules). */
export const FIGURE_FILES = [
  'README.md',
  'docs/client.md',
  'docs/testing.md',
  'docs/mock.md',
  'docs/sandbox.md',
  'docs/conformance.md',
  'docs/reference-docs.md',
  'docs/contributing.md',
];

/** A number with a unit of size, time, speed or count, as a guide writes a figure. */
export const FIGURE = /\b\d[\d,.]*\s?(?:ms|µs|s|MB|kB|KiB|MiB|B|×|req\/s|requests|packages|files|runs|cases|bodies|tests)(?!\w)/g;

/**
 * Figures that are not measurements, each found by a phrase of its file, with why: the contract's limits and
 * timeouts, settings and their defaults, goals, the parameters a test or bench runs with, arithmetic in an example.
 * A figure in none of these phrases and no STATED_FIGURES match fails stated-figures.test.ts.
 */
export const NOT_MEASURED: Array<{ file: string; phrase: string; why: string }> = [
  { file: 'docs/mock.md', phrase: 'the one Prism CLI 5.14.2 runs', why: 'a version' },
  { file: 'docs/mock.md', phrase: 'Body over 1 MiB', why: 'the contract limit (D14)' },
  { file: 'docs/mock.md', phrase: 'Headers over 16 KiB', why: "Node's header limit" },
  { file: 'docs/mock.md', phrase: 'a deadline of 15 s', why: 'the contract timeout (D7)' },
  { file: 'docs/mock.md', phrase: 'with 256 MiB costs the mock nothing', why: 'a test input' },
  { file: 'docs/mock.md', phrase: 'a receiver answering 256 MiB', why: 'a test input' },
  { file: 'docs/mock.md', phrase: 'no process within 5 s', why: "a test's deadline" },
  { file: 'docs/mock.md', phrase: 'before (one 8.3 MB bin)', why: "the old bin, as bench/results/mock-startup.json's method records it" },
  { file: 'docs/mock.md', phrase: 'at most 0.6 × Prism', why: "issue 22's goal" },
  { file: 'docs/mock.md', phrase: 'wait up to 60 s for the upstream', why: 'a flag in an example' },
  { file: 'docs/mock.md', phrase: 'up to 10 MB (Prism', why: "the proxy's request bound, a setting" },
  { file: 'docs/mock.md', phrase: 'a 256 MiB answer reaches', why: 'a test input' },
  { file: 'docs/mock.md', phrase: 'less than the 128 MiB that', why: 'the bound the test allows' },
  { file: 'docs/mock.md', phrase: 'within 30 s.`); an answer', why: "the flag's default" },
  { file: 'docs/mock.md', phrase: 'the 8 KiB cut of', why: "Prism's header bound, a setting" },
  { file: 'docs/mock.md', phrase: 'within its first 1 MiB', why: "the proxy's validation bound, a setting" },
  { file: 'docs/mock.md', phrase: 'answer within 30 s.`, `→ 201', why: "a log line at the flag's default" },
  { file: 'docs/mock.md', phrase: 'bodies cut short, 256 MiB, silence', why: 'a test input' },
  { file: 'docs/conformance.md', phrase: 'and 1 MiB of each body', why: "the kit's receiver bound, a setting" },
  { file: 'docs/sandbox.md', phrase: 'the service shows about 1 s', why: "the real service's record, not this package" },
  { file: 'docs/sandbox.md', phrase: 'has to answer `2xx` (D7: 15 s)', why: 'the contract timeout (D7)' },
  { file: 'docs/sandbox.md', phrase: 'at most 5 s, to finish', why: 'the shutdown grace, a setting' },
  { file: 'docs/sandbox.md', phrase: '`413` over 1 MiB', why: 'the contract limit (D14)' },
  { file: 'docs/sandbox.md', phrase: 'so 1 × 899.55 INR', why: 'arithmetic of an example' },
  { file: 'docs/sandbox.md', phrase: 'data: 2 × 49.99 USD', why: 'arithmetic of an example' },
  { file: 'docs/sandbox.md', phrase: 'collection every 20 ms', why: "a test's setting" },
  { file: 'docs/conformance.md', phrase: '`5000`, `500ms`, `5s` (default 5 s)', why: 'the flag and its default' },
  { file: 'docs/conformance.md', phrase: 'A body over 1 MiB', why: 'the contract limit (D14)' },
  { file: 'docs/conformance.md', phrase: '| 5 requests sent at once', why: "the check's input" },
  { file: 'docs/conformance.md', phrase: 'its jitter (5.5 s)', why: 'the contract schedule (D7)' },
  { file: 'docs/conformance.md', phrase: '(`--retry-wait`, default 6.5 s)', why: 'the default of a flag' },
  { file: 'docs/conformance.md', phrase: 'jitter (5 s + 10 %) and 1 s for', why: 'the contract schedule (D7)' },
  { file: 'docs/conformance.md', phrase: 'may\ntake 15 s to answer', why: 'the contract timeout (D7)' },
  { file: 'docs/conformance.md', phrase: 'keep every run over 20 s', why: 'arithmetic of the timeout' },
  { file: 'docs/conformance.md', phrase: '158 cases; the', why: 'held by test/conformance/negative-space.test.ts' },
  { file: 'docs/conformance.md', phrase: 'a retry 2.5 s later', why: 'a broken implementation of the mutation suite' },
  { file: 'docs/conformance.md', phrase: 'with a 100 ms retry schedule', why: "the tests' setting" },
  {
    file: 'docs/conformance.md',
    phrase: "`--retry-wait 1500ms`, so no test waits the contract's 5 s",
    why: "the tests' setting, the contract schedule",
  },
  { file: 'docs/conformance.md', phrase: 'with its 5 s first retry', why: 'the contract schedule (D7)' },
  { file: 'docs/conformance.md', phrase: 'separated by commas (`100ms,200ms,400ms`)', why: 'an example of the flag' },
  {
    file: 'docs/conformance.md',
    phrase: 'the retry wait (7 s by default)',
    why: 'the Retry-After the check sends, from the default retry wait',
  },
  { file: 'docs/conformance.md', phrase: "issue 27's goal < 20 s", why: 'a goal' },
  { file: 'docs/conformance.md', phrase: 'one retry wait and a second, 7.5 s, of it', why: 'the default retry wait above and one second' },
];
