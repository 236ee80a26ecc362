// No request stops the mock (issue 12): bytes that made Prism throw while writing its violations header, and JSON
// nested deeper than a recursive walk survives; Prism runs inside the mock, so no process of it can die alone. Each
// goes to the real process as npm start runs it, and the next valid create still gets its 201. Prism logs at `info`,
// the level at which it serialises each body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestValidator } from '../../src/sandbox/validate-create-request.js';
import { CANARY_KEY } from '../support/canary.js';
import { problemType } from '../support/problems.js';
import { waitFor } from '../support/wait-for.js';
import { contractValue, postJson, schemaErrors, seedSamples } from './mock-fixtures.js';
import { childPids, killEverything, type MockProcess, startMockProcess } from './mock-process.js';

const auth = { authorization: `Api-Key ${CANARY_KEY}` };

let mock: MockProcess;
beforeAll(async () => {
  mock = await startMockProcess(['--no-build', '--log-level', 'info']);
});
afterAll(() => killEverything(mock));

async function expectValidCreateStillWorks(): Promise<void> {
  const result = await postJson(mock.baseUrl, seedSamples.usdtOnTron, auth);
  expect(result.status, result.text.slice(0, 300)).toBe(201);
  expect(mock.child.exitCode).toBeNull();
}

/** The sample with `depth` nested arrays in `client_reference_id`, a string field. */
function nestedBody(depth: number): string {
  const text = JSON.stringify({ ...seedSamples.usdtOnTron, client_reference_id: 0 });
  return text.replace('"client_reference_id":0', `"client_reference_id":${'['.repeat(depth)}${']'.repeat(depth)}`);
}

describe('bodies that once stopped the mock', () => {
  it('invalid UTF-8 in a field name ({"\\xff\\xfe":1}) → 400 malformed-json, and the mock keeps answering', async () => {
    const response = await fetch(`${mock.baseUrl}/api/v1/checkouts/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    });
    const problem = await response.json();
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problem).toMatchObject({ type: problemType('malformed-json'), status: 400 });
    expect(problem.detail).toContain('not valid UTF-8');
    await expectValidCreateStillWorks();
  });

  it('a field named beyond Latin-1 ("日本", valid UTF-8) → 422 naming /日本, and the mock keeps answering', async () => {
    const result = await postJson(mock.baseUrl, { ...seedSamples.usdtOnTron, 日本: 1 }, auth);
    expect(result.status).toBe(422);
    expect(schemaErrors('Problem', result.json)).toEqual([]);
    expect(result.json.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/日本']);
    await expectValidCreateStillWorks();
  });

  it("a field name holding a line break cannot forge a line of the front's log", async () => {
    const result = await postJson(mock.baseUrl, { ...seedSamples.usdtOnTron, 'x\nPOST /forged → 201': 1 }, auth);
    expect(result.status).toBe(422);
    expect(result.json.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/x\nPOST ~1forged → 201']);
    const escaped = '/x\\u000aPOST ~1forged → 201 is not a field';
    await waitFor(() => mock.output().includes(escaped), { what: () => `the line with ${escaped} in:\n${mock.output()}` });
    // Prism's own log at `info` quotes the name raw (its business, and off by default); the front's line must not.
    expect(mock.output()).not.toMatch(/^POST ~1forged → 201 is not a field/m);
  });
});

describe('deeply nested JSON gets the answer the sandbox gives, never a 5xx', () => {
  const validateLikeSandbox = createRequestValidator(contractValue);
  const depths: Array<[string, number]> = [
    ['4,000 deep (about 8 KB)', 4_000],
    ['500,000 deep (just under 1 MiB)', 500_000],
  ];
  it.each(depths)('%s inside a field → 422 at that field', async (_name, depth) => {
    const body = nestedBody(depth);
    const result = await postJson(mock.baseUrl, body, auth);
    expect(result.status, result.text.slice(0, 300)).toBe(422);
    expect(result.json.type).toBe(problemType('validation-failed'));
    const sandbox = validateLikeSandbox(JSON.parse(body));
    const sandboxPointers = sandbox.ok ? [] : sandbox.errors.map((error) => error.pointer);
    expect(sandboxPointers).toEqual(['/client_reference_id']);
    expect(result.json.errors.map((e: { pointer: string }) => e.pointer)).toEqual(sandboxPointers);
    await expectValidCreateStillWorks();
  });
});

describe('Prism in the same process', () => {
  it('leaves no process of its own to die: the mock has no child, and the next create gets 201', async () => {
    expect(childPids(mock.child.pid!)).toEqual([]);
    await expectValidCreateStillWorks();
  });

  it('the key never reached the output', () => {
    expect(mock.output()).toContain('→ 201');
    expect(mock.output()).not.toContain(CANARY_KEY);
  });
});
