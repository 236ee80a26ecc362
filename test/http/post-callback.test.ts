// The one callback transport of the mock and the sandbox (src/http/post-callback.ts), against real receivers on
// loopback: it reads the reply's status and closes without reading its body (issue 21, R4), does not follow a
// redirect (R6, D7), reaches the ports fetch refuses (R11), and says why an attempt had no reply.
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../../src/http/listen.js';
import { type OutgoingCallback, postCallback } from '../../src/http/post-callback.js';
import {
  startPlainReceiver,
  startReceiverOnFetchBadPort,
  startRedirectingReceiver,
  startStreamingReceiver,
  type TestReceiver,
} from '../support/callback-receivers.js';
import { freePort } from '../support/ports.js';

const REPLY_BYTES = 256 * 1024 * 1024;
const receivers: TestReceiver[] = [];

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

function callbackTo(url: string): OutgoingCallback {
  return { url, headers: { 'content-type': 'application/json', 'webhook-id': 'msg_test' }, body: '{"type":"checkout.completed"}' };
}

function never(): AbortSignal {
  return new AbortController().signal;
}

describe('postCallback', () => {
  it('takes the status of a 256 MiB reply and closes the connection without reading the body (R4)', async () => {
    const receiver = await startStreamingReceiver(REPLY_BYTES);
    receivers.push(receiver);
    const reply = await postCallback(callbackTo(`${receiver.url}/hooks/big`), never());
    expect(reply).toEqual({ status: 200, retryAfter: null });
    const ended = await receiver.replyEnded;
    // The receiver could not hand its whole reply over: the connection was gone first.
    expect(ended.finished).toBe(false);
    expect(ended.bytesWritten).toBeLessThan(REPLY_BYTES);
    expect(receiver.paths).toEqual(['/hooks/big']);
  });

  it("answers a redirect's own status and Retry-After, and never calls its Location (R6)", async () => {
    const elsewhere = await startPlainReceiver(204);
    const redirecting = await startRedirectingReceiver(`${elsewhere.url}/elsewhere`, 307);
    receivers.push(elsewhere, redirecting);
    const reply = await postCallback(callbackTo(`${redirecting.url}/hooks/moved?tenant=7`), never());
    expect(reply).toEqual({ status: 307, retryAfter: null });
    // A followed redirect would have reached `elsewhere` before the reply came back.
    expect(redirecting.paths).toEqual(['/hooks/moved?tenant=7']);
    expect(elsewhere.paths).toEqual([]);
  });

  it("reaches a port fetch refuses as a 'bad port' (R11)", async (context) => {
    const bound = await startReceiverOnFetchBadPort();
    if (!bound) return context.skip('every port of the bad-port list tried is taken on this machine');
    receivers.push(bound.receiver);
    // What the sandbox's attempts and the mock's callback got from fetch before, for every attempt.
    await expect(fetch(`${bound.receiver.url}/hooks/checkout`, { method: 'POST' })).rejects.toMatchObject({
      cause: { message: 'bad port' },
    });
    const reply = await postCallback(callbackTo(`${bound.receiver.url}/hooks/checkout`), never());
    expect(reply.status).toBe(204);
    expect(bound.receiver.paths).toEqual(['/hooks/checkout']);
  });

  it('reaches an IPv6 literal host ([::1]), taking off the brackets node:http does not want', async (context) => {
    const paths: string[] = [];
    const server = createServer((request, response) => {
      paths.push(request.url ?? '');
      request.resume();
      request.on('end', () => response.writeHead(202, { 'content-length': '0' }).end());
    });
    const port = await listen(server, '::1', 0).catch(() => undefined);
    if (port === undefined) return context.skip('this machine has no IPv6 loopback');
    receivers.push({ url: '', paths, close: () => new Promise((resolve) => server.close(() => resolve())) });
    expect(await postCallback(callbackTo(`http://[::1]:${port}/hooks/v6`), never())).toEqual({ status: 202, retryAfter: null });
    expect(paths).toEqual(['/hooks/v6']);
  });

  it('rejects with the connection error as its cause when nothing listens', async () => {
    const url = `http://127.0.0.1:${await freePort()}/hooks/checkout`;
    const failure = await postCallback(callbackTo(url), never()).catch((error: Error & { cause?: { code?: string } }) => error);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
  });

  it('refuses a URL with user information, never sending it as credentials', async () => {
    const receiver = await startPlainReceiver(204);
    receivers.push(receiver);
    const url = receiver.url.replace('http://', 'http://merchant:secret@');
    await expect(postCallback(callbackTo(url), never())).rejects.toThrow(
      `Request cannot be constructed from a URL that includes credentials: ${url}`,
    );
    expect(receiver.paths).toEqual([]);
  });

  it("rejects with the signal's reason once the signal ends the attempt", async () => {
    const receiver = await startPlainReceiver(204);
    receivers.push(receiver);
    const controller = new AbortController();
    const reason = new Error('no reply within 10 ms');
    controller.abort(reason);
    await expect(postCallback(callbackTo(receiver.url), controller.signal)).rejects.toBe(reason);
  });
});
