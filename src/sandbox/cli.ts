// Entry of the `checkout-sandbox` bin (also `npm run sandbox`); the command is in sandbox-command.ts, which loads the
// sandbox itself (start-sandbox.ts) only when a run begins. Exit codes: 0 stopped, 1 could not start, 2 bad usage or
// configuration.
import { watchForStop } from '../cli/lifecycle.js';
import { startCommand } from '../cli/run-command.js';
import { sandboxCommand } from './sandbox-command.js';

// First, before the sandbox's core is loaded: from here on Ctrl-C or SIGTERM ends the run with exit code 0.
const stopWatch = watchForStop();

startCommand(sandboxCommand, { stopWatch });
