// Entry of the `checkout-conformance` bin; the command is in run-cli.ts, its flags in usage.ts. Exit codes: 0
// conformant, 1 violations found, 2 could not run.
import { startCommand } from '../cli/run-command.js';
import { conformanceCommand } from './run-cli.js';

startCommand(conformanceCommand);
