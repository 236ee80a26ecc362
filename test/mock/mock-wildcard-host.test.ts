// HOST=0.0.0.0 puts the mock on every interface; its banner must still give a URL a client can use, as the sandbox's
// does (http://127.0.0.1:PORT, not http://0.0.0.0:PORT). Tests bind loopback only, so the listen step is pointed at
// 127.0.0.1 here while the mock's configuration says 0.0.0.0, and the run is stopped as soon as it is up.
import type { Server } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import type { StopEvent } from '../../src/cli/lifecycle.js';
import { EXIT } from '../../src/cli/run-command.js';
import { runMock } from '../../src/mock/run-mock.js';

const bound = vi.hoisted(() => [] as Array<{ asked: string; port: number }>);

vi.mock('../../src/http/listen.js', async (importOriginal) => {
  const listen = await importOriginal<typeof import('../../src/http/listen.js')>();
  const onLoopback = async (server: Server, asked: string, port: number) => {
    const boundPort = await listen.listen(server, '127.0.0.1', port);
    bound.push({ asked, port: boundPort });
    return boundPort;
  };
  return { ...listen, listen: onLoopback };
});

vi.mock('../../src/cli/lifecycle.js', async (importOriginal) => {
  const lifecycle = await importOriginal<typeof import('../../src/cli/lifecycle.js')>();
  const stopAtOnce: StopEvent = { reason: 'signal', signal: 'SIGTERM' };
  return {
    ...lifecycle,
    // Up, then stopped: the banner is all this test reads.
    serveUntilStopped: async <Running>(start: () => Promise<Running>, stop: (running: Running, reason: StopEvent) => Promise<void>) =>
      stop(await start(), stopAtOnce),
  };
});

describe('the mock with HOST=0.0.0.0', () => {
  it('shows its base URL on loopback, not the wildcard address', async () => {
    let stdout = '';
    const io = { stdout: (text: string) => (stdout += text), stderr: () => {}, interactive: false, redact: (text: string) => text };
    const config = {
      command: 'mock',
      host: '0.0.0.0',
      port: 0,
      dynamic: false,
      build: false,
      logLevel: 'fatal',
      upstream: undefined,
      upstreamTimeoutMs: 30_000,
    } as const;
    expect(await runMock(config, io)).toBe(EXIT.ok);
    expect(bound.map(({ asked }) => asked)).toEqual(['0.0.0.0']);
    const [{ port }] = bound;
    expect(stdout).toContain(`Checkout API mock (Prism, validating) on http://127.0.0.1:${port}, answering`);
    expect(stdout).toContain(`Base URL: http://127.0.0.1:${port}   (paths already carry /api/v1)`);
    expect(stdout).not.toContain('0.0.0.0');
  });
});
