// The API key must never leave through anything a caller can print: the client object, its errors, console output.
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCheckoutClient } from '../../src/index.js';
import { CANARY_KEY } from '../support/canary.js';
import { freePort } from '../support/ports.js';
import { createdCheckout, json201, requestBody } from './client-fixtures.js';
import { type RecordingServer, startRecordingServer } from './recording-server.js';

function printedForms(value: unknown): string[] {
  const forms = [inspect(value, { depth: Infinity, showHidden: true, getters: true }), String(value)];
  try {
    forms.push(JSON.stringify(value) ?? '');
  } catch {
    // Circular values cannot be JSON; inspect covers them.
  }
  if (value instanceof Error) forms.push(value.stack ?? '', inspect(value.cause, { depth: Infinity, showHidden: true }));
  return forms;
}

function expectNoKey(value: unknown) {
  for (const form of printedForms(value)) expect(form).not.toContain(CANARY_KEY);
}

let server: RecordingServer;
const consoleSpies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method));

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
afterEach(() => {
  for (const spy of consoleSpies) {
    for (const call of spy.mock.calls) expect(inspect(call, { depth: Infinity })).not.toContain(CANARY_KEY);
  }
});

describe('the API key stays secret', () => {
  it('the client object shows no key when inspected or serialized', () => {
    const client = createCheckoutClient({ baseUrl: server.baseUrl, apiKey: CANARY_KEY });
    expectNoKey(client);
    expectNoKey(client.createCheckout);
    expect(Object.isFrozen(client)).toBe(true);
  });

  it('the key is sent on the wire, and appears nowhere in the result the caller gets', async () => {
    const client = createCheckoutClient({ baseUrl: server.baseUrl, apiKey: CANARY_KEY });
    server.answerNext(json201(createdCheckout));
    const result = await client.createCheckout(requestBody);
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Api-Key ${CANARY_KEY}`);
    expectNoKey(result.data);
    expectNoKey(result.response.headers);
  });

  it('a refused connection rejects with an error that holds no key, nor does its cause', async () => {
    const client = createCheckoutClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, apiKey: CANARY_KEY });
    const error = await client.createCheckout(requestBody).catch((rejection: unknown) => rejection);
    expect(error).toBeInstanceOf(Error);
    expectNoKey(error);
  });

  it('an abort rejects with an error that holds no key', async () => {
    const client = createCheckoutClient({ baseUrl: server.baseUrl, apiKey: CANARY_KEY });
    const error = await client.createCheckout(requestBody, { signal: AbortSignal.abort() }).catch((rejection: unknown) => rejection);
    expect(error).toMatchObject({ name: 'AbortError' });
    expectNoKey(error);
  });

  it.each([`${CANARY_KEY}\n`, ` ${CANARY_KEY}`, `${CANARY_KEY} extra`, ''])(
    'an unusable key (%j) is refused with an error that does not repeat it',
    (apiKey) => {
      let thrown: unknown;
      try {
        createCheckoutClient({ baseUrl: server.baseUrl, apiKey });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(TypeError);
      expect((thrown as Error).message).toMatch(/apiKey must be a non-empty string of visible ASCII/);
      expectNoKey(thrown);
    },
  );
});
