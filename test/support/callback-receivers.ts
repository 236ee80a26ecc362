// Callback receivers that misbehave on purpose, for the tests of the one callback transport (src/http/post-callback.ts)
// and of the mock's completion callback: one that answers with a huge body and counts what it could write, one that
// redirects, and a plain one on a chosen port (one of fetch's "bad ports"). Each binds 127.0.0.1 only.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A receiver on loopback and what it saw. */
export interface TestReceiver {
  url: string;
  /** The paths (with their query) of the requests it got, in order, after their body was read. */
  paths: string[];
  close(): Promise<void>;
}

export interface StreamingReceiver extends TestReceiver {
  /** Settles once the reply has ended: `finished` when every byte was handed over, else how many were. */
  replyEnded: Promise<{ finished: boolean; bytesWritten: number }>;
}

/** The ports fetch refuses (the Fetch standard's "bad port" list) that a test may try to bind, in order. */
export const FETCH_BAD_PORTS = [6666, 10080, 6000, 5060, 6667, 6668, 6669, 6697] as const;

function readRequest(request: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    request.resume();
    request.on('end', resolve);
    request.on('error', () => resolve());
  });
}

async function listenOn(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A receiver that answers `status` with no body, on `port` (0: any free one); rejects when the port is taken. */
export async function startPlainReceiver(status = 204, port = 0): Promise<TestReceiver> {
  const paths: string[] = [];
  const server = createServer(async (request, response) => {
    await readRequest(request);
    paths.push(request.url ?? '');
    response.writeHead(status, { 'content-length': '0' }).end();
  });
  const bound = await listenOn(server, port);
  return { url: `http://127.0.0.1:${bound}`, paths, close: () => closeServer(server) };
}

/** A receiver on the first of FETCH_BAD_PORTS that is free; undefined when every one of them is taken. */
export async function startReceiverOnFetchBadPort(): Promise<{ receiver: TestReceiver; port: number } | undefined> {
  for (const port of FETCH_BAD_PORTS) {
    try {
      return { receiver: await startPlainReceiver(204, port), port };
    } catch {
      // taken by something else on this machine: try the next one
    }
  }
  return undefined;
}

/** A receiver that answers 200 with a body of `totalBytes` announced in Content-Length, written as fast as it drains. */
export async function startStreamingReceiver(totalBytes: number): Promise<StreamingReceiver> {
  const paths: string[] = [];
  let settleEnded: (outcome: { finished: boolean; bytesWritten: number }) => void = () => {};
  const replyEnded = new Promise<{ finished: boolean; bytesWritten: number }>((resolve) => {
    settleEnded = resolve;
  });
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const server = createServer(async (request, response) => {
    await readRequest(request);
    paths.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(totalBytes) });
    let handedOver = 0;
    let ended = false;
    const end = (finished: boolean) => {
      if (ended) return;
      ended = true;
      settleEnded({ finished, bytesWritten: handedOver });
    };
    response.on('close', () => end(response.writableFinished));
    response.on('finish', () => end(true));
    const pump = () => {
      while (handedOver < totalBytes && !response.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - handedOver));
        handedOver += piece.length;
        if (handedOver === totalBytes) {
          response.end(piece);
          return;
        }
        if (!response.write(piece)) {
          response.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
  const port = await listenOn(server, 0);
  return { url: `http://127.0.0.1:${port}`, paths, replyEnded, close: () => closeServer(server) };
}

/** A receiver that answers every request with `status` and a Location pointing at `location`. */
export async function startRedirectingReceiver(location: string, status = 302): Promise<TestReceiver> {
  const paths: string[] = [];
  const server = createServer(async (request, response) => {
    await readRequest(request);
    paths.push(request.url ?? '');
    response.writeHead(status, { location, 'content-length': '0' }).end();
  });
  const port = await listenOn(server, 0);
  return { url: `http://127.0.0.1:${port}`, paths, close: () => closeServer(server) };
}
