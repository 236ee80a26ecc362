// The sandbox's exchange rates (D13 leaves rates to the service): a fixed table of test rates, so a checkout priced
// in one currency and stated in another always gets the same amounts. Each entry is the value of one unit in US
// dollars; the rate from A to B is usd(A) / usd(B). A code the table does not list is worth 1 USD, so any pair of
// valid codes converts (D8: the contract accepts every pair; only a merchant's account may refuse one).
import { type ExchangeRate, SAME_CURRENCY_RATE } from '../../contract/exchange-rate.js';
import { isSameCurrency } from '../../contract/money.js';

/** USD value of one unit of each listed code, lower-case. Round test values, not market data. */
export const DEFAULT_TEST_RATES: Readonly<Record<string, string>> = {
  usd: '1',
  eur: '1.08',
  gbp: '1.27',
  chf: '1.12',
  jpy: '0.0067',
  cad: '0.73',
  aud: '0.65',
  brl: '0.18',
  inr: '0.012',
  ngn: '0.00065',
  usdt: '1',
  usdc: '1',
  dai: '1',
  btc: '60000',
  eth: '3000',
  trx: '0.12',
  bnb: '500',
  sol: '150',
  ltc: '80',
};

/** Rates a sandbox uses: the defaults with any overrides (`CHECKOUT_TEST_RATES`). */
export function createRateTable(overrides: Record<string, string> = {}): (from: string, to: string) => ExchangeRate {
  const usdValues = new Map(Object.entries({ ...DEFAULT_TEST_RATES, ...lowerCaseKeys(overrides) }));
  const usdValueOf = (code: string) => usdValues.get(code.toLowerCase()) ?? '1';
  // The quotient stays a fraction: money.ts divides only after multiplying (D13).
  return (from, to) => (isSameCurrency(from, to) ? SAME_CURRENCY_RATE : { numerator: usdValueOf(from), denominator: usdValueOf(to) });
}

function lowerCaseKeys(rates: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(rates).map(([code, value]) => [code.toLowerCase(), value]));
}
