// Sending a stop signal at the first moment a bin can catch it (issue 28, R17). A Node process can catch a signal only
// once its JavaScript has installed a listener; before that (Node's own start-up) any SIGTERM ends it as Node's
// default does, whatever the program, so "right after spawn" cannot be asked of a bin. The first moment it can is the
// moment its stop listeners exist. The bins listen for SIGINT, SIGTERM and SIGHUP together, and Node itself catches
// SIGINT and SIGTERM from its start but never SIGHUP, so the kernel's SigCgt mask (/proc/<pid>/status) shows SIGHUP
// caught exactly once the bin's listeners are in.
//
// The child is held stopped (SIGSTOP) from its spawn and let run in small steps, each as long as one read of its
// status, with a look between two steps: the signal sent at the look that first finds the listener is the first
// thing the child meets when it runs on. A step can last milliseconds on a loaded machine (the stop lands late), so
// the child may have run a little past its listener by then; a test that needs it to be before a given point holds
// the child there (the sandbox's test makes it wait for its contract). Linux only (/proc).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { waitFor } from './wait-for.js';

// Signal n is bit n - 1 of the mask; SIGHUP is 1.
const SIGHUP_BIT = 1n;
// Steps between two turns of the test's event loop, which must see the child's 'exit' should it end meanwhile.
const STEPS_PER_LOOK = 200;

/** How a bin run by stopAtFirstCatch ended, and all it wrote (stdout then stderr, as they arrived). */
export interface CaughtRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/**
 * Runs `node <bin> <args>` with `env` added, sends it SIGTERM at the first moment it can catch one, then runs
 * `afterSignal` (what the bin waits for next, if the test holds it back), and waits for the bin's end.
 */
export async function stopAtFirstCatch(
  bin: string,
  args: string[],
  env: Record<string, string>,
  afterSignal: (child: ChildProcess) => Promise<void> = async () => {},
): Promise<CaughtRun> {
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // 'close', not 'exit': by then every line it wrote has been read.
  const closed = new Promise<CaughtRun>((resolve) => child.once('close', (code, ended) => resolve({ code, signal: ended, output })));
  try {
    await signalAtFirstCatch(child, 'SIGTERM');
    await afterSignal(child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return closed;
}

async function signalAtFirstCatch(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  await new Promise((resolve) => child.once('spawn', resolve));
  const pid = child.pid as number;
  process.kill(pid, 'SIGSTOP');
  await waitFor(
    () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the process ended (${child.exitCode ?? child.signalCode}) before it caught SIGHUP`);
      }
      for (let step = 0; step < STEPS_PER_LOOK; step += 1) {
        const status = readStatusOnceStopped(pid);
        if (status === undefined) return false;
        if ((BigInt(`0x${/^SigCgt:\s+(\S+)/m.exec(status)?.[1]}`) & SIGHUP_BIT) !== 0n) {
          process.kill(pid, signal);
          process.kill(pid, 'SIGCONT');
          return true;
        }
        // One step: the child runs for as long as one read of its status takes, then stops again.
        process.kill(pid, 'SIGCONT');
        readFileSync(`/proc/${pid}/status`, 'utf8');
        process.kill(pid, 'SIGSTOP');
      }
      return false;
    },
    { what: `process ${pid} catching SIGHUP`, deadlineMs: 120_000, pollMs: 0 },
  );
}

// The status of a process sent SIGSTOP, once it shows stopped (within a few reads); undefined if it has ended.
function readStatusOnceStopped(pid: number): string | undefined {
  for (;;) {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    if (/^State:\s+T/m.test(status)) return status;
    if (/^State:\s+[ZX]/m.test(status)) return undefined;
  }
}
