// The shared bad-input table (test/support/bad-inputs.ts) through the proxy in front of the sandbox: every row gets
// the answer the table names for any implementation, since the proxy passes the sandbox's answer on unchanged and
// answers itself only what Node's parser refuses, with the mock's problem (431, 400). Also the odd but valid
// requests: through the proxy they still create a checkout, and no canary reaches the proxy's log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../sandbox/support/sandbox-harness.js';
import { listBadInputs, listOddButValidInputs, sendBadInput } from '../support/bad-inputs.js';
import { CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';
import { freePort } from '../support/ports.js';
import { waitForMarker } from '../support/wait-for.js';
import { schemaErrors } from './mock-fixtures.js';
import { killEverything, type MockProcess, startMockProcess } from './mock-process.js';

let sandbox: TestSandbox;
let proxy: MockProcess;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  proxy = await startMockProcess(['proxy', sandbox.baseUrl, '--no-build', '--log-level', 'info'], { PORT: String(await freePort()) });
});

afterAll(async () => {
  killEverything(proxy);
  await sandbox?.close();
});

describe.each(listBadInputs(CANARY_KEY).map((row) => [row.name, row] as const))('through the proxy, %s', (_name, row) => {
  it(`answers ${row.expected.status} ${row.expected.type.split('/').pop()}`, async () => {
    const answer = await sendBadInput(proxy.baseUrl, row);
    const summary = `${answer.status} ${answer.body.slice(0, 300)}`;
    expect(answer.status, summary).toBe(row.expected.status);
    expect(answer.headers['content-type'], summary).toEqual([expect.stringMatching(/^application\/problem\+json/)]);
    const problem = JSON.parse(answer.body);
    expect(problem.type, summary).toBe(row.expected.type);
    expect(schemaErrors('Problem', problem), summary).toEqual([]);
    for (const [name, value] of Object.entries(row.expected.headers ?? {})) expect(answer.headers[name], name).toEqual([value]);
    expect(answer.body).not.toContain(CANARY_KEY);
  });
});

describe.each(listOddButValidInputs(CANARY_KEY).map((row) => [row.name, row] as const))(
  'through the proxy, odd but valid: %s',
  (_name, row) => {
    it('the sandbox creates the checkout', async () => {
      const answer = await sendBadInput(proxy.baseUrl, row);
      expect(answer.status, answer.body.slice(0, 300)).toBe(201);
      expect(schemaErrors('Checkout', JSON.parse(answer.body))).toEqual([]);
    });
  },
);

describe("the proxy's log", () => {
  it('holds no canary after every row, at info', async () => {
    // A last request whose line comes after every other one's: once it is there, all of theirs are.
    await fetch(`${proxy.baseUrl}/proxy-log-marker`);
    await waitForMarker(() => proxy.output().includes('GET /proxy-log-marker → 404 from the upstream'), {
      what: () => `the marker's line in:\n${proxy.output()}`,
    });
    for (const canary of [CANARY_KEY, CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN]) expect(proxy.output()).not.toContain(canary);
  });
});
