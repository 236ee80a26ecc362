// The kit's callback receiver: each path answers its attempts as scripted (another status, or a connection closed
// without an answer), 204 beyond the script, 404 off its paths; the checks can wait for the nth attempt. What it keeps
// stays bounded whatever a sender posts (issue 28, R7).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallbackReceiver,
  callbackPath,
  MAX_ATTEMPTS_PER_PATH,
  MAX_BODY_BYTES,
  startCallbackReceiver,
} from '../../src/conformance/callback-receiver.js';

let receiver: CallbackReceiver;

beforeAll(async () => {
  receiver = await startCallbackReceiver('127.0.0.1', 0);
});

afterAll(() => receiver.close());

/** POST to the receiver; the status it answered, or the error code when it closed the connection unanswered. */
function post(path: string, body: string, headers: Record<string, string> = {}): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port: receiver.port, path, method: 'POST', headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end(body);
  });
}

describe('the callback receiver', () => {
  it('answers each attempt as scripted, then 204, and keeps every attempt in order', async () => {
    receiver.script('scripted', [503, 'drop', 410]);
    const path = callbackPath('scripted');
    const answers = [];
    for (const body of ['one', 'two', 'three', 'four']) answers.push(await post(path, body, { 'webhook-id': `msg_${body}` }));
    expect(answers).toEqual([503, 'ECONNRESET', 410, 204]);
    const attempts = await Promise.all([1, 2, 3, 4].map((nth) => receiver.waitForAttempt('scripted', nth, 1000)));
    expect(attempts.map((attempt) => [attempt?.method, attempt?.path, attempt?.body, attempt?.headers['webhook-id']])).toEqual([
      ['POST', path, 'one', 'msg_one'],
      ['POST', path, 'two', 'msg_two'],
      ['POST', path, 'three', 'msg_three'],
      ['POST', path, 'four', 'msg_four'],
    ]);
    expect(attempts[1]!.answeredAt).toBeGreaterThanOrEqual(attempts[0]!.arrivedAt);
  });

  it('hands over an attempt that comes while a check waits for it', async () => {
    receiver.script('later', []);
    const waiting = receiver.waitFor('later', 10_000);
    expect(await post(callbackPath('later'), '{}')).toBe(204);
    expect((await waiting)?.body).toBe('{}');
  });

  it('resolves undefined when the attempt has not come by the deadline', async () => {
    receiver.script('once', []);
    await post(callbackPath('once'), '{}');
    expect(await receiver.waitForAttempt('once', 2, 20)).toBeUndefined();
    expect(await receiver.waitForAttempt('never', 1, 0)).toBeUndefined();
  });

  it('answers 404 off its own paths, and on a path it did not issue, and keeps nothing', async () => {
    const before = receiver.retained();
    expect(await post('/elsewhere', '{}')).toBe(404);
    expect(await post(callbackPath('never-issued'), '{}')).toBe(404);
    expect(await receiver.waitForAttempt('never-issued', 1, 0)).toBeUndefined();
    expect(receiver.retained()).toEqual(before);
  });
});

describe('a sender that floods the receiver (R7)', () => {
  it('200 posts of 1 MiB to an issued path and 200 to another keep at most 8 attempts of at most 1 MiB each', async () => {
    const flooded = await startCallbackReceiver('127.0.0.1', 0);
    try {
      flooded.script('flooded', []);
      const mebibyte = 'x'.repeat(1024 * 1024 + 1);
      const postTo = (path: string) =>
        new Promise<number | string>((resolve) => {
          const request = http.request({ host: '127.0.0.1', port: flooded.port, path, method: 'POST' }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          });
          request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
          request.end(mebibyte);
        });
      const issued: Array<number | string> = [];
      const other: Array<number | string> = [];
      for (let index = 0; index < 200; index += 1) {
        issued.push(await postTo(callbackPath('flooded')));
        other.push(await postTo(callbackPath(`guessed-${index}`)));
      }
      expect(MAX_ATTEMPTS_PER_PATH).toBe(22);
      expect(issued.slice(0, 22)).toEqual(Array(22).fill(204));
      expect(new Set(issued.slice(22))).toEqual(new Set([410]));
      expect(new Set(other)).toEqual(new Set([404]));
      expect(flooded.retained()).toEqual({ attempts: 22, bodyBytes: 22 * MAX_BODY_BYTES });
      expect((await flooded.waitForAttempt('flooded', 22, 0))?.body.length).toBe(MAX_BODY_BYTES);
      expect(await flooded.waitForAttempt('flooded', 23, 0)).toBeUndefined();
    } finally {
      await flooded.close();
    }
  });
});
