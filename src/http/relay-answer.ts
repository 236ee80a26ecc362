// Passing an upstream's answer on to the client as bytes: its status, its end-to-end header lines and its body exactly
// as they came, streamed with backpressure, so memory stays bounded whatever the upstream sends. The start of the
// body (up to `windowBytes`) is held before the head is written, for a judge that reads a small body whole and adds
// header lines of its own; the rest flows through as it arrives. An answer the upstream cuts short (a connection
// closed or reset before the body's declared end) reaches the client cut short at the same byte, and so does one the
// upstream stops sending for `idleTimeoutMs`: the client sees the upstream's own failure, never a status made up here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { keepEndToEnd } from './forward-request.js';

/** The start of an answer's body as the judge sees it, before the head goes out. */
export interface AnswerWindow {
  status: number;
  /** Every line of each header, by lower-case name, as IncomingMessage.headersDistinct gives them. */
  headers: Readonly<Record<string, string[] | undefined>>;
  /** The body received so far: the whole body when `ended` is 'complete'. */
  body: Buffer;
  /** 'complete': the body ended within the window; 'more': it is longer; 'cut': it broke off or stalled. */
  ended: 'complete' | 'more' | 'cut';
}

export interface RelayOptions {
  /** How much of the body to hold before the head is written (the most the judge ever reads). */
  windowBytes: number;
  /** How long the upstream may send nothing while the client is ready for more; then the answer is cut there. */
  idleTimeoutMs: number;
  /** Called once, before the head is written: header lines (name, value, …) to add to the upstream's. It must not
   * throw: it runs inside the stream's events, where nothing would catch it. */
  judge(window: AnswerWindow): string[];
  /** Header names (lower-case) of the upstream's to leave out, such as those the judge writes. */
  dropHeaders?: readonly string[];
}

/** How a relay ended, and how many bytes of the body went through. */
export interface RelayResult {
  bodyBytes: number;
  /** 'cut': the upstream broke off; 'idle': it stalled; 'client-gone': the client closed first. */
  ending: 'complete' | 'cut' | 'idle' | 'client-gone';
}

export function relayAnswer(answer: IncomingMessage, client: ServerResponse, options: RelayOptions): Promise<RelayResult> {
  return new Promise((resolve) => {
    const held: Buffer[] = [];
    let heldBytes = 0;
    let bodyBytes = 0;
    let headWritten = false;
    let stalled = false;
    let settled = false;
    let idleTimer: NodeJS.Timeout | undefined;

    const settle = (ending: RelayResult['ending']) => {
      if (settled) return;
      settled = true;
      clearTimeout(idleTimer);
      resolve({ bodyBytes, ending });
    };
    const armIdleTimer = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        stalled = true;
        answer.destroy();
      }, options.idleTimeoutMs);
    };

    const writeHead = (ended: AnswerWindow['ended']) => {
      headWritten = true;
      const body = heldBytes === 0 ? Buffer.alloc(0) : Buffer.concat(held, heldBytes);
      held.length = 0;
      const added = options.judge({ status: answer.statusCode ?? 502, headers: answer.headersDistinct, body, ended });
      // The upstream's Date, or none: not one of this server's.
      client.sendDate = false;
      const lines = keepEndToEnd(answer.rawHeaders, options.dropHeaders);
      try {
        client.writeHead(answer.statusCode ?? 502, answer.statusMessage, [...lines, ...added]);
      } catch {
        // A line Node's parser took from the upstream and its writer refuses: nothing can be passed on whole.
        answer.destroy();
        client.destroy();
        return;
      }
      if (body.length > 0) client.write(body);
    };
    // The client's connection is closed once what it was sent has gone out, so it reads the body as cut short.
    // Node 26 holds what was just written in the response until the next turn: ending the socket at once lost it.
    const cutClient = () => {
      setImmediate(() => {
        const socket = client.socket;
        if (socket) socket.end();
        else client.destroy();
      });
    };

    answer.on('data', (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (!headWritten) {
        held.push(chunk);
        heldBytes += chunk.length;
        if (heldBytes > options.windowBytes) writeHead('more');
      } else if (!client.write(chunk)) {
        // The client reads slower than the upstream sends: the upstream waits, and is not idle meanwhile.
        answer.pause();
        clearTimeout(idleTimer);
        client.once('drain', () => {
          armIdleTimer();
          answer.resume();
        });
        return;
      }
      armIdleTimer();
    });
    answer.on('end', () => {
      if (!headWritten) writeHead('complete');
      client.end();
      settle('complete');
    });
    // Node reports a body cut short as an error ('aborted', ECONNRESET), then closes without 'end'.
    answer.on('error', () => {});
    answer.on('close', () => {
      if (answer.complete || settled) return;
      if (!client.destroyed) {
        if (!headWritten) writeHead('cut');
        cutClient();
      }
      settle(stalled ? 'idle' : 'cut');
    });
    client.on('close', () => {
      if (settled) return;
      answer.destroy();
      settle('client-gone');
    });
    armIdleTimer();
  });
}
