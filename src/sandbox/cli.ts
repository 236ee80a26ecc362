// Entry of the `checkout-sandbox` bin (also `npm run sandbox`); the command is in sandbox-command.ts. Exit codes: 0 stopped,
// 1 could not start, 2 bad usage or configuration.
import { startCommand } from '../cli/run-command.js';
import { sandboxCommand } from './sandbox-command.js';

startCommand(sandboxCommand);
