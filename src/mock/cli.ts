// Entry of the `checkout-mock` bin (`npm start`, `npm run mock`, `npm run proxy`); the command is in run-mock.ts.
// Exit codes: 2 bad usage, 1 could not start, 0 stopped by Ctrl-C, SIGTERM, SIGHUP or the end of its launcher.
import { startCommand } from '../cli/run-command.js';
import { mockCommand } from './run-mock.js';

startCommand(mockCommand);
