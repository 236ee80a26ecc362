// listenOrExplain (src/cli/lifecycle.ts), the mock's listen: a busy port is refused with what to do, in the words the
// sandbox uses, never with another bin's default port as advice.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { closeServer, listenOrExplain } from '../../src/cli/lifecycle.js';

describe('listenOrExplain', () => {
  it('refuses a port that is taken, advising PORT=0 rather than another default port', async () => {
    const taken = createServer();
    const port = await listenOrExplain(taken, '127.0.0.1', 0);
    const second = createServer();
    try {
      await expect(listenOrExplain(second, '127.0.0.1', port)).rejects.toThrow(
        new Error(`127.0.0.1:${port} is already in use; stop what runs there or set PORT to another port (0 picks a free one).`),
      );
    } finally {
      await closeServer(taken);
    }
  });
});
