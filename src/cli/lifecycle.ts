// The one process lifecycle of the bins that serve (checkout-mock, checkout-sandbox): Ctrl-C (SIGINT), SIGTERM or
// SIGHUP stop a run cleanly, and so does the end of any process of the chain that launched it (below), such as the
// npm of `npm start` or `npm run sandbox`. Either way the bin's own stop step runs (free the port, list what is left
// undelivered) before the process exits with 0; a second signal while stopping ends it at once. The watch begins on
// the first line of each bin's entry, so a stop while the bin is still loading ends it the same way, before it
// listens. Also the two socket steps every run shares: listen with a message a user can act on, and close.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { listen } from '../http/listen.js';

/** Why a run ended: a stop signal, or the end of the process chain that launched it. */
export type StopEvent = { reason: 'signal'; signal: NodeJS.Signals } | { reason: 'launcher-gone' };

const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const LAUNCHER_CHECK_MS = 500;
const MAX_ANCESTORS = 32;
// npm, npx, pnpm and yarn, as their process titles or command lines name them.
const PACKAGE_MANAGER = /(?:^|[\s/])(?:npm|npx|pnpm|yarn)(?:-cli)?(?:\.c?js)?(?:\s|$)/;

/** The watch for the end of a run: `stopped` settles with the first stop; `dispose()` stops watching. */
export interface StopWatch {
  stopped: Promise<StopEvent>;
  /** The stop already seen, if any: a run asks before it starts to listen. */
  readonly seen: StopEvent | undefined;
  dispose: () => void;
}

/**
 * Watches for the end of the run, once for the whole run. A serving bin's entry calls it before anything else (before
 * its run, Prism's engine or the sandbox's core is even loaded), so that a stop signal from then on ends the run
 * cleanly with exit code 0 instead of killing the process by the signal (issue 28, R17). Before that first line only
 * Node's own start-up runs, and a signal then ends the process as Node's default does.
 */
export function watchForStop({ checkEveryMs = LAUNCHER_CHECK_MS } = {}): StopWatch {
  let dispose = () => {};
  let seen: StopEvent | undefined;
  const stopped = new Promise<StopEvent>((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => finish({ reason: 'signal', signal });
    const launcher = watchLauncher(() => finish({ reason: 'launcher-gone' }), checkEveryMs);
    dispose = () => {
      for (const signal of STOP_SIGNALS) process.removeListener(signal, onSignal);
      launcher.stop();
    };
    const finish = (result: StopEvent) => {
      dispose();
      seen = result;
      resolve(result);
    };
    for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  });
  return {
    stopped,
    get seen() {
      return seen;
    },
    dispose: () => dispose(),
  };
}

/**
 * Runs a server from `start` until the run is told to stop, then `stop`s it with the reason. `watch` is the one the
 * bin's entry began (a new one without it). A stop that came while the run was loading ends it before `start`, with
 * `stop(undefined, reason)`: nothing listens, nothing was printed as ready. A stop during `start` stops the run as soon
 * as it is up; once stopping, no listener is left, so a second signal ends the process at once.
 */
export async function serveUntilStopped<Running>(
  start: () => Promise<Running>,
  stop: (running: Running | undefined, reason: StopEvent) => Promise<void>,
  watch: StopWatch = watchForStop(),
): Promise<void> {
  // A signal that arrived while the bin was loading waits for the event loop's I/O phase to reach its listener; two
  // setImmediate turns always have one such phase between them, wherever in the loop this began.
  for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  if (watch.seen) return stop(undefined, watch.seen);
  let running: Running;
  try {
    running = await start();
  } catch (error) {
    watch.dispose();
    throw error;
  }
  await stop(running, await watch.stopped);
}

/** How a stop reads in the log. */
export function describeStop(stop: StopEvent): string {
  return stop.reason === 'signal' ? stop.signal : 'the process that started it has ended';
}

// `npm start` runs `sh -c "npm run mock"`, which runs `sh -c "node …"`. npm passes SIGTERM only to its own child, a
// shell that dies without passing it on, and a SIGKILL reaches nobody else: whatever runs below the signalled
// process is orphaned and keeps running, port and all. So this process records the chain that launched it, from its
// parent up to the outermost package manager (only its parent when there is none), and stops when a link breaks: a
// process of the chain is gone, or its parent is no longer the recorded one (the kernel re-parents the children of a
// process the moment it ends, before anyone reaps it).
function watchLauncher(onGone: () => void, checkEveryMs: number): { stop: () => void } {
  const links = readLauncherLinks();
  const timer = setInterval(() => {
    if (links.every(isLinkIntact)) return;
    clearInterval(timer);
    onGone();
  }, checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

interface Link {
  pid: number;
  parent: number;
}

function readLauncherLinks(): Link[] {
  const ancestors: Array<Link & { command: string }> = [];
  for (let pid = process.ppid; pid > 1 && ancestors.length < MAX_ANCESTORS; ) {
    const info = readProcess(pid);
    if (!info) break;
    ancestors.push({ pid, parent: info.parent, command: info.command });
    pid = info.parent;
  }
  let outermost = -1;
  ancestors.forEach((ancestor, index) => {
    if (PACKAGE_MANAGER.test(ancestor.command)) outermost = index;
  });
  // The outermost package manager's own parent (a shell, a test runner) is not part of the launch.
  const watched = ancestors.slice(0, Math.max(outermost, 0)).map(({ pid, parent }) => ({ pid, parent }));
  return [{ pid: process.pid, parent: process.ppid }, ...watched];
}

function isLinkIntact({ pid, parent }: Link): boolean {
  if (pid === process.pid) return process.ppid === parent;
  return readProcess(pid)?.parent === parent;
}

/** {parent, command} of a running process; undefined when it is gone or a zombie. */
function readProcess(pid: number): { parent: number; command: string } | undefined {
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || state === 'X') return undefined;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      return { parent: Number(parent), command };
    }
    const line = execFileSync('ps', ['-o', 'ppid=,stat=,args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    const [, parent, state, command] = /^(\d+)\s+(\S+)\s*(.*)$/.exec(line) ?? [];
    return parent === undefined || state.startsWith('Z') ? undefined : { parent: Number(parent), command };
  } catch {
    return undefined;
  }
}

/** Listens on host:port and resolves with the port bound; a busy or unknown address rejects with what to do. */
export async function listenOrExplain(server: Server, host: string, port: number): Promise<number> {
  try {
    return await listen(server, host, port);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'EADDRINUSE') {
      // Not a port of its own to try (4011 is the sandbox's): 0 always finds a free one.
      throw new Error(`${host}:${port} is already in use; stop what runs there or set PORT to another port (0 picks a free one).`);
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new Error(`Cannot listen on HOST=${host}: no such local address.`);
    throw error;
  }
}

export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
