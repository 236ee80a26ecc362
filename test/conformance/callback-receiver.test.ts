// The kit's callback receiver: each path answers its attempts as scripted (another status, or a connection closed
// without an answer), 204 beyond the script, 404 off its paths; the checks can wait for the nth attempt.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallbackReceiver, callbackPath, startCallbackReceiver } from '../../src/conformance/callback-receiver.js';

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
    const waiting = receiver.waitFor('later', 10_000);
    expect(await post(callbackPath('later'), '{}')).toBe(204);
    expect((await waiting)?.body).toBe('{}');
  });

  it('resolves undefined when the attempt has not come by the deadline', async () => {
    await post(callbackPath('once'), '{}');
    expect(await receiver.waitForAttempt('once', 2, 20)).toBeUndefined();
    expect(await receiver.waitForAttempt('never', 1, 0)).toBeUndefined();
  });

  it('answers 404 off its own paths and keeps nothing', async () => {
    expect(await post('/elsewhere', '{}')).toBe(404);
  });
});
