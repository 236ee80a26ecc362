// Runs a command (src/cli/run-command.ts) as a function and records what it printed and its exit code.
import { type Command, type Env, runCommand } from '../../src/cli/run-command.js';

export interface RecordedRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function recordCommand<Config>(command: Command<Config>, argv: string[], env: Env = {}): Promise<RecordedRun> {
  const recorded = { code: -1, stdout: '', stderr: '' };
  recorded.code = await runCommand(command, argv, env, {
    stdout: (text) => {
      recorded.stdout += text;
    },
    stderr: (text) => {
      recorded.stderr += text;
    },
    interactive: false,
  });
  return recorded;
}
