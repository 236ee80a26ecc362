// The rules and words src/http/problems.ts gives both servers, held to the contract they paraphrase: the
// Idempotency-Key rule to the header's schema, and the 413 wording to the contract's own example, so neither can
// drift from the contract unnoticed.
import { describe, expect, it } from 'vitest';
import { createContract } from '../../src/contract/contract-value.js';
import { loadContract, resolveRef } from '../../src/contract/load-contract.js';
import { createProblems, describePayloadTooLarge } from '../../src/http/problems.js';

const contract = loadContract();
const keySchema = resolveRef(contract, contract.components.parameters?.IdempotencyKey).schema;
const { ajv } = createContract(contract).validators;
const schemaAccepts = ajv.compile(keySchema);
const { isBadIdempotencyKey } = createProblems(createContract(contract));

describe('the Idempotency-Key rule', () => {
  const samples = [
    '',
    'a',
    'order-1001',
    '5f0c8a52-3b1e-4d1a-9f43-2a7f6d0c1e88',
    'x'.repeat(255),
    'x'.repeat(256),
    'order 1001',
    'ordér',
    '\t',
    '~!',
  ];

  it.each(samples)('refuses %j exactly when the header schema does', (key) => {
    expect(isBadIdempotencyKey([key])).toBe(!schemaAccepts(key));
  });

  it('refuses a key sent on two lines, and takes no key at all', () => {
    expect(isBadIdempotencyKey(['order-1001', 'order-1001'])).toBe(true);
    expect(isBadIdempotencyKey(undefined)).toBe(false);
  });
});

describe('the 413 wording', () => {
  it("is the contract's PayloadTooLarge example, word for word, for a body of 2000000 bytes", () => {
    const example = resolveRef(contract, contract.components.responses.PayloadTooLarge).content['application/problem+json'].example;
    expect(describePayloadTooLarge(2_000_000)).toBe(example.detail);
  });
});
