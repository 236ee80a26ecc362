// A process tree as `npm start` or `npm run sandbox` makes it (npm, sh, npm, sh, the bin), for the tests that stop one
// process of it the way a test runner, a process manager or a closing terminal does, and check that nothing of it is
// left running or holding its port.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { freePort } from './ports.js';
import { type RunningProcess, startProcess, waitForOutput } from './processes.js';
import { settlesWithin, waitFor } from './wait-for.js';

export interface NpmTree {
  running: RunningProcess;
  port: number;
  npmPid: number;
  /** Every process below npm, as `ps` showed it once the banner was printed. */
  tree: Array<{ pid: number; command: string }>;
  /** npm's `close` event: npm has exited and every process that inherited its output (the bin below it, orphaned or not) has closed it. */
  closed: Promise<unknown>;
}

/** `npm <args>` on a free loopback port, running once its output matches `banner`; its tree as `ps` shows it. */
export async function startNpmTree(args: string[], env: Record<string, string>, banner: RegExp): Promise<NpmTree> {
  const port = await freePort();
  const running = startProcess('npm', args, { HOST: '127.0.0.1', PORT: String(port), ...env });
  const closed = once(running.child, 'close');
  try {
    await waitForOutput(running, banner, 120_000);
  } catch (error) {
    await running.stop();
    throw error;
  }
  const npmPid = running.child.pid!;
  return { running, port, npmPid, tree: listDescendants(npmPid), closed };
}

/** Resolves on the tree's `closed` event; rejects after `deadlineMs` with what is still running. */
export async function waitForTreeClosed({ running, tree, closed }: NpmTree, deadlineMs: number): Promise<void> {
  const still = () => JSON.stringify(tree.filter(({ pid }) => isAlive(pid)).map(({ command }) => command));
  await waitFor(closed, { what: () => `the tree's close (still running: ${still()})\n${running.output()}`, deadlineMs });
}

/**
 * The commands of the tree still running once every process has ended or `deadlineMs` has passed. npm's `close` comes
 * when the last process closes its output, which an `sh -c` between npm and the bin does a moment before it exits.
 */
export async function listSurvivors({ tree }: NpmTree, deadlineMs: number): Promise<string[]> {
  const survivors = () => tree.filter(({ pid }) => isAlive(pid)).map(({ command }) => command);
  await settlesWithin(() => survivors().length === 0, { what: 'the end of every process of the tree', deadlineMs, pollMs: 50 });
  return survivors();
}

/** SIGKILLs whatever a failed case left of a tree (a process id still running the command it had), then npm's group. */
export async function killTree(npmTree: NpmTree | undefined): Promise<void> {
  for (const { pid, command } of npmTree?.tree ?? []) {
    try {
      if (execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim() === command) process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  await npmTree?.running.stop();
}

/** Whether a loopback listener could bind `port` now. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
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
