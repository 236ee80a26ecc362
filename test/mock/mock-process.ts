// Starts `node scripts/start-mock.js` as a real process, as `npm start` does, and stops it the way a user would.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const BANNER_URL = /^(?:Base URL|Proxy URL): (http:\/\/\S+)/m;

export const CANARY_KEY = 'canary-key-9f1c7d2e5b8a4036';

export interface MockProcess {
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** Sends `signal` and resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startMockProcess(args: string[], env: Record<string, string> = {}): Promise<MockProcess> {
  const child = spawn(process.execPath, ['scripts/start-mock.js', ...args], {
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
      reject(new Error(`start-mock exited with ${code} before printing its URL:\n${output}`));
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

/** The process ids of `pid`'s direct children (Prism, for start-mock). */
export function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n').map((line) => Number(line.trim())).filter((n) => n > 0);
  } catch {
    return [];
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Last resort for a failed test: SIGKILL the process and the Prism groups it started. */
export function killEverything(mock: MockProcess | undefined): void {
  if (!mock?.child.pid) return;
  for (const pid of childPids(mock.child.pid)) {
    try { process.kill(-pid, 'SIGKILL'); } catch { /* already gone */ }
  }
  mock.child.kill('SIGKILL');
}

export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
