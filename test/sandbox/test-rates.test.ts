// Converted amounts at the half-cents, where a cut rate quotient rounds the wrong way (issue 21, R1): every pair of
// the built-in test rates, held to exact rational arithmetic in BigInt (independent of decimal.js), and the issue's
// own examples through the in-process mock.
import { describe, expect, it } from 'vitest';
import { computeItemAmount } from '../../src/contract/money.js';
import { createRateTable, DEFAULT_TEST_RATES } from '../../src/sandbox/checkout/test-rates.js';
import { createFetchSandbox } from '../../src/testing/index.js';
import { createBody } from '../testing/support.js';

/** A positive decimal string as the exact fraction digits / 10^scale. */
interface Fraction {
  digits: bigint;
  scale: bigint;
}

function readFraction(text: string): Fraction {
  const [whole, fraction = ''] = text.split('.');
  return { digits: BigInt(whole + fraction), scale: BigInt(fraction.length) };
}

const TEN = 10n;

/** quantity × unit × from ÷ to as the exact fraction numerator / denominator. */
function computeExactValue(quantity: number, unitAmount: string, fromUsd: string, toUsd: string) {
  const unit = readFraction(unitAmount);
  const from = readFraction(fromUsd);
  const to = readFraction(toUsd);
  return {
    numerator: BigInt(quantity) * unit.digits * from.digits * TEN ** to.scale,
    denominator: TEN ** unit.scale * TEN ** from.scale * to.digits,
  };
}

/** The exact value rounded half-up to cents: floor((200 × N + D) / 2D) for the value N / D. */
function roundExactToCents(quantity: number, unitAmount: string, fromUsd: string, toUsd: string): string {
  const { numerator, denominator } = computeExactValue(quantity, unitAmount, fromUsd, toUsd);
  const cents = (200n * numerator + denominator) / (2n * denominator);
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** Whether the exact value lies on a half-cent: 200 × N / D is a whole odd number. */
function isHalfCent(quantity: number, unitAmount: string, fromUsd: string, toUsd: string): boolean {
  const { numerator, denominator } = computeExactValue(quantity, unitAmount, fromUsd, toUsd);
  return (200n * numerator) % denominator === 0n && ((200n * numerator) / denominator) % 2n === 1n;
}

/** A decimal string of `units` / 10^8, the unit_amount's finest step. */
function formatUnitAmount(units: bigint): string {
  const text = units.toString().padStart(9, '0');
  return `${text.slice(0, -8)}.${text.slice(-8)}`.replace(/\.?0+$/, '');
}

/**
 * Unit amounts (8 decimals at most, as the contract allows) whose converted value lies on a half-cent or as close to
 * one as a unit amount can get from below and from above: for each target t + 0.005 in the checkout currency, the
 * unit amounts floor and ceil of target × to ÷ from, scaled to 10^-8.
 */
function listHalfCentUnits(fromUsd: string, toUsd: string, targetsInCents: number[]): string[] {
  const from = readFraction(fromUsd);
  const to = readFraction(toUsd);
  const units = new Set<string>();
  for (const cents of targetsInCents) {
    // target = (2 × cents + 1) / 200; unit × 10^8 = target × to / from × 10^8.
    const numerator = (2n * BigInt(cents) + 1n) * to.digits * TEN ** from.scale * 10n ** 8n;
    const denominator = 200n * TEN ** to.scale * from.digits;
    const below = numerator / denominator;
    for (const candidate of [below, below + 1n]) {
      if (candidate > 0n && candidate < 10n ** 20n) units.add(formatUnitAmount(candidate));
    }
  }
  return [...units];
}

const CODES = Object.keys(DEFAULT_TEST_RATES);
const TARGETS = [0, 1, 49, 99, 999, 1_234, 99_999, 123_456_789];
const COMPARED = 10_894;
const EXACT_HALVES = 2_492;

describe('converted amounts are exact, then rounded half-up (D13)', () => {
  const rateBetween = createRateTable();

  it("the issue's examples land on a half-cent and round up", () => {
    expect(computeItemAmount(1, '899.55', rateBetween('INR', 'EUR'))).toBe('10.00');
    expect(computeItemAmount(1, '7.29635', rateBetween('USD', 'CAD'))).toBe('10.00');
    expect(computeItemAmount(1, '1866.2', rateBetween('INR', 'CHF'))).toBe('20.00');
    // The exact reference agrees, so the examples really are half-cents.
    expect(roundExactToCents(1, '899.55', '0.012', '1.08')).toBe('10.00');
    expect(roundExactToCents(1, '899.54999999', '0.012', '1.08')).toBe('9.99');
  });

  it(`every pair of the ${CODES.length} built-in codes, at and beside ${TARGETS.length} half-cents each`, () => {
    const wrong: string[] = [];
    let compared = 0;
    let exactHalves = 0;
    for (const from of CODES) {
      for (const to of CODES) {
        if (from === to) continue;
        const [fromUsd, toUsd] = [DEFAULT_TEST_RATES[from] as string, DEFAULT_TEST_RATES[to] as string];
        for (const unitAmount of listHalfCentUnits(fromUsd, toUsd, TARGETS)) {
          for (const quantity of [1, 3]) {
            const expected = roundExactToCents(quantity, unitAmount, fromUsd, toUsd);
            const got = computeItemAmount(quantity, unitAmount, rateBetween(from, to));
            compared += 1;
            if (got !== expected) wrong.push(`${quantity} × ${unitAmount} ${from} in ${to}: ${got}, exactly ${expected}`);
            if (isHalfCent(quantity, unitAmount, fromUsd, toUsd)) exactHalves += 1;
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // What the table covers (a property of the inputs, not of the code under test): so many comparisons, of which
    // so many land exactly on a half-cent.
    expect({ compared, exactHalves }).toEqual({ compared: COMPARED, exactHalves: EXACT_HALVES });
  });
});

describe('the in-process mock converts as money.ts does', () => {
  it.each([
    ['INR', '899.55', 'EUR', '10.00'],
    ['USD', '7.29635', 'CAD', '10.00'],
    ['INR', '1866.2', 'CHF', '20.00'],
  ])('1 × %s %s in a %s checkout is %s', async (priceCurrency, unitAmount, checkoutCurrency, amount) => {
    const mock = createFetchSandbox();
    try {
      const body = createBody({ currency: checkoutCurrency });
      const item = body.invoice_items[0];
      item.quantity = 1;
      item.price_data.currency = priceCurrency;
      item.price_data.unit_amount = unitAmount;
      body.invoice_items = [item];
      const response = await mock.fetch(`${mock.baseUrl}/api/v1/checkouts/`, {
        method: 'POST',
        headers: { authorization: `Api-Key ${mock.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const record = await response.json();
      expect(response.status).toBe(201);
      expect(record.invoiceItems.map((line: { amount: string }) => line.amount)).toEqual([amount]);
      expect(record.amountTotal).toBe(amount);
    } finally {
      await mock.close();
    }
  });
});
