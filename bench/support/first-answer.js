// Time to a server's first answer: from spawning its process to the first POST /api/v1/checkouts/ answered 201 with
// the contract's upperCaseCodes record. The finish line of the start-up figures of bench/mock.bench.js and
// bench/mock-startup.bench.js, the same for the mock and for the Prism CLI: a port that accepts a connection before
// the server can answer does not count, and any other answer on the way (a 5xx while loading) stops the bench.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { findPackageRoot } from '../../scripts/package-root.js';
import { freePort } from './free-port.js';

export const root = findPackageRoot();
const contract = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
export const PATH = '/api/v1/checkouts/';
export const requestBody = JSON.stringify(contract.components.examples.CreateCheckoutUpperCaseCodes.value);
export const record = contract.components.examples.CheckoutUpperCaseCodes.value;
export const HEADERS = {
  'content-type': 'application/json',
  authorization: 'Api-Key bench-key-not-a-secret',
  // code=201: the contract documents 200 beside it (D1), and the Prism CLI would answer its lowest 2xx, 200.
  prefer: 'code=201, example=upperCaseCodes',
};
export const mockBin = join(root, 'dist/bin/checkout-mock.js');
export const prismCli = join(root, 'node_modules/@stoplight/prism-cli/dist/index.js');
const bundleYaml = join(root, 'generated/openapi.yaml');
const TIMEOUT_MS = 60_000;
const RETRY_MS = 5;

/**
 * How to start one contender on a port: node's arguments (the node binary is chosen by the caller).
 * @typedef {(port: number) => string[]} Starter
 */

/**
 * The mock as `npm start` runs it, its bundle check skipped (--no-build).
 * @param {string} [bin] another build of the bin, such as the one before a change
 * @returns {Starter}
 */
export function startMockArgs(bin = mockBin) {
  return () => [bin, '--no-build'];
}

/**
 * The Prism CLI alone on the same bundle.
 * @param {string} level Prism's --verboseLevel
 * @returns {Starter}
 */
export function startPrismArgs(level) {
  return (port) => [prismCli, 'mock', bundleYaml, '--host', '127.0.0.1', '--port', String(port), '--verboseLevel', level];
}

/**
 * Spawns a contender with `node` (or another command, such as `npm`) in `cwd` and resolves with the milliseconds to
 * its first answer, once it has stopped again.
 * @param {string} node the Node binary, or the command to run
 * @param {Starter} starter
 * @param {{ cwd?: string }} [options] where it runs (default the repository)
 * @returns {Promise<number>}
 */
export async function timeFirstAnswer(node, starter, { cwd = root } = {}) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(node, starter(port), {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), FORCE_COLOR: '0', NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  /** @type {string | number | undefined} */
  let exitCode;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal ?? undefined;
      resolve(exitCode);
    }),
  );
  try {
    for (;;) {
      if (exitCode !== undefined) throw new Error(`${starter(port)[0]} exited with ${exitCode} before its first answer`);
      if (performance.now() - began > TIMEOUT_MS) throw new Error(`${starter(port)[0]}: no answer within ${TIMEOUT_MS / 1000} s`);
      const answer = await askOnce(port);
      if (answer === 'not listening') {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        continue;
      }
      const elapsed = performance.now() - began;
      if (answer.status !== 201 || !isDeepStrictEqual(answer.body, record)) {
        throw new Error(`${starter(port)[0]}'s first answer was ${answer.status}, not 201 with the upperCaseCodes record`);
      }
      return elapsed;
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * @param {number} port
 * @returns {Promise<'not listening' | { status: number, body: unknown }>}
 */
async function askOnce(port) {
  let response;
  try {
    response = await fetch(`http://127.0.0.1:${port}${PATH}`, { method: 'POST', headers: HEADERS, body: requestBody });
  } catch {
    return 'not listening';
  }
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}
