// Issue 28, R11: `npm start | head -1` closes the mock's stdout after one line. The mock's next log line then meets a
// closed pipe (EPIPE), which ends the logging and never the process: it answers every later request, and SIGTERM
// still stops it with exit code 0 (src/cli/stream-writer.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { readValidCreateBody } from '../support/bad-inputs.js';
import { CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';
import { killEverything, type MockProcess, startMockProcess } from './mock-process.js';

let mock: MockProcess | undefined;

afterEach(() => {
  killEverything(mock);
  mock = undefined;
});

function create(baseUrl: string): Promise<Response> {
  return fetch(`${baseUrl}${CREATE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify(readValidCreateBody()),
  });
}

describe('the mock with its stdout closed by its reader', () => {
  it('logs nothing more, answers every request, and exits 0 on SIGTERM', async () => {
    mock = await startMockProcess(['--no-build']);
    // What `| head -1` does once it has its line: the reading end of the pipe goes away.
    mock.child.stdout!.destroy();
    // Each answer is followed by a log line to the closed pipe; the next request finds the mock still up.
    for (let request = 1; request <= 3; request += 1) {
      const response = await create(mock.baseUrl);
      expect(response.status, `request ${request}`).toBe(201);
      await response.arrayBuffer();
    }
    expect(mock.child.exitCode).toBeNull();
    expect(await mock.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});
