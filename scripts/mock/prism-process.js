// Prism as a real child process in its own process group, so that stopping it also stops anything it forked
// (its --multiprocess worker). The group is killed on stop and when this process exits; if this process is
// killed outright (SIGKILL), the preloaded prism-preload.cjs makes Prism exit on its own (and keeps a request
// from crashing it through its violations header).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const prismCli = require.resolve('@stoplight/prism-cli/dist/index.js');
const preload = fileURLToPath(new URL('./prism-preload.cjs', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;

export async function startPrism({ args, host, port, onOutput }) {
  const child = spawn(process.execPath, ['--require', preload, prismCli, ...args, '--host', host, '--port', String(port)], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  const recent = [];
  const remember = (stream) => (chunk) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) recent.push(line);
    recent.splice(0, Math.max(0, recent.length - 30));
    onOutput(stream, chunk);
  };
  child.stdout.on('data', remember('stdout'));
  child.stderr.on('data', remember('stderr'));

  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group is already gone
    }
  };
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const killOnExit = () => killGroup('SIGKILL');
  process.once('exit', killOnExit);

  let childGone = false;
  exited.then(() => (childGone = true));
  const ready = await waitForPort(host, port, () => childGone);
  if (!ready) {
    killGroup('SIGKILL');
    process.removeListener('exit', killOnExit);
    const why = recent.filter((line) => /fatal|error/i.test(line)).slice(-3).join('\n') || recent.slice(-3).join('\n');
    throw new Error(childGone
      ? `Prism stopped before it was ready:\n${why}`
      : `Prism did not listen on ${host}:${port} within ${STARTUP_TIMEOUT_MS / 1000} s:\n${why}`);
  }

  return {
    pid: child.pid,
    exited,
    async stop() {
      killGroup('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(3000, false, { ref: false })]);
      if (!stopped) killGroup('SIGKILL');
      killGroup('SIGKILL'); // anything Prism forked that outlived it
      await exited;
      process.removeListener('exit', killOnExit);
    },
  };
}

export async function findFreePort(host = '127.0.0.1') {
  const server = createServer();
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForPort(host, port, hasGivenUp) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline && !hasGivenUp()) {
    if (await canConnect(host, port)) return true;
    await sleep(100);
  }
  return false;
}

/** True when something accepts connections on host:port. */
export function canConnect(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}
