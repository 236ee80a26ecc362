// The completion callback (seed: events; D5, D6, D22). callback-delivered: a checkout created with a callback_url
// on this machine, driven to completion, is announced by a POST of a CheckoutCompletedEvent with the three
// Standard Webhooks headers in their contract shapes. callback-verified (level full): the signature verifies with
// the signing secret (standardwebhooks, which also rejects a timestamp more than 5 minutes off) and `data` is the
// checkout that was created, now complete, with updatedAt not before createdAt.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { callbackPath, type ReceivedCallback, startCallbackReceiver } from '../callback-receiver.js';
import { callbackHeaderSchemas } from '../contract-samples.js';
import { type Exchange, parseJsonBody } from '../send-request.js';
import type { CheckContext } from './check-context.js';
import { formatSchemaErrors } from './expect-problem.js';

const FIELDS_THAT_CHANGE = new Set(['status', 'updatedAt']);

export async function checkCallback(context: CheckContext, sample: Record<string, unknown>): Promise<void> {
  const { config, recorder } = context;
  const callback = config.callback!;
  const receiver = await startCallbackReceiver(callback.listenAddress, callback.port);
  try {
    const token = randomBytes(16).toString('hex');
    const host =
      callback.publicHost.includes(':') && !callback.publicHost.endsWith(']')
        ? callback.publicHost
        : `${callback.publicHost}:${receiver.port}`;
    const request = { ...sample, callback_url: `http://${host}${callbackPath(token)}` };
    const created = await context.postCreate(request);
    const record = parseJsonBody(created.response) as Record<string, any> | undefined;
    const createdStatus = created.response?.status ?? 0;
    // Any 2xx created it: which one is valid-request-accepted's business (D1).
    if (createdStatus < 200 || createdStatus >= 300 || !record || typeof record.id !== 'string') {
      const why = created.response ? `answered ${createdStatus}` : created.error;
      const message = `could not create the checkout to complete: ${why}`;
      recorder.record('callback-delivered', 'create a checkout with callback_url', [message], created);
      return;
    }
    let driven: Exchange | undefined;
    if (callback.completePath) {
      driven = await context.send({
        method: 'POST',
        url: `${config.baseUrl}${callback.completePath.replace('{id}', encodeURIComponent(record.id))}`,
        headers: { authorization: `Api-Key ${config.apiKey}` },
      });
      const status = driven.response?.status;
      if (status === undefined || status < 200 || status >= 300) {
        recorder.record(
          'callback-delivered',
          'drive the checkout to completion',
          [
            `${callback.completePath} ${driven.response ? `answered ${status}` : `gave no response (${driven.error})`}; pass --complete-path for this implementation's completion helper, or none if it calls back at once`,
          ],
          driven,
        );
        return;
      }
    }
    const delivery = await receiver.waitFor(token, config.timeoutMs);
    const exchange = asExchange(created, delivery);
    if (!delivery) {
      recorder.record(
        'callback-delivered',
        'callback for the completed checkout',
        [
          `no callback reached http://${host}${callbackPath('…')} within ${config.timeoutMs} ms of ${callback.completePath ? 'completing the checkout' : 'the create'}; check that the implementation can reach --callback-host`,
        ],
        exchange,
      );
      return;
    }
    recorder.record('callback-delivered', 'callback for the completed checkout', deliveryViolations(context, delivery), exchange);
    if (recorder.isActive('callback-verified')) {
      recorder.record(
        'callback-verified',
        'callback for the completed checkout',
        verificationViolations(callback.secret!, delivery, record),
        exchange,
      );
    }
  } finally {
    await receiver.close();
  }
}

/** The callback shown as an exchange: the request is what arrived, the "response" the create it announces. */
function asExchange(created: Exchange, delivery: ReceivedCallback | undefined): Exchange {
  if (!delivery) return created;
  return {
    request: { method: delivery.method, url: `callback ${delivery.path}`, headers: delivery.headers, body: delivery.body },
    response: created.response,
    durationMs: 0,
  };
}

function deliveryViolations(context: CheckContext, delivery: ReceivedCallback): string[] {
  const messages: string[] = [];
  if (delivery.method !== 'POST') messages.push(`the callback came as ${delivery.method}; expected POST`);
  const mediaType = delivery.headers['content-type']?.split(';')[0].trim().toLowerCase();
  if (mediaType !== 'application/json')
    messages.push(`Content-Type is ${JSON.stringify(delivery.headers['content-type'] ?? null)}; expected application/json`);
  for (const [name, schema] of Object.entries(callbackHeaderSchemas())) {
    const validate = context.validators.ajv.compile(schema);
    const value = delivery.headers[name];
    if (value === undefined) messages.push(`header ${name} is missing`);
    else if (!validate(value)) messages.push(`header ${name} is ${JSON.stringify(value)}: ${formatSchemaErrors(validate)}`);
  }
  const event = parseJsonBody({ status: 0, headers: {}, body: delivery.body });
  const validate = context.validators.validatorFor('CheckoutCompletedEvent');
  if (event === undefined) messages.push('the body is not JSON');
  else if (!validate(event)) messages.push(`the body is not a CheckoutCompletedEvent: ${formatSchemaErrors(validate)}`);
  return messages;
}

function verificationViolations(secret: string, delivery: ReceivedCallback, created: Record<string, any>): string[] {
  const messages: string[] = [];
  try {
    new Webhook(secret).verify(delivery.body, {
      'webhook-id': delivery.headers['webhook-id'] ?? '',
      'webhook-timestamp': delivery.headers['webhook-timestamp'] ?? '',
      'webhook-signature': delivery.headers['webhook-signature'] ?? '',
    });
  } catch (error) {
    messages.push(`the signature does not verify with CHECKOUT_CALLBACK_SECRET: ${(error as Error).message}`);
  }
  const event = parseJsonBody({ status: 0, headers: {}, body: delivery.body }) as { data?: Record<string, any> } | undefined;
  const data = event?.data;
  if (!data || typeof data !== 'object') return [...messages, 'the event has no data to compare with the created checkout'];
  if (data.id !== created.id) messages.push(`data.id is ${JSON.stringify(data.id)}; expected the completed checkout ${created.id}`);
  if (data.status !== 'complete') messages.push(`data.status is ${JSON.stringify(data.status)}; expected "complete"`);
  if (!(Number(data.updatedAt) >= Number(created.createdAt)))
    messages.push(`data.updatedAt ${JSON.stringify(data.updatedAt)} is before createdAt ${created.createdAt}`);
  const changed = Object.keys({ ...created, ...data }).filter(
    (key) => !FIELDS_THAT_CHANGE.has(key) && JSON.stringify(data[key]) !== JSON.stringify(created[key]),
  );
  if (changed.length > 0)
    messages.push(`data differs from the created checkout in ${changed.join(', ')} (only status and updatedAt may change)`);
  return messages;
}
