// The proxy owns its forwarding (issue 28, R1–R5): whatever a hostile upstream answers reaches the client as the
// upstream sent it (status, header lines, body bytes, a cut included), no redirect is followed and the API key goes
// to the upstream only, memory stays bounded for a 256 MiB answer, a silent upstream gets a 504 problem, and no log
// line holds a query, a password or the key, at Prism's most talkative level the proxy allows.
import type { ServerResponse } from 'node:http';
import { type AddressInfo, connect, createServer as createNetServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGED_BODY_LIMIT_BYTES } from '../../src/mock/proxy-server.js';
import { readContractProblem } from '../support/bad-inputs.js';
import { CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';
import { freePort } from '../support/ports.js';
import { waitFor } from '../support/wait-for.js';
import { responseExample, schemaErrors, seedSamples } from './mock-fixtures.js';
import { killEverything, type MockProcess, startMockProcess } from './mock-process.js';
import { type Received, rawRequest, readPeakMemory, readViolations, startUpstream, type TestUpstream } from './proxy-fixtures.js';

// Large enough that holding it whole would pass any bound the garbage collector's slack needs (Node 26 keeps some
// 80 MiB of slack where Node 20 keeps 30).
const LONG_ANSWER_BYTES = 256 * 1024 * 1024;
// Bytes no JSON serialiser writes back: a number past 2^53, a trailing zero, a key twice.
const EXACT_BYTES = '{"id":12345678901234567890,"amount":1.10,"dup":1,"dup":2}';
const NOT_IMPLEMENTED = '{"type":"https://upstream.invalid/not-implemented","title":"Not implemented","status":501}';

// A record without its `url`, gzip-encoded as a compressing server sends it.
const GZIPPED_BROKEN_RECORD = gzipSync(JSON.stringify({ ...responseExample('usdtOnTron'), url: undefined }));

const createHeaders = { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json' };
const validBody = JSON.stringify(seedSamples.usdtOnTron);

let catcher: TestUpstream;
let upstream: TestUpstream;
let proxy: MockProcess;
let impatientProxy: MockProcess;

// The implementation under test, misbehaving as the request's `case` query parameter asks.
function answer(request: Received, response: ServerResponse): void {
  const behaviour = new URL(request.url, 'http://upstream.invalid').searchParams.get('case');
  switch (behaviour) {
    case 'redirect':
      response.writeHead(307, { location: `${catcher.url}${CREATE_PATH}` }).end();
      return;
    case 'not-implemented':
      response.writeHead(501, { 'content-type': 'application/problem+json' }).end(NOT_IMPLEMENTED);
      return;
    case 'exact-bytes':
      response.writeHead(201, { 'content-type': 'application/json', 'content-length': String(EXACT_BYTES.length) }).end(EXACT_BYTES);
      return;
    case 'gzip':
      response.writeHead(201, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(GZIPPED_BROKEN_RECORD.length),
      });
      response.end(GZIPPED_BROKEN_RECORD);
      return;
    case 'cut-declared':
      // 100 bytes declared, 40 sent, then the connection is reset.
      response.writeHead(201, { 'content-type': 'application/json', 'content-length': '100' });
      response.write(validBody.slice(0, 40), () => response.socket?.destroy());
      return;
    case 'cut-chunked':
      response.writeHead(201, { 'content-type': 'application/json' });
      response.write(validBody.slice(0, 40), () => response.socket?.destroy());
      return;
    case 'zeros':
      void streamZeros(response, Number(new URL(request.url, 'http://upstream.invalid').searchParams.get('bytes')));
      return;
    case 'silent':
      return;
    case 'stall':
      response.writeHead(201, { 'content-type': 'application/json' });
      response.write(validBody.slice(0, 10));
      return;
    default:
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(responseExample('usdtOnTron')));
  }
}

// `total` bytes, written as fast as the reader takes them and never held.
async function streamZeros(response: ServerResponse, total: number): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 0x30);
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(total) });
  for (let sent = 0; sent < total; sent += chunk.length) {
    if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
  }
  response.end();
}

const create = (query: string, extra: { headers?: Record<string, string>; keepBody?: boolean } = {}) =>
  rawRequest(proxy.baseUrl, {
    target: `${CREATE_PATH}?case=${query}`,
    headers: { ...createHeaders, ...extra.headers },
    body: validBody,
    keepBody: extra.keepBody,
  });

beforeAll(async () => {
  catcher = await startUpstream((_request, response) => response.writeHead(201).end('{"caught":true}'));
  upstream = await startUpstream(answer);
  [proxy, impatientProxy] = await Promise.all([
    startMockProcess(['proxy', `${upstream.url}/`, '--no-build', '--log-level', 'info'], { PORT: String(await freePort()) }),
    startMockProcess(['proxy', upstream.url, '--no-build', '--upstream-timeout', '0.5'], { PORT: String(await freePort()) }),
  ]);
});

afterAll(async () => {
  killEverything(proxy);
  killEverything(impatientProxy);
  await Promise.all([upstream?.close(), catcher?.close()]);
});

describe('the proxy passes the upstream answer through unchanged', () => {
  it('R2: passes a 307 on without following it; the request and its key went to the upstream only', async () => {
    const before = upstream.received.length;
    const result = await create('redirect');
    expect(result.status).toBe(307);
    expect(result.headers.location).toBe(`${catcher.url}${CREATE_PATH}`);
    expect(upstream.received.slice(before).map((request) => request.headers.authorization)).toEqual([`Api-Key ${CANARY_KEY}`]);
    // The answer came back; a followed redirect would have reached the catcher before it.
    expect(catcher.received).toEqual([]);
  });

  it('sends the request on as it came: body bytes, repeated header lines; hop-by-hop headers stay behind', async () => {
    const before = upstream.received.length;
    const result = await rawRequest(proxy.baseUrl, {
      target: `${CREATE_PATH}?case=ok&a=1&a=2`,
      headers: { ...createHeaders, 'x-trace': 'one', 'keep-alive': 'timeout=5', connection: 'keep-alive, x-hop', 'x-hop': 'hop' },
      body: EXACT_BYTES,
    });
    expect(result.status).toBe(201);
    const [forwarded] = upstream.received.slice(before);
    expect(forwarded.url).toBe(`${CREATE_PATH}?case=ok&a=1&a=2`);
    expect(forwarded.body).toBe(EXACT_BYTES);
    expect(forwarded.headers.authorization).toBe(`Api-Key ${CANARY_KEY}`);
    expect(forwarded.headers['x-trace']).toBe('one');
    expect(forwarded.headers['content-length']).toBe(String(EXACT_BYTES.length));
    expect(forwarded.headers['x-hop']).toBeUndefined();
    expect(forwarded.headers['keep-alive']).toBeUndefined();
  });

  it('R1: passes a 501 on as 501 with its own body', async () => {
    const result = await create('not-implemented');
    expect(result.status).toBe(501);
    expect(result.headers['content-type']).toBe('application/problem+json');
    expect(result.body.toString('utf8')).toBe(NOT_IMPLEMENTED);
  });

  it('R3: passes the body on byte for byte: a big integer, 1.10 and a duplicate key stay as sent', async () => {
    const result = await create('exact-bytes');
    expect(result.status).toBe(201);
    expect(result.complete).toBe(true);
    expect(result.body.toString('utf8')).toBe(EXACT_BYTES);
    expect(result.headers['content-length']).toBe(String(EXACT_BYTES.length));
  });

  it('passes a gzip body on still encoded, and judges it decoded', async () => {
    const result = await create('gzip', { headers: { 'accept-encoding': 'gzip' } });
    expect(result.status).toBe(201);
    expect(result.headers['content-encoding']).toBe('gzip');
    expect(result.body.equals(GZIPPED_BROKEN_RECORD)).toBe(true);
    const findings = readViolations(result.headers).filter((finding) => finding.location[0] === 'response');
    expect(findings.map((finding) => finding.message)).toEqual(["Response body must have required property 'url'"]);
  });

  it.each([
    ['declared 100 bytes long', 'cut-declared'],
    ['chunked', 'cut-chunked'],
  ])('R3: a body %s that the upstream cuts short reaches the client with its status, cut at the same byte', async (_name, query) => {
    const result = await create(query);
    expect(result.status).toBe(201);
    expect(result.complete).toBe(false);
    expect(result.body.toString('utf8')).toBe(validBody.slice(0, 40));
  });

  it('R4: streams a 256 MiB answer through whole, its peak memory growing by less than half of it', async () => {
    // The same way through once first, so that what is measured is the answer's cost, not the path's first use.
    expect((await create(`zeros&bytes=${4 * 1024 * 1024}`, { keepBody: false })).complete).toBe(true);
    const before = await readPeakMemory(proxy.child.pid!);
    const result = await create(`zeros&bytes=${LONG_ANSWER_BYTES}`, { keepBody: false });
    const after = await readPeakMemory(proxy.child.pid!);
    expect(result.status).toBe(200);
    expect(result.complete).toBe(true);
    expect(result.bodyBytes).toBe(LONG_ANSWER_BYTES);
    expect(after - before).toBeLessThan(LONG_ANSWER_BYTES / 2);
    // Its body was not validated, and the report says so.
    expect(readViolations(result.headers).filter((finding) => finding.code === 'not-validated')).toEqual([
      {
        location: ['response', 'body'],
        severity: 'Information',
        code: 'not-validated',
        message: `The response body was passed on without validation: it is longer than ${JUDGED_BODY_LIMIT_BYTES} bytes.`,
      },
    ]);
  });
});

describe('the proxy answers for an upstream that does not', () => {
  it('R4: an upstream silent past --upstream-timeout gets a 504 problem, the contract default response', async () => {
    const result = await rawRequest(impatientProxy.baseUrl, {
      target: `${CREATE_PATH}?case=silent`,
      headers: createHeaders,
      body: validBody,
    });
    expect(result.status).toBe(504);
    expect(result.headers['content-type']).toBe('application/problem+json');
    expect(result.headers['request-id']).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    const problem = JSON.parse(result.body.toString('utf8'));
    expect(schemaErrors('Problem', problem)).toEqual([]);
    expect(problem).toEqual({
      type: new URL('gateway-timeout', readContractProblem('UnexpectedProblem').type).href,
      title: 'Gateway timeout',
      status: 504,
      detail: 'The upstream sent no answer within 0.5 s.',
      instance: result.headers['request-id'],
    });
  });

  it('R4: an upstream that stops sending mid-body for --upstream-timeout gets its answer cut there', async () => {
    const result = await rawRequest(impatientProxy.baseUrl, {
      target: `${CREATE_PATH}?case=stall`,
      headers: createHeaders,
      body: validBody,
    });
    expect(result.status).toBe(201);
    expect(result.complete).toBe(false);
    expect(result.body.toString('utf8')).toBe(validBody.slice(0, 10));
    await waitFor(() => impatientProxy.output().includes('cut short after 10 bytes of the body: the upstream sent nothing for 0.5 s'), {
      what: () => `the stall's log line in:\n${impatientProxy.output()}`,
    });
  });

  it('an upstream that cannot be reached gets a 502 problem', async () => {
    const closed = await startMockProcess(['proxy', `http://127.0.0.1:${await freePort()}`, '--no-build'], {
      PORT: String(await freePort()),
    });
    try {
      const result = await rawRequest(closed.baseUrl, { target: CREATE_PATH, headers: createHeaders, body: validBody });
      expect(result.status).toBe(502);
      const problem = JSON.parse(result.body.toString('utf8'));
      expect(schemaErrors('Problem', problem)).toEqual([]);
      expect(problem.detail).toBe('The upstream could not be reached or did not answer in HTTP (ECONNREFUSED).');
    } finally {
      killEverything(closed);
    }
  });

  it('an upstream that answers something other than HTTP gets a 502 problem', async () => {
    const garbage = createNetServer((socket) => socket.end('not http at all\r\n\r\n'));
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    const port = (garbage.address() as AddressInfo).port;
    const behindGarbage = await startMockProcess(['proxy', `http://127.0.0.1:${port}`, '--no-build'], { PORT: String(await freePort()) });
    try {
      const result = await rawRequest(behindGarbage.baseUrl, { target: CREATE_PATH, headers: createHeaders, body: validBody });
      expect(result.status).toBe(502);
      expect(JSON.parse(result.body.toString('utf8')).detail).toMatch(
        /^The upstream could not be reached or did not answer in HTTP \(HPE_[A-Z_]+\)\.$/,
      );
    } finally {
      killEverything(behindGarbage);
      garbage.close();
    }
  });

  it('SIGTERM stops it at once, exit 0, while a request waits on a silent upstream', async () => {
    const waiting = await startMockProcess(['proxy', upstream.url, '--no-build'], { PORT: String(await freePort()) });
    try {
      const before = upstream.received.length;
      const pending = rawRequest(waiting.baseUrl, { target: `${CREATE_PATH}?case=silent`, headers: createHeaders, body: validBody }).catch(
        (error: Error) => error,
      );
      await waitFor(() => upstream.received.length > before, { what: 'the request at the upstream' });
      expect(await waiting.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      // The client's connection was closed without an answer.
      expect(await pending).toBeInstanceOf(Error);
    } finally {
      killEverything(waiting);
    }
  });

  it("a request Node's parser refuses gets the mock's 431 problem and never reaches the upstream", async () => {
    const before = upstream.received.length;
    const result = await create('ok', { headers: { 'x-long': 'x'.repeat(20_000) } });
    expect(result.status).toBe(431);
    expect(JSON.parse(result.body.toString('utf8')).type).toBe(
      new URL('request-header-fields-too-large', readContractProblem('MalformedJson').type).href,
    );
    expect(upstream.received.length).toBe(before);
  });
});

describe('the log at --log-level info', () => {
  it('R5: never holds the query, the user information or the key, and Prism no longer forwards', async () => {
    const target = `${CREATE_PATH}?case=ok&token=${CANARY_CALLBACK_TOKEN}`;
    const result = await rawRequest(proxy.baseUrl, { target, headers: createHeaders, body: validBody });
    expect(result.status).toBe(201);
    expect(upstream.received.at(-1)?.url).toBe(target);
    // The same in absolute-form, with a user and password before the host.
    const absolute = `http://user:${CANARY_CALLBACK_PASSWORD}@127.0.0.1${target}`;
    const reply = await sendRaw(proxy.baseUrl, `POST ${absolute} HTTP/1.1`, validBody);
    expect(reply).toMatch(/^HTTP\/1\.1 201 /);
    await waitFor(() => (proxy.output().match(/POST \/api\/v1\/checkouts\/ → 201 from the upstream/g) ?? []).length >= 2, {
      what: () => `two exchange lines in:\n${proxy.output()}`,
    });
    const output = proxy.output();
    for (const secret of [CANARY_CALLBACK_TOKEN, CANARY_CALLBACK_PASSWORD, CANARY_KEY]) expect(output).not.toContain(secret);
    expect(output).not.toMatch(/Forwarding/);
  });
});

// A request written byte for byte (an absolute-form target); resolves with the reply's status line.
function sendRaw(baseUrl: string, requestLine: string, body: string): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      reply += chunk;
      if (!reply.includes('\r\n')) return;
      resolve(reply.split('\r\n')[0]);
      socket.destroy();
    });
    socket.on('error', reject);
    const head = [requestLine, 'Host: 127.0.0.1', ...Object.entries(createHeaders).map(([name, value]) => `${name}: ${value}`)];
    socket.write(`${head.join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
}
