// Starts the mock's bin (dist/bin/checkout-mock.js, rebuilt when stale) as a real process, as `npm start` does, and
// stops it the way a user would.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildMockIfStale } from '../support/built-bins.js';
import { expectNoLookupOffLoopback, loopbackOnlyEnv } from '../support/processes.js';
import { waitFor } from '../support/wait-for.js';

export { isAlive, listDescendants } from '../support/process-tree.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const BANNER_URL = /^(?:Base URL|Proxy URL): (http:\/\/\S+)/m;

export interface MockProcess {
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** Sends `signal` and resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

// Not test/support/processes.ts: these tests send one chosen signal to the mock itself, as a terminal's Ctrl-C does,
// and read how it ended; startProcess detaches a group and always stops it with SIGTERM.
export async function startMockProcess(args: string[], env: Record<string, string> = {}): Promise<MockProcess> {
  const child = spawn(process.execPath, [buildMockIfStale(), ...args], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...loopbackOnlyEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const baseUrl = await waitFor(
    () => {
      const match = output.match(BANNER_URL);
      if (match) return match[1];
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the mock exited with ${child.exitCode ?? child.signalCode} before printing its URL:\n${output}`);
      return undefined;
    },
    { what: () => `the mock's banner; output:\n${output}`, deadlineMs: 60_000, pollMs: 50 },
  );

  return {
    baseUrl,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const ended = await exited;
      expectNoLookupOffLoopback(output);
      return ended;
    },
  };
}

/** The process ids of `pid`'s direct children (none for the mock: Prism's engine runs in its process). */
export function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

/** Last resort for a failed test: SIGKILL the process and any process group it started. */
export function killEverything(mock: MockProcess | undefined): void {
  if (!mock?.child.pid) return;
  for (const pid of childPids(mock.child.pid)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  mock.child.kill('SIGKILL');
}
