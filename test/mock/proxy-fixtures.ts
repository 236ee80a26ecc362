// What the proxy suites share: hostile upstreams as tiny node:http servers whose answer each test writes by hand,
// and a client that reads an answer as raw bytes, a cut-short one included.

import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as an upstream received it. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestUpstream {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * An upstream on a free loopback port: `answer` writes the answer to each request, once its body has arrived, and
 * may leave it unanswered. Every request is recorded first.
 */
export async function startUpstream(answer: (request: Received, response: ServerResponse) => void): Promise<TestUpstream> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An answer as the client read it: `complete` is false when the body was cut short. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** How many body bytes arrived (counted, not kept, when `keepBody` is false). */
  bodyBytes: number;
  complete: boolean;
}

export interface RawRequestOptions {
  method?: string;
  /** The request target as sent: an origin-form path, or an absolute URL. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
  /** Keep the body's bytes (default); a long body is only counted. */
  keepBody?: boolean;
}

/** One request over a fresh connection to `baseUrl`, read to its end or to where it broke off. */
export function rawRequest(baseUrl: string, options: RawRequestOptions): Promise<RawAnswer> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({
      host: '127.0.0.1',
      port,
      method: options.method ?? 'POST',
      path: options.target,
      headers: options.headers ?? {},
      agent: false,
    });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let bodyBytes = 0;
      response.on('data', (chunk: Buffer) => {
        bodyBytes += chunk.length;
        if (options.keepBody !== false) chunks.push(chunk);
      });
      response.on('error', () => {});
      response.on('close', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          bodyBytes,
          complete: response.complete,
        }),
      );
    });
    outgoing.end(options.body);
  });
}

/** The findings the proxy listed in an answer's sl-violations header. */
export function readViolations(
  headers: IncomingHttpHeaders,
): Array<{ location: string[]; severity: string; code?: string; message: string }> {
  const header = headers['sl-violations'];
  return typeof header === 'string' ? JSON.parse(header) : [];
}

/** The peak resident memory of process `pid` so far, in bytes (Linux: VmHWM in /proc/<pid>/status). */
export async function readPeakMemory(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kib) * 1024;
}
