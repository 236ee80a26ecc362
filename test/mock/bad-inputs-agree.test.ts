// Every row of the bad-input table (test/support/bad-inputs.ts) and of the invalid-body table
// (test/support/invalid-create-bodies.ts) against both implementations an integrator may point at: the mock as
// `npm start` runs it (a real process) and the sandbox. Each must give the row's status and problem type, as an
// application/problem+json document valid against Problem, and never echo the key; and the two must say the same:
// the problem's `detail` and every field error's pointer, code and detail. Both word them with the same functions
// (src/http/problems.ts, src/contract/field-errors.ts), and the field errors of a body with the same validator
// (src/contract/describe-body.ts), which the mock asks once Prism has refused the body, so no row is excused: a
// difference is a bug in one of the two. (A JSON null body, which Prism takes for no body, is judged as null.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../sandbox/support/sandbox-harness.js';
import {
  type BadInput,
  listBadInputs,
  listOddButValidInputs,
  type RawAnswer,
  readValidCreateBody,
  sendBadInput,
} from '../support/bad-inputs.js';
import { CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';
import { INVALID_CREATE_BODIES } from '../support/invalid-create-bodies.js';
import { readProblem } from '../support/problems.js';
import { schemaErrors } from './mock-fixtures.js';
import { killEverything, type MockProcess, startMockProcess } from './mock-process.js';

// The sandbox knows its keys, the mock takes any: the sandbox's canary key is a valid credential for both.
const rows = listBadInputs(CANARY_KEY);

let mock: MockProcess;
let sandbox: TestSandbox;
type Target = 'mock' | 'sandbox';
const targets: Record<Target, () => string> = { mock: () => mock.baseUrl, sandbox: () => sandbox.baseUrl };

beforeAll(async () => {
  [mock, sandbox] = await Promise.all([startMockProcess(['--no-build']), startTestSandbox()]);
});

afterAll(async () => {
  killEverything(mock);
  await sandbox?.close();
});

function expectAnswer(answer: RawAnswer, row: BadInput): void {
  const summary = `${answer.status} ${answer.body.slice(0, 300)}`;
  expect(answer.status, summary).toBe(row.expected.status);
  expect(answer.headers['content-type'], summary).toEqual([expect.stringMatching(/^application\/problem\+json/)]);
  const problem = JSON.parse(answer.body);
  expect(problem.type, summary).toBe(row.expected.type);
  expect(problem.status).toBe(row.expected.status);
  expect(schemaErrors('Problem', problem), summary).toEqual([]);
  for (const [name, value] of Object.entries(row.expected.headers ?? {})) expect(answer.headers[name], name).toEqual([value]);
  // D2: an answer's Request-Id, when it has one, is its problem's instance.
  if (answer.headers['request-id']) expect(problem.instance).toBe(answer.headers['request-id'][0]);
  expect(answer.body).not.toContain(CANARY_KEY);
}

// The words that must be the same from both: every field error whole, then the problem's detail.
function expectSameWords(mockProblem: any, sandboxProblem: any): void {
  expect(mockProblem.errors, 'errors').toEqual(sandboxProblem.errors);
  expect(mockProblem.detail, 'detail').toBe(sandboxProblem.detail);
}

// Each row is sent once to each server; the agreement test compares the two answers the first two tests read.
function answerOnce(): (target: Target, send: () => Promise<any>) => Promise<any> {
  const answers = new Map<Target, Promise<any>>();
  return (target, send) => {
    if (!answers.has(target)) answers.set(target, send());
    return answers.get(target)!;
  };
}

describe.each(rows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
  const { status, type } = row.expected;
  const slug = type.split('/').pop();
  const answer = answerOnce();
  const send = (target: Target) => answer(target, () => sendBadInput(targets[target](), row));

  it.each(['mock', 'sandbox'] as const)(`the %s answers ${status} ${slug}`, async (target) => {
    expectAnswer(await send(target), row);
  });

  it('the two say the same: detail and errors', async () => {
    const [mockAnswer, sandboxAnswer] = await Promise.all([send('mock'), send('sandbox')]);
    expectSameWords(JSON.parse(mockAnswer.body), JSON.parse(sandboxAnswer.body));
  });

  // One request front answers both (src/http/request-front.ts): the whole answer is the same, not only the row's
  // status and type, but for what each mints (the Request-Id, which is the problem's instance).
  it('the two answer alike: status, envelope headers, and the problem but its instance', async () => {
    const [mockAnswer, sandboxAnswer] = await Promise.all([send('mock'), send('sandbox')]);
    expect(describeEnvelopeAnswer(mockAnswer)).toEqual(describeEnvelopeAnswer(sandboxAnswer));
  });
});

// The headers the front sets on a refusal; the mock's CORS headers and each server's own (Date, Connection) aside.
const ENVELOPE_HEADERS = ['content-type', 'cache-control', 'allow', 'www-authenticate'];

function describeEnvelopeAnswer(answer: RawAnswer) {
  const { instance, ...problem } = JSON.parse(answer.body);
  const headers = Object.fromEntries(ENVELOPE_HEADERS.map((name) => [name, answer.headers[name]]));
  return { status: answer.status, headers, problem, instanceIsRequestId: instance === answer.headers['request-id']?.[0] };
}

// The invalid-body table the sandbox's own suite runs, against both: the same 422 naming the same field, in the
// same words.
describe.each(INVALID_CREATE_BODIES.map((invalid) => [invalid.name, invalid] as const))('invalid body, %s', (_name, invalid) => {
  const answer = answerOnce();
  const post = (target: Target) =>
    answer(target, async () => {
      const response = await fetch(`${targets[target]()}${CREATE_PATH}`, {
        method: 'POST',
        headers: { authorization: `Api-Key ${CANARY_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(invalid.body),
      });
      return readProblem(response, 422, 'validation-failed');
    });

  it.each(['mock', 'sandbox'] as const)('%s: 422 validation-failed naming the field', async (target) => {
    const problem = await post(target);
    expect(problem.errors.map((error: { pointer: string }) => error.pointer)).toContain(invalid.pointer);
  });

  it('the two say the same: detail and errors', async () => {
    const [mockProblem, sandboxProblem] = await Promise.all([post('mock'), post('sandbox')]);
    expectSameWords(mockProblem, sandboxProblem);
  });
});

// Requests that look odd but are valid (an ignored preference, an absolute-form target): both create the checkout.
describe.each(listOddButValidInputs(CANARY_KEY).map((row) => [row.name, row] as const))('odd but valid, %s', (_name, row) => {
  it.each(['mock', 'sandbox'] as const)('the %s answers 201 with a Checkout', async (target) => {
    const answer = await sendBadInput(targets[target](), row);
    expect(answer.status, answer.body.slice(0, 300)).toBe(201);
    expect(schemaErrors('Checkout', JSON.parse(answer.body))).toEqual([]);
  });
});

describe('controls', () => {
  const wellFormed = {
    name: 'the well-formed request the rows are made from',
    method: 'POST',
    path: CREATE_PATH,
    headers: [
      ['Authorization', `Api-Key ${CANARY_KEY}`],
      ['Content-Type', 'application/json; charset="UTF-8"'],
    ] as Array<[string, string]>,
    body: Buffer.from(JSON.stringify(readValidCreateBody())),
    expected: { status: 201, type: '' },
  };

  it.each(['mock', 'sandbox'] as const)('%s: the well-formed request (charset="UTF-8", any case) → 201 Checkout', async (target) => {
    const answer = await sendBadInput(targets[target](), wellFormed);
    expect(answer.status, answer.body.slice(0, 300)).toBe(201);
    expect(schemaErrors('Checkout', JSON.parse(answer.body))).toEqual([]);
  });

  it('the mock is still up after every row, and its output never holds the key', async () => {
    const answer = await sendBadInput(targets.mock(), wellFormed);
    expect(answer.status).toBe(201);
    expect(mock.child.exitCode).toBeNull();
    expect(mock.output()).toContain('→ 201');
    // Nor the user, password and query token of the absolute-form target (listOddButValidInputs).
    for (const secret of [CANARY_KEY, 'canary-user', CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN]) {
      expect(mock.output()).not.toContain(secret);
      expect(sandbox.logs.join('\n')).not.toContain(secret);
    }
  });
});
