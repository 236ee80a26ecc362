// Entry of the `checkout-mock` bin (`npm start`, `npm run mock`, `npm run proxy`): only the command line lives here.
// The run (run-mock.ts, with Prism's engine: most of the bin) is imported when a run begins, so `--help` and a usage
// error answer without evaluating it; the bin's build (scripts/build-mock.js) puts it in a file of its own.
// Exit codes: 2 bad usage, 1 could not start, 0 stopped by Ctrl-C, SIGTERM, SIGHUP or the end of its launcher.
import { watchForStop } from '../cli/lifecycle.js';
import { type Command, startCommand } from '../cli/run-command.js';
import { type MockConfig, parseMockArgs, USAGE } from './mock-config.js';

// First, before the run and Prism's engine are loaded: from here on Ctrl-C or SIGTERM ends the run with exit code 0.
const stopWatch = watchForStop();

const mockCommand: Command<MockConfig> = {
  name: 'checkout-mock',
  parse: parseMockArgs,
  help: () => USAGE,
  run: async (config, io) => {
    const { runMock } = await import('./run-mock.js');
    return runMock(config, io);
  },
};

startCommand(mockCommand, { stopWatch });
