// Money as the contract defines it (D13): decimal strings computed exactly, never in binary floats. One module for
// the sandbox that computes amounts and for the rules that check them, so the two can never round differently.
import DecimalModule from 'decimal.js';
import { type ExchangeRate, SAME_CURRENCY_RATE } from './exchange-rate.js';

// decimal.js's types describe its CommonJS build; under NodeNext its default import is typed as the module object,
// while at run time it is the class itself.
const DecimalClass = DecimalModule as unknown as typeof DecimalModule.default;

// Exact arithmetic for the largest bodies: 12 integer digits + 8 decimals times a 5-digit quantity needs 25
// significant digits, times a rate's numerator (at most 24 digits, the longest CHECKOUT_TEST_RATES accepts) 49, and
// 100 such amounts summed need 21; the default precision of 20 would round first and then round half-up again
// (999999999999.99510001 × 9999 would come out one cent high).
export const Decimal = DecimalClass.clone({ precision: 64 });

// The one inexact step, the final division by a rate's denominator, truncates: a quotient cut toward zero at 64
// digits never crosses a half-cent (each has a few digits only, so it lies on the same side of the cut quotient as of
// the exact one), and the half-up rounding that follows is then exact. Rounding the quotient at 64 digits instead
// could lift x.xx4999… to x.xx5.
const TruncatingDecimal = DecimalClass.clone({ precision: 64, rounding: DecimalClass.ROUND_DOWN });

/** Codes name the same currency without regard to case (D8). */
export function isSameCurrency(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * An item's amount in the checkout currency: quantity × unit_amount × rate, computed exactly and rounded half-up to
 * two places (D13): multiplied first and divided last, so that no cut quotient is ever multiplied.
 */
export function computeItemAmount(quantity: number, unitAmount: string, rate: ExchangeRate = SAME_CURRENCY_RATE): string {
  const product = new Decimal(unitAmount).times(quantity).times(rate.numerator);
  return new TruncatingDecimal(product).dividedBy(rate.denominator).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** The total: the exact sum of the item amounts (D13). */
export function computeAmountTotal(itemAmounts: string[]): string {
  return itemAmounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0)).toFixed(2);
}
