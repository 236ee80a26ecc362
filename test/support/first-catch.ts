// Sending a stop signal at the first moment a bin can catch it (issue 28, R17). A Node process can catch a signal only
// once its JavaScript has installed a listener; before that (Node's own start-up) any SIGTERM ends it as Node's
// default does, whatever the program, so "right after spawn" cannot be asked of a bin. The first moment it can is the
// moment its stop listeners exist. The bins listen for SIGINT, SIGTERM and SIGHUP together, and Node itself catches
// SIGINT and SIGTERM from its start but never SIGHUP, so the kernel's SigCgt mask (/proc/<pid>/status) shows SIGHUP
// caught exactly once the bin's listeners are in. Each look freezes the child (SIGSTOP) and thaws it after (SIGCONT):
// what is seen is the child's state at that moment, and a SIGTERM sent then is the first thing it meets on waking,
// however slow the machine. Linux only (/proc).
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { waitFor } from './wait-for.js';

// Signal n is bit n - 1 of the mask; SIGHUP is 1.
const SIGHUP_BIT = 1n;
const MAX_READS = 10_000;

/** Sends `signal` to `child` at the first look that finds its SIGHUP listener installed. */
export async function signalAtFirstCatch(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const pid = child.pid as number;
  await waitFor(
    () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the process ended (${child.exitCode ?? child.signalCode}) before it caught SIGHUP`);
      }
      process.kill(pid, 'SIGSTOP');
      try {
        if (!catchesHangupWhenStopped(pid)) return false;
        process.kill(pid, signal);
        return true;
      } finally {
        process.kill(pid, 'SIGCONT');
      }
    },
    { what: `process ${pid} catching SIGHUP`, deadlineMs: 60_000, pollMs: 1 },
  );
}

// Reads the status of a process just sent SIGSTOP until it shows stopped (the stop lands within a few reads), then
// whether it catches SIGHUP; false, for the next look, if it has not stopped after MAX_READS.
function catchesHangupWhenStopped(pid: number): boolean {
  for (let read = 0; read < MAX_READS; read += 1) {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    if (/^State:\s+T/m.test(status)) return (BigInt(`0x${/^SigCgt:\s+(\S+)/m.exec(status)?.[1]}`) & SIGHUP_BIT) !== 0n;
  }
  return false;
}
