// `npm start` stopped the way a test runner, a process manager or a closing terminal stops it: a signal to one
// process of its tree, often the npm process itself. npm passes SIGTERM only to its own child (a shell that dies
// without passing it on) and a SIGKILL to nobody, so the processes below must notice by themselves. Whichever
// process is signalled, within a few seconds the port must be free and no process of the tree left running.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.js';
import { type RunningProcess, startProcess, waitForOutput } from '../support/processes.js';
import { isAlive, listDescendants } from './mock-process.js';

const DEADLINE_MS = 5_000;
// The last command of `npm run mock`: the bin itself, run by the shell after the build step.
const MOCK_COMMAND = /^node dist\/bin\/checkout-mock\.js/;

let running: RunningProcess | undefined;
let tree: Array<{ pid: number; command: string }> = [];

afterEach(async () => {
  // Whatever a failed case left: only the processes this test started.
  for (const { pid } of tree) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  await running?.stop();
  running = undefined;
  tree = [];
});

/** `npm start` on a free port, running; its tree as `ps` shows it. `--no-build` keeps it off generated/. */
async function startNpmStart(): Promise<{ port: number; npmPid: number }> {
  const port = await freePort();
  running = startProcess('npm', ['start', '--', '--', '--no-build'], { HOST: '127.0.0.1', PORT: String(port) });
  await waitForOutput(running, /^Base URL: /m);
  const npmPid = running.child.pid!;
  tree = listDescendants(npmPid);
  return { port, npmPid };
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function waitForTreeGone(port: number, pids: number[]): Promise<{ left: number[]; portFree: boolean }> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const left = pids.filter(isAlive);
    const portFree = left.length === 0 && (await isPortFree(port));
    if (portFree || Date.now() > deadline) return { left, portFree };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const findProcess = (pattern: RegExp) => tree.find(({ command }) => pattern.test(command));

describe('a signal to one process of the npm start tree stops all of it', () => {
  const cases: Array<[string, (npmPid: number) => number, NodeJS.Signals]> = [
    ['npm start itself, SIGTERM', (npmPid) => npmPid, 'SIGTERM'],
    ['npm start itself, SIGKILL', (npmPid) => npmPid, 'SIGKILL'],
    ['the inner npm run mock, SIGTERM', () => findProcess(/^npm run\b/)!.pid, 'SIGTERM'],
    ['the mock (node dist/bin/checkout-mock.js), SIGKILL', () => findProcess(MOCK_COMMAND)!.pid, 'SIGKILL'],
  ];
  it.each(cases)(`%s: within ${DEADLINE_MS / 1000} s the port is free and no process of the tree runs`, async (_name, pick, signal) => {
    const { port, npmPid } = await startNpmStart();
    // npm start, sh, npm run mock, sh, the mock (Prism's engine runs inside it: no process of its own). The build step
    // before it (`build-mock.js --if-stale`) has ended by the time the banner shows; `--no-build` reached the mock.
    expect(tree.map(({ command }) => command)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^npm run\b/),
        expect.stringMatching(/^node dist\/bin\/checkout-mock\.js .*--no-build/),
      ]),
    );
    expect(tree.filter(({ command }) => /^node scripts\/build-mock\.js/.test(command))).toEqual([]);
    expect(tree.filter(({ command }) => /prism-cli/.test(command))).toEqual([]);
    const target = pick(npmPid);
    process.kill(target, signal);
    const { left, portFree } = await waitForTreeGone(port, [npmPid, ...tree.map(({ pid }) => pid)]);
    expect(left.map((pid) => tree.find((entry) => entry.pid === pid)?.command ?? `npm start (${pid})`)).toEqual([]);
    expect(portFree).toBe(true);
  });
});
