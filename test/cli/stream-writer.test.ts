// The writer every bin prints through (src/cli/stream-writer.ts): a stream that fails or closes ends the writing,
// never the process (issue 28, R11).
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createStreamWriter } from '../../src/cli/stream-writer.js';

/** A stream that takes `accepted` writes, then fails every later one with EPIPE, as a pipe whose reader has gone. */
function createPipe(accepted: number): { stream: Writable; written: string[] } {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      if (written.length >= accepted) return done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      written.push(String(chunk));
      done();
    },
  });
  return { stream, written };
}

describe('createStreamWriter', () => {
  it('writes until the stream fails, then drops every later text without an uncaught error', async () => {
    const { stream, written } = createPipe(1);
    const write = createStreamWriter(stream);
    write('first\n');
    write('second\n');
    await new Promise((resolve) => stream.once('close', resolve));
    write('third\n');
    expect(written).toEqual(['first\n']);
    expect(stream.destroyed).toBe(true);
  });

  it('drops the text for a stream already destroyed', () => {
    const { stream, written } = createPipe(10);
    const write = createStreamWriter(stream);
    stream.destroy();
    write('after\n');
    expect(written).toEqual([]);
  });
});
