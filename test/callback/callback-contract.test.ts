// The verifier checks the event envelope only (see src/callback/read-callback-event.ts). These tests tie that check
// to the contract: its constants are the contract's, the contract's example passes, and whatever it refuses as
// malformed the contract's own schema refuses too, so a contract-valid event is never turned away.
import { describe, expect, it } from 'vitest';
import { loadContractValue } from '../../src/contract/contract-value.js';
import { loadContract } from '../../src/contract/load-contract.js';
import { verifyCallback } from '../../src/index.js';
import { exampleEvent, secret, signDelivery } from './callback-fixtures.js';

const validateEvent = loadContractValue().validators.validatorFor('CheckoutCompletedEvent');
const eventSchema = loadContract().components.schemas.CheckoutCompletedEvent as any;

function verifyNow(body: unknown) {
  return verifyCallback({ ...signDelivery(body), secret });
}

describe('the callback verifier agrees with the contract', () => {
  it('the contract example is a valid event, and the verifier returns it unchanged', () => {
    expect(validateEvent(exampleEvent())).toBe(true);
    expect(verifyNow(exampleEvent())).toEqual(exampleEvent());
  });

  it('checks the event type and the completed status the contract fixes', () => {
    expect(eventSchema.properties.type.const).toBe('checkout.completed');
    const statusOverride = eventSchema.properties.data.allOf.find((part: any) => part.properties?.status);
    expect(statusOverride.properties.status.const).toBe('complete');
    expect(eventSchema.required).toEqual(expect.arrayContaining(['type', 'timestamp', 'data']));
  });

  const mutations: Array<[string, (event: Record<string, any>) => unknown]> = [
    ['type removed', ({ type, ...rest }) => rest],
    ['timestamp removed', ({ timestamp, ...rest }) => rest],
    ['timestamp not a date-time', (event) => ({ ...event, timestamp: 'yesterday' })],
    ['data removed', ({ data, ...rest }) => rest],
    ['data not an object', (event) => ({ ...event, data: 'checkout' })],
    ['data.id removed', (event) => ({ ...event, data: { ...event.data, id: undefined } })],
    ['data.status open', (event) => ({ ...event, data: { ...event.data, status: 'open' } })],
    ['data.status expired', (event) => ({ ...event, data: { ...event.data, status: 'expired' } })],
    ['the event as an array', (event) => [event]],
  ];

  it.each(mutations)('%s: refused as malformed by the verifier and invalid under the contract', (_, mutate) => {
    const body = JSON.parse(JSON.stringify(mutate(exampleEvent())));
    expect(validateEvent(body)).toBe(false);
    expect(() => verifyNow(body)).toThrow(expect.objectContaining({ name: 'CallbackVerificationError', code: 'malformed_body' }));
  });
});
