// The rules a checkout record must obey given the request that created it: the seed's rules plus the decisions
// that make them exact (docs/decisions.md). One source for the contract's tests, the sandbox's tests and the
// conformance kit, so the three can never disagree.
import type { EchoedField } from './echoed-fields.js';
import { type ExchangeRate, formatRate, SAME_CURRENCY_RATE } from './exchange-rate.js';
import { computeAmountTotal, computeItemAmount, Decimal, isSameCurrency } from './money.js';

export interface RuleViolation {
  /** A stable rule name, such as `amount-total`. */
  rule: string;
  /** Where the rule comes from: a seed rule or a decision id. */
  source: string;
  message: string;
}

/**
 * What one implementation chose where the contract leaves the choice to the merchant's account. Given, the rules
 * also hold the record to those choices (the sandbox's own tests do); without it, only the contract is checked.
 */
export interface ImplementationPolicy {
  /** The checkout lifetime: expiresAt = createdAt × 1000 (truncated) + lifetimeMs. */
  lifetimeMs?: number;
  /** The rate from a price currency to the checkout currency, so converted amounts can be checked exactly. */
  rateBetween?: (from: string, to: string) => ExchangeRate;
}

type Json = Record<string, any>;

const SECONDS = /^[0-9]+\.[0-9]+$/;
const MILLIS = /^[0-9]+$/;
const MONEY = /^(?:0|[1-9][0-9]*)\.[0-9]{2}$/;

/** expiresAt for a createdAt under a given lifetime. */
function computeExpiresAt(createdAt: string, lifetimeMs: number): string {
  return new Decimal(createdAt).times(1000).floor().plus(lifetimeMs).toFixed(0);
}

/**
 * Every rule `record` breaks as the answer to `request`. `echoed` is the contract's list of echoed fields
 * (readEchoedFields of the caller's contract), so a field the contract says is echoed is checked without an edit here.
 */
export function checkCheckoutRules(
  request: Json,
  record: Json,
  echoed: readonly EchoedField[],
  policy: ImplementationPolicy = {},
): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const expect = (rule: string, source: string, ok: boolean, message: string) => {
    if (!ok) violations.push({ rule, source, message });
  };

  expect('status-open', 'seed: endpoints rule 1', record.status === 'open', `status is ${JSON.stringify(record.status)}, expected "open"`);

  for (const { request: requestField, record: recordField, required } of echoed) {
    const expected = request[requestField] ?? null;
    expect(
      `echo-${recordField}`,
      required ? 'seed: endpoints rule 2' : 'seed: endpoints rule 2; D15',
      record[recordField] === expected,
      `${recordField} is ${JSON.stringify(record[recordField])}, expected ${JSON.stringify(expected)} (from ${requestField})`,
    );
  }

  violations.push(...checkAmounts(request, record, policy));
  violations.push(...checkPriceDataEchoes(request, record));

  const id = String(record.id);
  expect(
    'url-ends-with-id',
    'seed: response table, url',
    typeof record.url === 'string' && URL.canParse(record.url) && new URL(record.url).pathname.endsWith(`/checkouts/${id}`),
    `url ${JSON.stringify(record.url)} does not end in /checkouts/${id}`,
  );
  violations.push(...checkTimes(record, policy));
  violations.push(...checkPaymentMethods(request, record));
  return violations;
}

/**
 * D13: an item priced in the checkout currency has amount = quantity × unit_amount, rounded half-up; an item priced
 * in another currency is converted at the implementation's rate, which only a policy can tell, so then only its
 * shape is checked. amountTotal is the sum of the record's own item amounts either way.
 */
function checkAmounts(request: Json, record: Json, policy: ImplementationPolicy): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const sent: Json[] = request.invoice_items ?? [];
  // A broken implementation may send anything; a non-object item reads as one with no fields.
  const got: Json[] = Array.isArray(record.invoiceItems)
    ? record.invoiceItems.map((item: unknown) => (item && typeof item === 'object' ? item : {}))
    : [];
  if (got.length !== sent.length) {
    return [
      {
        rule: 'items-count',
        source: 'seed: response table, invoiceItems',
        message: `${got.length} invoiceItems for ${sent.length} invoice_items sent`,
      },
    ];
  }
  const checkoutCurrency = String(request.currency);
  sent.forEach((item, index) => {
    const { currency, unit_amount: unitAmount } = item.price_data;
    const amount = got[index].amount;
    if (got[index].quantity !== item.quantity) {
      violations.push({
        rule: 'item-quantity',
        source: 'seed: response table, invoiceItems',
        message: `invoiceItems[${index}].quantity is ${got[index].quantity}, sent ${item.quantity}`,
      });
    }
    const converted = !isSameCurrency(String(currency), checkoutCurrency);
    const rate = converted ? policy.rateBetween?.(String(currency), checkoutCurrency) : SAME_CURRENCY_RATE;
    if (rate !== undefined) {
      const expected = computeItemAmount(item.quantity, unitAmount, rate);
      if (amount !== expected) {
        const how = converted
          ? `${item.quantity} × ${unitAmount} ${currency} × ${formatRate(rate)} ${checkoutCurrency}/${currency}`
          : `${item.quantity} × ${unitAmount}`;
        violations.push({
          rule: 'item-amount',
          source: 'D13',
          message: `invoiceItems[${index}].amount is ${JSON.stringify(amount)}, expected ${how} = ${expected}`,
        });
      }
    } else if (typeof amount !== 'string' || !MONEY.test(amount)) {
      violations.push({
        rule: 'item-amount',
        source: 'D13',
        message: `invoiceItems[${index}].amount is ${JSON.stringify(amount)}, not an amount with two decimals (converted from ${currency})`,
      });
    }
  });
  const amounts = got.map((item) => item.amount);
  if (amounts.every((amount) => typeof amount === 'string' && MONEY.test(amount))) {
    const expectedTotal = computeAmountTotal(amounts);
    if (record.amountTotal !== expectedTotal) {
      violations.push({
        rule: 'amount-total',
        source: 'seed: response table, amountTotal; D13',
        message: `amountTotal is ${JSON.stringify(record.amountTotal)}, expected the sum of the item amounts, ${expectedTotal}`,
      });
    }
  }
  return violations;
}

/** D21, D22: updatedAt never before createdAt, expiresAt after creation (exactly the lifetime when a policy says it). */
function checkTimes(record: Json, policy: ImplementationPolicy): RuleViolation[] {
  const { createdAt, updatedAt, expiresAt } = record;
  if (typeof createdAt !== 'string' || !SECONDS.test(createdAt)) return [];
  const violations: RuleViolation[] = [];
  if (typeof updatedAt === 'string' && SECONDS.test(updatedAt) && new Decimal(updatedAt).lessThan(createdAt)) {
    violations.push({
      rule: 'updated-not-before-created',
      source: 'D22',
      message: `updatedAt ${updatedAt} is before createdAt ${createdAt}`,
    });
  }
  if (typeof expiresAt === 'string' && MILLIS.test(expiresAt)) {
    const createdMs = new Decimal(createdAt).times(1000).floor();
    if (!new Decimal(expiresAt).greaterThan(createdMs)) {
      violations.push({
        rule: 'expires-after-creation',
        source: 'seed: response table, expiresAt; D21',
        message: `expiresAt ${expiresAt} ms is not after createdAt ${createdAt} s`,
      });
    } else if (policy.lifetimeMs !== undefined && expiresAt !== computeExpiresAt(createdAt, policy.lifetimeMs)) {
      violations.push({
        rule: 'expires-after-lifetime',
        source: 'policy: lifetime',
        message: `expiresAt ${expiresAt} is not createdAt ${createdAt} s + ${policy.lifetimeMs} ms = ${computeExpiresAt(createdAt, policy.lifetimeMs)}`,
      });
    }
  }
  return violations;
}

/** When an item carries `priceData`, it echoes the item's `price_data` in camelCase (D19). Optional parts of
 *  productData (description, images) are compared when present: null and [] stand for "none sent". */
function checkPriceDataEchoes(request: Json, record: Json): RuleViolation[] {
  const sent: Json[] = request.invoice_items ?? [];
  const got: unknown[] = Array.isArray(record.invoiceItems) ? record.invoiceItems : [];
  const violations: RuleViolation[] = [];
  got.forEach((item, index) => {
    const echoed = (item as Json | null)?.priceData;
    const price = sent[index]?.price_data;
    if (echoed === undefined || !price) return;
    const product = price.product_data ?? {};
    const differences: string[] = [];
    const compare = (field: string, actual: unknown, expected: unknown) => {
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        differences.push(`${field} is ${JSON.stringify(actual)}, sent ${JSON.stringify(expected)}`);
    };
    if (!echoed || typeof echoed !== 'object') {
      differences.push(`it is ${JSON.stringify(echoed)}`);
    } else {
      compare('currency', echoed.currency, price.currency);
      compare('unitAmount', echoed.unitAmount, price.unit_amount);
      const productData = echoed.productData;
      if (productData !== undefined) {
        compare('productData.name', productData?.name, product.name);
        if (productData && 'description' in productData)
          compare('productData.description', productData.description, product.description ?? null);
        if (productData && 'images' in productData) compare('productData.images', productData.images, product.images ?? []);
      }
    }
    if (differences.length > 0) {
      violations.push({
        rule: 'echo-priceData',
        source: 'D19',
        message: `invoiceItems[${index}].priceData does not echo price_data: ${differences.join('; ')}`,
      });
    }
  });
  return violations;
}

/** D20: crypto options exactly when crypto is offered; a chosen pair is offered (other methods may be too). */
function checkPaymentMethods(request: Json, record: Json): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const types: unknown[] = Array.isArray(record.paymentMethodTypes) ? record.paymentMethodTypes : [];
  const crypto = record.paymentMethodOptions?.crypto;
  if (types.includes('crypto') !== (crypto !== null && crypto !== undefined)) {
    violations.push({
      rule: 'crypto-options-consistent',
      source: 'D20',
      message: `paymentMethodOptions.crypto is ${crypto === null ? 'null' : 'set'} while paymentMethodTypes is ${JSON.stringify(types)}`,
    });
  }
  const chosen = request.payment_method_data?.paymentMethodDetail;
  if (chosen) {
    const offered: unknown[] = Array.isArray(crypto) ? crypto : [];
    const offersChosenPair = offered.some(
      (option: any) =>
        isSameCurrency(String(option?.currency?.value), String(chosen.currency)) &&
        Array.isArray(option?.networks) &&
        option.networks.some((network: any) => isSameCurrency(String(network?.value), String(chosen.network))),
    );
    if (!types.includes('crypto') || !offersChosenPair) {
      violations.push({
        rule: 'chosen-payment-method',
        source: 'D20',
        message: `payment_method_data chose ${chosen.currency} on ${chosen.network}, but the record offers ${JSON.stringify(types)} with ${JSON.stringify(crypto)}`,
      });
    }
  }
  return violations;
}
