// `npm start` stopped the way a test runner, a process manager or a closing terminal stops it: a signal to one
// process of its tree, often the npm process itself. npm passes SIGTERM only to its own child (a shell that dies
// without passing it on) and a SIGKILL to nobody, so the processes below must notice by themselves. Whichever
// process is signalled, within a few seconds the port must be free and no process of the tree left running.
import { afterEach, describe, expect, it } from 'vitest';
import { isPortFree, killTree, listSurvivors, type NpmTree, startNpmTree, waitForTreeClosed } from '../support/process-tree.js';

const DEADLINE_MS = 5_000;
// The last command of `npm run mock`: the bin itself, run by the shell after the build step.
const MOCK_COMMAND = /^node dist\/bin\/checkout-mock\.js/;

let started: NpmTree | undefined;

afterEach(async () => {
  // Whatever a failed case left: only the processes this test started.
  await killTree(started);
  started = undefined;
});

/** `npm start` on a free port, running; its tree as `ps` shows it. `--no-build` keeps it off generated/. */
async function startNpmStart(): Promise<NpmTree> {
  started = await startNpmTree(['start', '--', '--', '--no-build'], {}, /^Base URL: /m);
  return started;
}

const findProcess = (pattern: RegExp) => started!.tree.find(({ command }) => pattern.test(command));

describe('a signal to one process of the npm start tree stops all of it', () => {
  const cases: Array<[string, (npmPid: number) => number, NodeJS.Signals]> = [
    ['npm start itself, SIGTERM', (npmPid) => npmPid, 'SIGTERM'],
    ['npm start itself, SIGKILL', (npmPid) => npmPid, 'SIGKILL'],
    ['the inner npm run mock, SIGTERM', () => findProcess(/^npm run\b/)!.pid, 'SIGTERM'],
    ['the mock (node dist/bin/checkout-mock.js), SIGKILL', () => findProcess(MOCK_COMMAND)!.pid, 'SIGKILL'],
  ];
  it.each(cases)(`%s: within ${DEADLINE_MS / 1000} s the port is free and no process of the tree runs`, async (_name, pick, signal) => {
    const npmTree = await startNpmStart();
    const { port, npmPid, tree } = npmTree;
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
    process.kill(pick(npmPid), signal);
    await waitForTreeClosed(npmTree, DEADLINE_MS);
    expect(await listSurvivors(npmTree, DEADLINE_MS)).toEqual([]);
    expect(await isPortFree(port)).toBe(true);
  });
});
