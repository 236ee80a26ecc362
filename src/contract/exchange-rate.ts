// A conversion rate as D13 uses it, kept as an exact fraction. A module of its own, free of decimal.js, because the
// sandbox's settings name this type and the testing kit's published declarations reach them: a consumer's compiler
// must find every type there without the kit's bundled dependencies.

/**
 * A conversion rate as the exact quotient `numerator ÷ denominator`, both positive decimal strings: a rate between two
 * USD values (0.012 ÷ 1.08) has no finite decimal, so it is never computed on its own.
 */
export interface ExchangeRate {
  numerator: string;
  denominator: string;
}

/** The rate of a price already in the checkout currency. */
export const SAME_CURRENCY_RATE: Readonly<ExchangeRate> = { numerator: '1', denominator: '1' };

/** The rate in words for messages, such as `0.012/1.08`. */
export function formatRate(rate: ExchangeRate): string {
  return rate.denominator === '1' ? rate.numerator : `${rate.numerator}/${rate.denominator}`;
}
