// Parse a verified callback body and check the event envelope a receiver relies on: the type, an RFC 3339
// timestamp, and a checkout record in `data` with an id and `status: complete`. The rest of the record is not
// re-validated here: the signature already proves the service sent it, and the contract lets v1 add fields and
// enum values, which a strict schema check in an older package would wrongly refuse (and the service would retry).
// Keeping Ajv out also keeps the runtime dependencies to openapi-fetch and standardwebhooks.
import type { CheckoutCompletedEvent } from '../../generated/openapi.js';
import { refuseCallback } from './callback-errors.js';

const CHECKOUT_COMPLETED = 'checkout.completed' satisfies CheckoutCompletedEvent['type'];
const COMPLETE = 'complete' satisfies CheckoutCompletedEvent['data']['status'];

const RFC3339_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw refuseCallback.malformedBody('it is not valid JSON');
  }
}

export function readCallbackEvent(body: string): CheckoutCompletedEvent {
  const event = parseJson(body);
  if (!isPlainObject(event)) throw refuseCallback.malformedBody('it is not a JSON object');
  if (typeof event.type !== 'string') throw refuseCallback.malformedBody('/type is missing or not a string');
  if (event.type !== CHECKOUT_COMPLETED) throw refuseCallback.unknownEventType(event.type);
  const { timestamp, data } = event;
  if (typeof timestamp !== 'string' || !RFC3339_DATE_TIME.test(timestamp) || Number.isNaN(Date.parse(timestamp))) {
    throw refuseCallback.malformedBody('/timestamp is not an RFC 3339 date-time');
  }
  if (!isPlainObject(data)) throw refuseCallback.malformedBody('/data is missing or not a checkout object');
  if (typeof data.id !== 'string' || data.id === '') throw refuseCallback.malformedBody('/data/id is missing');
  if (data.status !== COMPLETE) throw refuseCallback.malformedBody(`/data/status is not "${COMPLETE}"`);
  return event as CheckoutCompletedEvent;
}
