// Entry of the `checkout-mock` bin (`npm start`, `npm run mock`, `npm run proxy`): argv → config → command. Usage
// errors exit 2, a failed start exits 1, a stop by Ctrl-C or SIGTERM exits 0.
import { parseMockArgs, USAGE, UsageError } from './config.js';
import { runMock, runProxy } from './run-mock.js';

try {
  const config = parseMockArgs(process.argv.slice(2), process.env);
  if (config.help) console.log(USAGE);
  else await (config.command === 'proxy' ? runProxy(config) : runMock(config));
} catch (error) {
  console.error(error instanceof UsageError ? error.message : `Error: ${(error as Error).message}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
