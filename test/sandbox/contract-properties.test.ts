// Property-based: thousands of generated bodies, valid and invalid, against the sandbox over loopback. The oracle
// is the contract itself: its compiled request schema decides 201 or 422 (any currency pair is valid, D8); every
// answer must be a contract Checkout or Problem; nothing may be a 5xx. Amounts of lines priced in the checkout
// currency are re-computed with BigInt, an arithmetic independent of the sandbox's decimal.js; converted lines are
// held to the sandbox's documented test rates. A valid body with a line whose amount rounds to 0.00 is refused 422 with
// too_small on exactly those lines' unit_amount (the sandbox's choice, D29).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCheckoutRules } from '../../src/contract/checkout-rules.js';
import { readEchoedFields } from '../../src/contract/echoed-fields.js';
import { loadContract } from '../../src/contract/load-contract.js';
import { computeItemAmount } from '../../src/contract/money.js';
import { createRateTable } from '../../src/sandbox/checkout/test-rates.js';
import { schemaErrors, validateCheckout, validateProblem, validateRequest } from './support/contract-checks.js';
import { anyJson, anyText, mutatedBody, validishBody } from './support/request-arbitraries.js';
import { startTestSandbox, type TestSandbox } from './support/sandbox-harness.js';

/** The request fields the contract says the record echoes. */
const ECHOED = readEchoedFields(loadContract());

let sandbox: TestSandbox;
const statuses = new Map<number, number>();

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const rateBetween = createRateTable();

/** quantity × unit_amount rounded half-up to cents, in BigInt: the unit amount scaled by 10^8 is an exact integer. */
function expectedItemAmount(quantity: number, unitAmount: string): bigint {
  const [whole, fraction = ''] = unitAmount.split('.');
  const scaled = BigInt(whole + fraction.padEnd(8, '0')) * BigInt(quantity);
  return (scaled + 500_000n) / 1_000_000n;
}

function formatCents(cents: bigint): string {
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** The unit_amount pointers of the lines of a valid request whose amount, at the sandbox's test rates, is 0.00 (D29). */
function findZeroLinePointers(request: { currency: string; invoice_items: any[] }): string[] {
  return request.invoice_items.flatMap((item, index) => {
    const rate = rateBetween(item.price_data.currency, request.currency);
    const amount = computeItemAmount(item.quantity, item.price_data.unit_amount, rate);
    return amount === '0.00' ? [`/invoice_items/${index}/price_data/unit_amount`] : [];
  });
}

async function expectConformingAnswer(rawBody: string): Promise<void> {
  const response = await sandbox.createCheckout(rawBody);
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const text = await response.text();
  expect(response.status, text).toBeLessThan(500);

  let parsed: unknown;
  let isJson = true;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    isJson = false;
  }
  const valid = isJson && validateRequest(parsed);
  const zeroLines = valid ? findZeroLinePointers(parsed as any) : [];
  const expectedStatus = !isJson ? 400 : valid && zeroLines.length === 0 ? 201 : 422;
  expect(response.status, `${rawBody.slice(0, 500)}\n→ ${text.slice(0, 500)}`).toBe(expectedStatus);

  const answer = JSON.parse(text);
  if (zeroLines.length > 0) {
    expect(answer.errors.map((error: any) => [error.pointer, error.code])).toEqual(zeroLines.map((pointer) => [pointer, 'too_small']));
  }
  if (response.status === 201) {
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(validateCheckout(answer), schemaErrors(validateCheckout)).toBe(true);
    const request = parsed as any;
    expect(checkCheckoutRules(request, answer, ECHOED)).toEqual([]);
    expect(checkCheckoutRules(request, answer, ECHOED, { rateBetween })).toEqual([]);
    request.invoice_items.forEach((item: any, index: number) => {
      if (item.price_data.currency.toLowerCase() !== request.currency.toLowerCase()) return;
      expect(answer.invoiceItems[index].amount).toBe(formatCents(expectedItemAmount(item.quantity, item.price_data.unit_amount)));
    });
  } else {
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(validateProblem(answer), schemaErrors(validateProblem)).toBe(true);
    expect(answer.status).toBe(response.status);
    if (response.status === 422) {
      expect(answer.errors.length).toBeGreaterThan(0);
      for (const error of answer.errors) expect(error.pointer === '' || error.pointer.startsWith('/')).toBe(true);
    }
  }
}

describe("generated bodies: never a 5xx, always the contract's answer", () => {
  it('valid-looking bodies (1500)', async () => {
    await fc.assert(
      fc.asyncProperty(validishBody, (body) => expectConformingAnswer(JSON.stringify(body))),
      { numRuns: 1500 },
    );
  });

  it('mutated bodies (1500)', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedBody, (body) => expectConformingAnswer(JSON.stringify(body) ?? 'null')),
      { numRuns: 1500 },
    );
  });

  it('any JSON value (400) and any text (400)', async () => {
    await fc.assert(
      fc.asyncProperty(anyJson, (value) => expectConformingAnswer(JSON.stringify(value))),
      { numRuns: 400 },
    );
    await fc.assert(
      fc.asyncProperty(anyText, (text) => expectConformingAnswer(text)),
      { numRuns: 400 },
    );
  });

  it('exercised every kind of answer: 201, 400 and 422', () => {
    expect(statuses.get(201) ?? 0).toBeGreaterThan(500);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(500);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
    expect([...statuses.keys()].sort()).toEqual([201, 400, 422]);
    expect(sandbox.logs).toEqual([]);
  });
});
