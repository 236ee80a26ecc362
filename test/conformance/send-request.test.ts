import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequester, MAX_JSON_DEPTH, mediaTypeOf, parseJsonBody } from '../../src/conformance/send-request.js';

let server: http.Server;
let url: string;
const seen: Array<{ headers: http.IncomingHttpHeaders; rawHeaders: string[]; body: string; bytes: Buffer }> = [];
let rateLimited = 0;
const INFLATES = gzipSync(Buffer.alloc(16 * 1024 * 1024, ' '));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
    });
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      seen.push({ headers: req.headers, rawHeaders: req.rawHeaders, body: bytes.toString('utf8'), bytes });
      if (req.url === '/limited' && rateLimited < 1) {
        rateLimited += 1;
        res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/problem+json' }).end('{}');
      } else if (req.url === '/always-limited') {
        res.writeHead(429, { 'retry-after': '3600' }).end();
      } else if (req.url === '/gzip') {
        res.writeHead(201, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync('{"ok":"gzip"}'));
      } else if (req.url === '/br') {
        res.writeHead(201, { 'content-type': 'application/json', 'content-encoding': 'br' }).end(brotliCompressSync('{"ok":"br"}'));
      } else if (req.url === '/inflates') {
        // 16 KiB on the wire, 16 MiB of spaces once decoded: four times the bound.
        res.writeHead(201, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(INFLATES);
      } else if (req.url === '/silent') {
        // Never answers: the requester's own timeout must end the exchange (afterAll closes the connection).
      } else {
        res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' }).end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('one recorded exchange', () => {
  it('sends exactly the headers and body given, no Content-Type added, and records the answer', async () => {
    const requester = createRequester(2_000);
    const exchange = await requester.send({ method: 'POST', url: `${url}/x`, headers: { 'x-probe': '1' }, body: 'not json' });
    requester.close();
    expect(seen.at(-1)!.headers['content-type']).toBeUndefined();
    expect(seen.at(-1)!.body).toBe('not json');
    expect(exchange.response).toMatchObject({ status: 201, body: '{"ok":true}' });
    expect(mediaTypeOf(exchange.response!.headers)).toBe('application/json');
  });

  it('sends a latin1 body as its bytes (one that is not UTF-8) and a repeated header on two lines', async () => {
    const requester = createRequester(2_000);
    await requester.send({
      method: 'POST',
      url: `${url}/x`,
      headers: { 'content-type': 'application/json', authorization: 'replaced' },
      repeatedHeaders: { authorization: ['Api-Key one', 'Api-Key two'] },
      body: '{"a":"\u00ff"}',
      bodyEncoding: 'latin1',
    });
    requester.close();
    const { bytes, rawHeaders, headers } = seen.at(-1)!;
    expect([...bytes]).toEqual([...Buffer.from('{"a":"'), 0xff, ...Buffer.from('"}')]);
    expect(headers['content-length']).toBe('9');
    const authorization = rawHeaders.filter((_, index) => index % 2 === 1 && rawHeaders[index - 1].toLowerCase() === 'authorization');
    expect(authorization).toEqual(['Api-Key one', 'Api-Key two']);
  });

  it('reads a gzip or br answer decoded, and a body that inflates past the bound no further than it', async () => {
    const requester = createRequester(5_000);
    const gzip = await requester.send({ method: 'GET', url: `${url}/gzip`, headers: {} });
    const br = await requester.send({ method: 'GET', url: `${url}/br`, headers: {} });
    const inflates = await requester.send({ method: 'GET', url: `${url}/inflates`, headers: {} });
    requester.close();
    expect(parseJsonBody(gzip.response)).toEqual({ ok: 'gzip' });
    expect(gzip.response!.headers['content-encoding']).toBe('gzip');
    expect(parseJsonBody(br.response)).toEqual({ ok: 'br' });
    expect(inflates.response!.status).toBe(201);
    // Decoded in zlib's 16 KiB chunks, which the 4 MiB bound holds whole.
    expect(inflates.response!.body).toBe(' '.repeat(4 * 1024 * 1024));
  });

  it('a refused connection and a timeout are recorded as errors, not thrown', async () => {
    const requester = createRequester(200);
    const silent = await requester.send({ method: 'GET', url: `${url}/silent`, headers: {} });
    requester.close();
    // A timeout long enough that a loaded machine sees the refusal before it.
    const patient = createRequester(30_000);
    const refused = await patient.send({ method: 'GET', url: 'http://127.0.0.1:1/', headers: {} });
    patient.close();
    expect(silent.error).toBe('no response within 200 ms (raise --timeout if the implementation is slow)');
    expect(refused.error).toBe('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1');
  });

  it('waits out a 429 whose Retry-After fits in the timeout (D25), and returns one that does not', async () => {
    const requester = createRequester(2_000);
    const retried = await requester.send({ method: 'GET', url: `${url}/limited`, headers: {} });
    const given = await requester.send({ method: 'GET', url: `${url}/always-limited`, headers: {} });
    requester.close();
    expect(retried.response?.status).toBe(201);
    expect(rateLimited).toBe(1);
    expect(given.response?.status).toBe(429);
  });
});

describe('a JSON answer read to a bounded depth (R6)', () => {
  const answer = (body: string) => ({ status: 201, headers: {}, body });

  it('keeps a value nested deeper than the bound as its JSON text, so it can be compared but never walked', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const parsed = parseJsonBody(answer(`{"id":"c_1","extra":${deep}}`)) as Record<string, any>;
    let level = parsed;
    for (let depth = 1; depth < 64; depth += 1) level = depth === 1 ? level.extra : level.a;
    expect(typeof level.a).toBe('string');
    expect(level.a).toBe(`${'{"a":'.repeat(10_000 - 63)}1${'}'.repeat(10_000 - 63)}`);
    expect(parsed.id).toBe('c_1');
    expect(() => JSON.stringify(parsed)).not.toThrow();
  });

  it('reads an answer within the bound unchanged, braces inside strings included, and refuses what is not JSON', () => {
    const body = JSON.stringify({ note: '{[{["\\', list: [[[{ a: '}' }]]] });
    expect(parseJsonBody(answer(body))).toEqual(JSON.parse(body));
    expect(parseJsonBody(answer(`${'['.repeat(100)}`))).toBeUndefined();
    expect(parseJsonBody(answer(''))).toBeUndefined();
  });
});

describe('a kept-alive socket the server closes as the next request goes out on it', () => {
  it('sends that request once more on a new socket, and gets its answer', async () => {
    // The server answers the first request and keeps the socket; the second request on that socket is met by a
    // reset before any answer, as when a keep-alive timeout fires just as the client reuses the socket.
    const sockets = new Set<unknown>();
    let onSocket = 0;
    const closing = http.createServer((req, res) => {
      sockets.add(req.socket);
      onSocket += 1;
      if (onSocket === 2) {
        req.socket.resetAndDestroy();
        return;
      }
      req.resume();
      req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(`{"n":${onSocket}}`));
    });
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(closing.address() as AddressInfo).port}/`;
    const requester = createRequester(5_000);
    try {
      const first = await requester.send({ method: 'POST', url: target, headers: {}, body: '{}' });
      const second = await requester.send({ method: 'POST', url: target, headers: {}, body: '{}' });
      expect(first.response?.body).toBe('{"n":1}');
      expect(second.error).toBeUndefined();
      expect(second.response?.body).toBe('{"n":3}');
      expect(sockets.size).toBe(2);
    } finally {
      requester.close();
      closing.closeAllConnections();
      await new Promise((resolve) => closing.close(resolve));
    }
  });
});
