// The contract's rule checker, which the kit's amount checks are built on, must be exact for the largest bodies the
// schema allows, or the kit would blame a correct implementation.
import { describe, expect, it } from 'vitest';
import { computeAmountTotal, computeItemAmount } from '../../src/contract/money.js';

describe("exact amounts at the schema's limits (D12, D13)", () => {
  it('rounds a 24-significant-digit product half-up once, not twice', () => {
    // Exactly 9998999999999951.00499999: rounding to 20 digits first would give …51.0050, then …51.01.
    expect(computeItemAmount(9_999, '999999999999.99510001')).toBe('9998999999999951.00');
  });

  it('sums 100 of the largest item amounts without losing a digit', () => {
    const largest = computeItemAmount(10_000, '999999999999.99999999');
    expect(largest).toBe('10000000000000000.00');
    expect(computeAmountTotal(Array(100).fill('9999999999999999.99'))).toBe('999999999999999999.00');
  });

  it("rounds half-up where binary floats and banker's rounding differ", () => {
    expect(computeItemAmount(1, '1.005')).toBe('1.01');
    expect(computeItemAmount(1, '0.125')).toBe('0.13');
    expect(computeItemAmount(1, '4.995')).toBe('5.00');
  });
});
