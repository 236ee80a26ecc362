// Real child processes for the self-test (the sandbox bin, the Prism mock, the kit's own bin): started in their own
// process group on a free loopback port, output captured, the whole group killed on stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function startProcess(command: string, args: string[], env: Record<string, string | undefined>): RunningProcess {
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', ...env } });
  let output = '';
  child.stdout?.on('data', (chunk) => { output += chunk; });
  child.stderr?.on('data', (chunk) => { output += chunk; });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const kill = (signal: NodeJS.Signals) => { try { process.kill(-child.pid!, signal); } catch { /* already gone */ } };
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolve once url answers any HTTP status; fail with the process's output if it exits or never answers. */
export async function waitForHttp(url: string, running: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (running.child.exitCode !== null) throw new Error(`the process exited with ${running.child.exitCode} before answering:\n${running.output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`nothing answered at ${url} within ${timeoutMs} ms:\n${running.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
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
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
