#!/usr/bin/env node
// Entry of `npm start`, `npm run mock` and `npm run proxy`: argv → config → command. Usage errors exit 2, a
// failed start or a crashed Prism exits 1, a stop by Ctrl-C or SIGTERM exits 0.
import { parseMockArgs, USAGE, UsageError } from './mock/config.js';
import { runMock } from './mock/commands/mock.js';
import { runProxy } from './mock/commands/proxy.js';

const commands = { mock: runMock, proxy: runProxy };

try {
  const config = parseMockArgs(process.argv.slice(2), process.env);
  if (config.help) console.log(USAGE);
  else await commands[config.command](config);
} catch (error) {
  console.error(error instanceof UsageError ? error.message : `Error: ${error.message}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
