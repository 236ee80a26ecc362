// The contract value (src/contract/contract-value.ts): made once per document and the same value after, with its
// rules compiled when it is made, and the facts the servers read from it.
import { describe, expect, it } from 'vitest';
import { createContract, loadContractValue } from '../../src/contract/contract-value.js';
import { loadContract, type OpenApiDocument } from '../../src/contract/load-contract.js';

const document = loadContract();
const contract = createContract(document);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

describe('createContract', () => {
  it('gives one value per document: the same object, validators and describers on every call', () => {
    const again = createContract(document);
    expect(again).toBe(contract);
    expect(again.validators).toBe(contract.validators);
    expect(again.operation('createCheckout').describeBody).toBe(contract.operation('createCheckout').describeBody);
  });

  it("is the package's own value for loadContractValue, which the entries call", () => {
    expect(loadContractValue()).toBe(contract);
  });

  it('makes a new value for another document', () => {
    const copy = structuredClone(document);
    expect(createContract(copy)).not.toBe(contract);
    expect(createContract(copy).document).toBe(copy);
  });

  it('holds each operation with its body describer and header rules compiled', () => {
    expect(contract.operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(['POST /api/v1/checkouts/']);
    const create = contract.operation('createCheckout');
    expect([...create.headerRules.keys()]).toEqual(['idempotency-key']);
    expect(create.describeBody?.({})).toEqual([
      { pointer: '/currency', code: 'required', detail: 'is required' },
      { pointer: '/invoice_items', code: 'required', detail: 'is required' },
    ]);
  });

  it('throws for an operation the contract lacks, so a server fails at start-up', () => {
    expect(() => contract.operation('refundCheckout')).toThrow('The contract has no operation "refundCheckout".');
  });

  it("states the Idempotency-Key rule with the schema's bounds", () => {
    expect(contract.idempotencyKey?.isBad(['order-1001'])).toBe(false);
    expect(contract.idempotencyKey?.isBad(['order 1001'])).toBe(true);
    expect(contract.idempotencyKey?.detail).toBe(
      'The Idempotency-Key header must be one value of 1 to 255 visible ASCII characters, such as a UUID.',
    );
  });

  it("checks a callback_url against the contract's HttpUrl", () => {
    expect(contract.isHttpUrl('https://shop.example/callbacks')).toBe(true);
    expect(contract.isHttpUrl('ftp://shop.example/callbacks')).toBe(false);
  });

  it("mints Request-Ids shaped like the contract's example, urn:uuid:<uuid> (D2)", () => {
    const [first, second] = [contract.newRequestId(), contract.newRequestId()];
    expect(first).toMatch(new RegExp(`^urn:uuid:${UUID}$`));
    expect(second).not.toBe(first);
  });

  it('mints urn:uuid:<uuid> for a contract that gives no Request-Id example', () => {
    const bare = structuredClone(document) as OpenApiDocument;
    delete (bare.components.headers.RequestId as { example?: string }).example;
    expect(createContract(bare).newRequestId()).toMatch(new RegExp(`^urn:uuid:${UUID}$`));
  });
});
