// Real child processes for the suites (Prism, the mock, the bundled sandbox and conformance bins): started in their
// own process group (on a port from ./ports.ts), output captured, and the whole group killed on stop.
import { type ChildProcess, spawn } from 'node:child_process';
import { LOOPBACK_ONLY_NODE_OPTIONS, REFUSAL_MARKER } from './loopback-only-dns.js';
import { waitFor } from './wait-for.js';

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  { cwd }: { cwd?: string } = {},
): RunningProcess {
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...loopbackOnlyEnv(), ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            /* gone */
          }
        }, 5_000);
        await exited;
        clearTimeout(timer);
      }
      expectNoLookupOffLoopback(output);
      return exited;
    },
  };
}

/** Resolve once `url` answers any HTTP status, or fail with the process's output. */
export async function waitForHttp(url: string, running: RunningProcess, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => {
      if (running.child.exitCode !== null)
        throw new Error(`the process exited with ${running.child.exitCode} before listening:\n${running.output()}`);
      return fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
        () => true,
        () => false,
      );
    },
    { what: () => `an answer at ${url}; output:\n${running.output()}`, deadlineMs: timeoutMs, pollMs: 200 },
  );
}

/** Resolve once the process has printed something matching `pattern`, or fail with its output. */
export async function waitForOutput(running: RunningProcess, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    () => {
      if (pattern.test(running.output())) return true;
      if (running.child.exitCode !== null) throw new Error(`the process exited with ${running.child.exitCode}:\n${running.output()}`);
      return false;
    },
    { what: () => `output matching ${pattern}; output:\n${running.output()}`, deadlineMs: timeoutMs, pollMs: 100 },
  );
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run a command to its end, with env added to (and `unset` removed from) this process's environment. */
export function runToEnd(command: string, args: string[], env: Record<string, string>, unset: string[] = []): Promise<Finished> {
  const merged: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', ...env };
  for (const name of unset) delete merged[name];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: merged });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The environment that makes a child's Node refuse DNS lookups off loopback and say so on stderr
 * (loopback-only-dns.js): each process the suites start gets it.
 */
export function loopbackOnlyEnv(): Record<string, string> {
  return {
    NODE_OPTIONS: [process.env.NODE_OPTIONS, LOOPBACK_ONLY_NODE_OPTIONS].filter(Boolean).join(' '),
    LOOPBACK_ONLY_DNS_CHILD: '1',
  };
}

/** Tests talk only to loopback: throws, naming them, when a child's output shows lookups it made of other names. */
export function expectNoLookupOffLoopback(output: string): void {
  const refused = output.split('\n').filter((line) => line.startsWith(REFUSAL_MARKER));
  if (refused.length > 0) throw new Error(`the process looked up names off loopback:\n${refused.join('\n')}`);
}
