// Money with exact decimals (D13): an item amount is quantity × unit_amount rounded half-up to 2 places, the total
// is the exact sum of the item amounts.
import DecimalModule from 'decimal.js';

// decimal.js's types describe its CommonJS build; under NodeNext its default import is typed as the module object,
// while at run time (its ES module build) it is the class itself.
const Decimal = DecimalModule as unknown as typeof DecimalModule.default;

// 12 integer digits + 8 decimals times a 5-digit quantity, summed over 100 items, needs 27 significant digits;
// decimal.js's default precision of 20 would round before the half-up step, rounding twice.
const Money = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

export function computeItemAmount(quantity: number, unitAmount: string): string {
  return new Money(unitAmount).times(quantity).toFixed(2, Decimal.ROUND_HALF_UP);
}

export function sumAmounts(amounts: string[]): string {
  return amounts.reduce((total, amount) => total.plus(amount), new Money(0)).toFixed(2);
}
