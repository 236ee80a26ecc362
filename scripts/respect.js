// `npm run respect`: `redocly respect` on the Arazzo workflows, with the API key taken from CHECKOUT_API_KEY so that it
// is never on a command line. npm prints the script line with its arguments before anything runs, so a key passed as
// `--input apiKey=…` was printed before Respect could mask it (issue 28, R20); a command line is also visible to
// every user of the machine. Respect reads each option of `respect` from REDOCLY_CLI_RESPECT_<OPTION> as well (yargs), so
// the key and any `--input` given here go to it as one JSON object in REDOCLY_CLI_RESPECT_INPUT. The workflows declare
// the key `format: password`, and Respect masks it in everything it prints and reports.
// Usage: CHECKOUT_API_KEY=… node scripts/respect.js --server checkout=<base URL> [--input name=value …]
//        [other respect options]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { projectRoot } from './generated-dir.js';

const WORKFLOWS = join(projectRoot, 'openapi/workflows/checkout.arazzo.yaml');
const INPUT_FLAGS = ['--input', '-i'];

/**
 * Respect's own reading of one `--input` value: a JSON object, or `name=value` pairs separated by commas.
 * @param {string} value
 * @returns {Record<string, unknown>}
 */
function readInput(value) {
  try {
    const parsed = JSON.parse(value);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch {
    // Not JSON: name=value pairs.
  }
  /** @type {Record<string, unknown>} */
  const pairs = {};
  for (const pair of value.split(',')) {
    const equals = pair.indexOf('=');
    if (equals > 0) pairs[pair.slice(0, equals).trim()] = pair.slice(equals + 1).trim();
  }
  return pairs;
}

/**
 * The command line without its `--input`s, and the inputs they gave.
 * @param {string[]} argv
 */
function splitInputs(argv) {
  /** @type {string[]} */
  const rest = [];
  /** @type {Record<string, unknown>} */
  let inputs = {};
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    const flag = INPUT_FLAGS.find((name) => arg === name || arg.startsWith(`${name}=`));
    if (flag === undefined) rest.push(arg);
    else if (arg === flag) inputs = { ...inputs, ...readInput(argv[++index] ?? '') };
    else inputs = { ...inputs, ...readInput(arg.slice(flag.length + 1)) };
  }
  return { rest, inputs };
}

/** @param {string} message */
function refuse(message) {
  process.stderr.write(`npm run respect: ${message}\n`);
  process.exit(2);
}

const apiKey = process.env.CHECKOUT_API_KEY?.trim();
if (!apiKey) refuse('the environment variable CHECKOUT_API_KEY is not set: export the API key the server accepts (it is never printed).');
const { rest, inputs } = splitInputs(process.argv.slice(2));
if ('apiKey' in inputs) {
  refuse('give the key in CHECKOUT_API_KEY, not as --input apiKey=…: npm prints the command line, key included.');
}
const fromEnvironment = process.env.REDOCLY_CLI_RESPECT_INPUT ? readInput(process.env.REDOCLY_CLI_RESPECT_INPUT) : {};
const require = createRequire(import.meta.url);
const cliPackage = require.resolve('@redocly/cli/package.json');
const redocly = join(dirname(cliPackage), require(cliPackage).bin.redocly);
const child = spawn(process.execPath, [redocly, 'respect', WORKFLOWS, ...rest], {
  stdio: 'inherit',
  env: {
    ...process.env,
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_CLI_RESPECT_INPUT: JSON.stringify({ ...fromEnvironment, ...inputs, apiKey }),
  },
});
child.on('exit', (code, signal) => {
  // Ended by a signal (Ctrl-C reaches Respect too): end the same way, so the caller sees what happened.
  if (signal) process.kill(process.pid, signal);
  else process.exitCode = code ?? 1;
});
