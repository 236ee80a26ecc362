// Prism's validation proxy in front of the sandbox: every request and response is checked against the contract by
// a tool that is not ours. Zero violations means no `sl-violations` header, no Prism-made error, and nothing
// reported in Prism's log.
// Three kinds of request never reach the sandbox through Prism, so they are covered by request-errors.test.ts and
// the property test instead: malformed JSON (Prism answers its own 400), a missing Authorization header (Prism's own
// 401, even with --validate-request=false), and a top-level JSON string or null (Prism re-serializes the body and
// forwards something else).
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY, UNKNOWN_CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';
import { INVALID_CREATE_BODIES } from '../support/invalid-create-bodies.js';
import { freePort } from '../support/ports.js';
import { type RunningProcess, startProcess, waitForOutput } from '../support/processes.js';
import { namedRequests, namedResponses } from './support/contract-checks.js';
import { startTestSandbox, type TestSandbox } from './support/sandbox-harness.js';

const prismCli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
const bundle = new URL('../../generated/openapi.yaml', import.meta.url).pathname;

let sandbox: TestSandbox;
// Validates requests too: the samples must pass Prism's own request check on their way in.
let strictProxy: { url: string; process: RunningProcess };
// Forwards every request, so that invalid ones reach the sandbox; checks the sandbox's answers.
let forwardingProxy: { url: string; process: RunningProcess };

// A negative control: an upstream whose 201 lacks `url`, behind its own proxy, must be flagged.
let brokenUpstream: Server;
let controlProxy: { url: string; process: RunningProcess };

async function startBrokenUpstream(): Promise<string> {
  brokenUpstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const record = { ...namedResponses.usdtOnTron };
      delete record.url;
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(record));
    });
  });
  await new Promise<void>((resolve) => brokenUpstream.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(brokenUpstream.address() as AddressInfo).port}`;
}

async function startProxy(extraArgs: string[], upstream = sandbox.baseUrl): Promise<{ url: string; process: RunningProcess }> {
  const port = await freePort();
  const running = startProcess(process.execPath, [
    prismCli,
    'proxy',
    bundle,
    upstream,
    '--errors',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    ...extraArgs,
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitForOutput(running, /Prism is listening/);
  return { url, process: running };
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const brokenUrl = await startBrokenUpstream();
  [strictProxy, forwardingProxy, controlProxy] = await Promise.all([
    startProxy([]),
    startProxy(['--validate-request=false']),
    startProxy([], brokenUrl),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([strictProxy?.process.stop(), forwardingProxy?.process.stop(), controlProxy?.process.stop()]);
  brokenUpstream?.close();
  await sandbox?.close();
});

function post(proxyUrl: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${proxyUrl}${CREATE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json', ...headers },
    body,
  });
}

async function expectNoViolations(response: Response, status: number): Promise<any> {
  const text = await response.text();
  expect(response.headers.get('sl-violations'), text).toBeNull();
  expect(text).not.toContain('stoplight.io/prism/errors');
  expect(response.status, text).toBe(status);
  return JSON.parse(text);
}

describe("through Prism's validation proxy, with --errors", () => {
  it('flags a response outside the contract (negative control: the check can fail)', async () => {
    const response = await post(controlProxy.url, JSON.stringify(namedRequests.usdtOnTron));
    expect(response.headers.get('sl-violations')).toContain("required property 'url'");
    expect(response.status).toBe(500);
    await waitForOutput(controlProxy.process, /terminated with error: \S+#VIOLATIONS/, 10_000);
  });

  it.each(Object.keys(namedRequests))('the %s sample: 201 and no violation', async (name) => {
    const record = await expectNoViolations(await post(strictProxy.url, JSON.stringify(namedRequests[name])), 201);
    expect(record.status).toBe('open');
  });

  it('the sample replayed with an Idempotency-Key: no violation', async () => {
    const body = JSON.stringify(namedRequests.usdtOnTron);
    await expectNoViolations(await post(strictProxy.url, body, { 'idempotency-key': 'prism-replay-1' }), 201);
    const replay = await post(strictProxy.url, body, { 'idempotency-key': 'prism-replay-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await expectNoViolations(replay, 201);
  });

  const forwardable = INVALID_CREATE_BODIES.filter((invalid) => invalid.body !== null && typeof invalid.body === 'object');

  it('forwards most of the invalid-body table', () => {
    // All but the two whose body is not a JSON object.
    const kept = INVALID_CREATE_BODIES.filter((invalid) => !forwardable.includes(invalid)).map((invalid) => invalid.name);
    expect(kept).toEqual(['the body a string', 'the body null']);
  });

  it.each(forwardable.map((invalid) => [invalid.name, invalid] as const))(
    "invalid body, %s: the sandbox's 422, no violation",
    async (_name, invalid) => {
      const problem = await expectNoViolations(await post(forwardingProxy.url, JSON.stringify(invalid.body)), 422);
      expect(problem.type).toBe('https://api.checkout.example/problems/validation-failed');
    },
  );

  it.each([
    ['an unknown key', 401, JSON.stringify(namedRequests.usdtOnTron), { authorization: `Api-Key ${UNKNOWN_CANARY_KEY}` }],
    ['text/plain', 415, JSON.stringify(namedRequests.usdtOnTron), { 'content-type': 'text/plain' }],
    [
      'a reused Idempotency-Key',
      422,
      JSON.stringify({ ...namedRequests.usdtOnTron, client_reference_id: 'other' }),
      { 'idempotency-key': 'prism-replay-1' },
    ],
  ])("%s: the sandbox's %i problem, no violation", async (_name, status, body, headers) => {
    const problem = await expectNoViolations(await post(forwardingProxy.url, body, headers as Record<string, string>), status);
    expect(problem.status).toBe(status);
  });

  it('Prism logged no violation and no Prism-made error, and never the key', () => {
    for (const proxy of [strictProxy, forwardingProxy]) {
      const log = proxy.process.output();
      expect(log).toContain('Forwarding "post" request');
      expect(log).not.toMatch(/violation/i);
      expect(log.split('\n').filter((line) => /terminated with error/.test(line))).toEqual([]);
      expect(log).not.toContain(CANARY_KEY);
    }
  });
});
