// A local node:http server for the client tests: it records each request as received and answers with whatever
// the test queued (status, headers, body), a delay to exercise aborts, or raw bytes after which the connection is
// destroyed (an answer that breaks off).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface PlannedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
  /** Written to the socket as they are, in place of status, headers and body; the socket is then destroyed. */
  raw?: string;
  /** With `raw`: keep the socket open after it instead (a body that stops arriving). */
  holdOpen?: boolean;
}

export interface RecordingServer {
  baseUrl: string;
  requests: RecordedRequest[];
  answerNext(answer: PlannedAnswer): void;
  close(): Promise<void>;
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const planned: PlannedAnswer[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer: PlannedAnswer = planned.shift() ?? { status: 500, body: 'no answer planned' };
      const send = () => {
        if (res.destroyed) return;
        if (answer.raw !== undefined) {
          if (answer.holdOpen) req.socket.write(answer.raw);
          else req.socket.end(answer.raw, () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      };
      // Unref'd: a delay longer than the test must not keep the process alive after it.
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answerNext: (answer) => planned.push(answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
