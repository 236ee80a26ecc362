// A callback_url on a port fetch refuses as a "bad port" (6666, 10080, 6000, 5060, …): the contract accepts it, so
// the sandbox must deliver to it (issue 21, R11). Before, it answered 201 and every attempt failed with "bad port".
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReceiverOnFetchBadPort, type TestReceiver } from '../support/callback-receivers.js';
import { waitFor } from '../support/wait-for.js';
import { namedRequests } from './support/contract-checks.js';
import { startTestSandbox, type TestSandbox } from './support/sandbox-harness.js';

let sandbox: TestSandbox;
let bound: { receiver: TestReceiver; port: number } | undefined;

beforeAll(async () => {
  [sandbox, bound] = await Promise.all([startTestSandbox(), startReceiverOnFetchBadPort()]);
});

afterAll(async () => {
  await Promise.all([sandbox?.close(), bound?.receiver.close()]);
});

it('delivers the completion callback to a receiver on one of those ports, first attempt', async (context) => {
  if (!bound) return context.skip('every port of the bad-port list tried is taken on this machine');
  const body = { ...structuredClone(namedRequests.usdtOnTron), callback_url: `${bound.receiver.url}/hooks/checkout` };
  const created = await sandbox.createCheckout(body);
  expect(created.status).toBe(201);
  const { id } = await created.json();
  expect((await sandbox.callHelper('POST', `/sandbox/v1/checkouts/${id}/complete`)).status).toBe(200);
  let delivery: any;
  await waitFor(
    async () => {
      [delivery] = (await (await sandbox.callHelper('GET', `/sandbox/v1/checkouts/${id}/deliveries`)).json()).deliveries;
      return delivery?.status === 'delivered';
    },
    { what: () => `the delivery (now ${JSON.stringify(delivery)})`, pollMs: 20 },
  );
  expect(delivery.attempts.map((attempt: any) => [attempt.responseStatus, attempt.error])).toEqual([[204, null]]);
  expect(bound.receiver.paths).toEqual(['/hooks/checkout']);
});
