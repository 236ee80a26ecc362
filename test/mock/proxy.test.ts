// `npm run proxy -- <upstream-url>`: Prism in front of a real implementation (here a small node:http service
// whose answers the test controls), reporting request and response violations.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY } from '../support/canary.js';
import { freePort } from '../support/ports.js';
import { waitFor } from '../support/wait-for.js';
import { clone, postJson, responseExample, seedSamples } from './mock-fixtures.js';
import { childPids, isAlive, killEverything, type MockProcess, startMockProcess } from './mock-process.js';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const auth = { authorization: `Api-Key ${CANARY_KEY}` };
const received: Received[] = [];
let upstream: Server;
let proxy: MockProcess;

// The implementation under test: a correct record, unless the order reference asks for a broken one.
function answer(body: string): { status: number; record: unknown } {
  const record: any = clone(responseExample('usdtOnTron'));
  let parsed: any;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = {};
  }
  if (parsed.client_reference_id === 'broken-record') {
    delete record.url;
    record.amountTotal = 25;
  }
  return { status: 201, record };
}

beforeAll(async () => {
  upstream = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      const { status, record } = answer(body);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(record));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/base`;
  proxy = await startMockProcess(['proxy', upstreamUrl, '--no-build'], { PORT: String(await freePort()) });
});

afterAll(async () => {
  killEverything(proxy);
  await new Promise((resolve) => upstream?.close(resolve));
});

const violationsOf = (headers: Headers) =>
  JSON.parse(headers.get('sl-violations') ?? '[]') as Array<{ location: string[]; message: string }>;

describe('validation proxy', () => {
  it('forwards a valid exchange unchanged (path, body, Authorization) and reports no violation', async () => {
    const result = await postJson(proxy.baseUrl, seedSamples.usdtOnTron, auth);
    expect(result.status).toBe(201);
    expect(result.json).toEqual(responseExample('usdtOnTron'));
    expect(violationsOf(result.headers)).toEqual([]);
    const forwarded = received.at(-1)!;
    expect(forwarded.url).toBe('/base/api/v1/checkouts/');
    expect(JSON.parse(forwarded.body)).toEqual(seedSamples.usdtOnTron);
    expect(forwarded.headers.authorization).toBe(`Api-Key ${CANARY_KEY}`);
  });

  it('reports each response violation of the implementation in sl-violations and in its log', async () => {
    const result = await postJson(proxy.baseUrl, { ...seedSamples.usdtOnTron, client_reference_id: 'broken-record' }, auth);
    expect(result.status).toBe(201);
    const reported = violationsOf(result.headers).filter((v) => v.location[0] === 'response');
    expect(reported.map((v) => v.location.join('.')).sort()).toEqual(['response.body', 'response.body.amountTotal']);
    expect(reported.map((v) => v.message).join('\n')).toMatch(/required property 'url'/);
    await waitFor(() => /Violation: response\.body\.amountTotal/.test(proxy.output()), {
      what: () => `the violation's log line in:\n${proxy.output()}`,
    });
  });

  it('reports request violations too, and still lets the implementation answer', async () => {
    const body = clone(seedSamples.usdtOnTron);
    delete body.currency;
    const before = received.length;
    const result = await postJson(proxy.baseUrl, body, {});
    expect(received.slice(before).map((forwarded) => JSON.parse(forwarded.body))).toEqual([body]);
    const requestViolations = violationsOf(result.headers)
      .filter((v) => v.location[0] === 'request')
      .map((v) => v.message);
    expect(requestViolations.join('\n')).toMatch(/required property 'currency'/);
    expect(requestViolations.join('\n')).toMatch(/security/i);
  });

  it('even killed outright (SIGKILL), it leaves no Prism behind; the key never reached the log', async () => {
    expect(childPids(proxy.child.pid!)).toEqual([]);
    expect(await proxy.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(isAlive(proxy.child.pid!)).toBe(false);
    expect(proxy.output()).toMatch(/Violation:/);
    expect(proxy.output()).not.toContain(CANARY_KEY);
  });
});
