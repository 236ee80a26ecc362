// Money as the contract defines it (D13): decimal strings computed exactly, never in binary floats. One module for
// the sandbox that computes amounts and for the rules that check them, so the two can never round differently.
import DecimalModule from 'decimal.js';

// decimal.js's types describe its CommonJS build; under NodeNext its default import is typed as the module object,
// while at run time it is the class itself.
const DecimalClass = DecimalModule as unknown as typeof DecimalModule.default;

// Exact arithmetic for the largest bodies: 12 integer digits + 8 decimals times a 5-digit quantity needs 25
// significant digits, and 100 such amounts summed need 21; the default precision of 20 would round first and then
// round half-up again (999999999999.99510001 × 9999 would come out one cent high). A conversion rate adds its own
// digits, and a rate that is a quotient (1 / 1.08) is cut at 64 significant digits, far below a cent.
export const Decimal = DecimalClass.clone({ precision: 64 });

/** Codes name the same currency without regard to case (D8). */
export function isSameCurrency(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * An item's amount in the checkout currency: quantity × unit_amount × rate, computed exactly and rounded half-up to
 * two places (D13). The rate is 1 when the price is in the checkout currency.
 */
export function computeItemAmount(quantity: number, unitAmount: string, rate: string | DecimalModule.default = '1'): string {
  return new Decimal(unitAmount).times(quantity).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** The total: the exact sum of the item amounts (D13). */
export function computeAmountTotal(itemAmounts: string[]): string {
  return itemAmounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0)).toFixed(2);
}
