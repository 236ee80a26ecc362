// The mock's completion callback (src/mock/completion-callback.ts) as the mock's server sends it, in this process
// with Prism's engine, against receivers that misbehave (issue 21): a 256 MiB reply is not read (R4), a redirect is
// not followed and its status is the receiver's own (R6), a port fetch refuses is reached (R11), and a silent
// receiver ends the attempt at the deadline. Every outcome is read from the mock's own log line for the callback.
import dns from 'node:dns';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContract } from '../../src/contract/contract-value.js';
import { readContract } from '../../src/contract/load-contract.js';
import { listen } from '../../src/http/listen.js';
import { locateBundle } from '../../src/mock/bundle.js';
import { createCallbackSender } from '../../src/mock/completion-callback.js';
import { createPrismEngine } from '../../src/mock/prism-engine.js';
import { createMockServer } from '../../src/mock/server.js';
import {
  startPlainReceiver,
  startReceiverOnFetchBadPort,
  startRedirectingReceiver,
  startStreamingReceiver,
  type TestReceiver,
} from '../support/callback-receivers.js';
import { CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';
import { waitFor } from '../support/wait-for.js';
import { clone, postJson, seedSamples } from './mock-fixtures.js';

// Long enough for a receiver's status line to arrive on a loaded machine: only the silent receiver waits it out.
const TIMEOUT_MS = 3000;
const lines: string[] = [];
const receivers: TestReceiver[] = [];
let mock: Server;
let baseUrl: string;

beforeAll(async () => {
  const bundle = locateBundle();
  const contract = createContract(readContract(bundle.json));
  const log = (line: string) => lines.push(line);
  const engine = await createPrismEngine({ document: bundle.json, logLevel: 'silent', log });
  const sendCallbacks = createCallbackSender({ headers: contract.callbackHeaderExamples, log, timeoutMs: TIMEOUT_MS });
  mock = createMockServer({ engine, contract, pairExamples: true, sendCallbacks, log });
  baseUrl = `http://127.0.0.1:${await listen(mock, '127.0.0.1', 0)}`;
});

afterAll(async () => {
  mock?.closeAllConnections();
  await new Promise((resolve) => mock?.close(resolve));
});

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

/** Creates a checkout whose callback goes to `callbackUrl`, and resolves with the mock's log line for that callback. */
async function createAndReadCallbackLine(callbackUrl: string): Promise<string> {
  const path = new URL(callbackUrl).pathname;
  const result = await postJson(
    baseUrl,
    { ...clone(seedSamples.usdtOnTron), callback_url: callbackUrl },
    { authorization: `Api-Key ${CANARY_KEY}` },
  );
  expect(result.status).toBe(201);
  return waitFor(() => lines.find((candidate) => candidate.startsWith('callback ') && candidate.includes(path)), {
    what: () => `a callback line for ${path} in:\n${lines.join('\n')}`,
    pollMs: 20,
  });
}

describe('the completion callback', () => {
  it('takes the status of a 256 MiB reply and closes the connection without reading the body (R4)', async () => {
    const receiver = await startStreamingReceiver(256 * 1024 * 1024);
    receivers.push(receiver);
    expect(await createAndReadCallbackLine(`${receiver.url}/hooks/big`)).toBe(`callback ${receiver.url}/hooks/big answered 200`);
    const ended = await receiver.replyEnded;
    expect(ended.finished).toBe(false);
    expect(ended.bytesWritten).toBeLessThan(256 * 1024 * 1024);
  });

  it("does not follow a redirect: the receiver's own 302 is logged as a failure, the Location is never called (R6)", async () => {
    const elsewhere = await startPlainReceiver(204);
    const redirecting = await startRedirectingReceiver(`${elsewhere.url}/elsewhere`);
    receivers.push(elsewhere, redirecting);
    const line = await createAndReadCallbackLine(`${redirecting.url}/hooks/moved?token=${CANARY_CALLBACK_TOKEN}`);
    expect(line).toBe(`callback ${redirecting.url}/hooks/moved?[REDACTED] answered 302, not delivered: redirects are not followed`);
    expect(redirecting.paths).toEqual([`/hooks/moved?token=${CANARY_CALLBACK_TOKEN}`]);
    // Had it followed, `elsewhere` would have answered before the line above was written.
    expect(elsewhere.paths).toEqual([]);
    expect(lines.join('\n')).not.toContain(CANARY_CALLBACK_TOKEN);
  });

  it("reaches a receiver on a port fetch refuses as a 'bad port' (R11)", async (context) => {
    const bound = await startReceiverOnFetchBadPort();
    if (!bound) return context.skip('every port of the bad-port list tried is taken on this machine');
    receivers.push(bound.receiver);
    expect(await createAndReadCallbackLine(`${bound.receiver.url}/hooks/bad-port`)).toBe(
      `callback http://127.0.0.1:${bound.port}/hooks/bad-port answered 204`,
    );
    expect(bound.receiver.paths).toEqual(['/hooks/bad-port']);
  });

  it('gives up on a receiver that never answers once its deadline has passed', async () => {
    const silent = createServer((request) => request.resume());
    const port = await listen(silent, '127.0.0.1', 0);
    receivers.push({
      url: `http://127.0.0.1:${port}`,
      paths: [],
      close: () => {
        silent.closeAllConnections();
        return new Promise((resolve) => silent.close(() => resolve()));
      },
    });
    expect(await createAndReadCallbackLine(`http://127.0.0.1:${port}/hooks/silent`)).toBe(
      `callback http://127.0.0.1:${port}/hooks/silent failed: no reply within ${TIMEOUT_MS} ms`,
    );
  });

  // Issue 30: the contract's examples and the banner's curl send shop.example.com; the mock must not call it. Each of
  // these names is refused before any lookup (the spy sees none), and the line redacts the URL's query.
  it.each([
    ['https://shop.example.com/webhooks/checkout', 'example.com'],
    ['https://HOOKS.Example.NET./in/net', 'example.net'],
    ['http://example.org/in/org', 'example.org'],
    ['https://shop.example/in/example', '.example'],
    ['http://receiver.test:8080/in/test', '.test'],
    ['https://nowhere.invalid/in/invalid', '.invalid'],
  ])('does not call %s (under %s, reserved for documentation) and logs that it did not', async (url, reserved) => {
    const lookup = vi.spyOn(dns, 'lookup');
    try {
      const line = await createAndReadCallbackLine(`${url}?token=${CANARY_CALLBACK_TOKEN}`);
      expect(line).toBe(
        `callback ${url}?[REDACTED] not sent: the host is under ${reserved}, reserved for documentation (RFC 2606, RFC 6761); nothing was called`,
      );
      expect(lookup).not.toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
  });

  it('calls a *.localhost name on 127.0.0.1 without asking any resolver (RFC 6761 §6.3)', async () => {
    const receiver = await startPlainReceiver(204);
    receivers.push(receiver);
    const lookup = vi.spyOn(dns, 'lookup');
    try {
      const url = receiver.url.replace('127.0.0.1', 'hooks.shop.localhost');
      expect(await createAndReadCallbackLine(`${url}/hooks/local`)).toBe(`callback ${url}/hooks/local answered 204`);
      expect(receiver.paths).toEqual(['/hooks/local']);
      expect(lookup).not.toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
  });
});
