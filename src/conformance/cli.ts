// The checkout-conformance command: wires the process to runCli. See usage.ts for the flags.
import { runCli } from './run-cli.js';

runCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: process.stderr.isTTY === true,
}).then((code) => {
  process.exitCode = code;
});
