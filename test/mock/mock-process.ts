// Starts the mock's bin (dist/bin/checkout-mock.js, rebuilt when stale) as a real process, as `npm start` does, and
// stops it the way a user would.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildMockIfStale } from '../support/built-bins.js';

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
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = output.match(BANNER_URL);
      if (match) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 50);
    void exited.then(({ code }) => {
      clearInterval(timer);
      reject(new Error(`the mock exited with ${code} before printing its URL:\n${output}`));
    });
  });

  return {
    baseUrl,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
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

/** Every process below `pid` (its children, theirs, …) with its command line, from one `ps` listing. */
export function listDescendants(pid: number): Array<{ pid: number; command: string }> {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), parent: Number(match[2]), command: match[3] }));
  const found: Array<{ pid: number; command: string }> = [];
  for (let frontier = [pid]; frontier.length > 0; ) {
    const children = rows.filter((row) => frontier.includes(row.parent));
    found.push(...children.map(({ pid: child, command }) => ({ pid: child, command })));
    frontier = children.map((row) => row.pid);
  }
  return found;
}

/** True while `pid` runs; a zombie (ended, not yet reaped by whoever inherited it) counts as ended. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .startsWith('Z');
  } catch {
    return false; // ps found no such process: it ended between the two checks
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
