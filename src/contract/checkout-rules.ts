// The rules a checkout record must obey given the request that created it: the seed's rules plus the decisions
// that make them exact (docs/decisions.md). One source for the contract's tests, the sandbox's tests and the
// conformance kit, so the three can never disagree.
import DecimalModule from 'decimal.js';

export interface RuleViolation {
  /** A stable rule name, such as `amount-total`. */
  rule: string;
  /** Where the rule comes from: a seed rule or a decision id. */
  source: string;
  message: string;
}

type Json = Record<string, any>;

const LIFETIME_MS = 86_400_000;

// decimal.js's types describe its CommonJS build; under NodeNext its default import is typed as the module object,
// while at run time it is the class itself.
const DecimalClass = DecimalModule as unknown as typeof DecimalModule.default;
// Exact arithmetic for the largest bodies: 12 integer digits + 8 decimals times a 5-digit quantity needs 25
// significant digits, and 100 such amounts summed need 21; the default precision of 20 would round first and then
// round half-up again (999999999999.99510001 × 9999 would come out one cent high).
const Decimal = DecimalClass.clone({ precision: 64 });

/** Each item's amount: quantity × unit_amount, exactly, rounded half-up to two places (D13). */
export function computeItemAmount(quantity: number, unitAmount: string): string {
  return new Decimal(unitAmount).times(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** The total: the exact sum of the item amounts (D13). */
export function computeAmountTotal(itemAmounts: string[]): string {
  return itemAmounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0)).toFixed(2);
}

/** expiresAt for a createdAt, under the 24-hour lifetime (D21). */
export function computeExpiresAt(createdAt: string, lifetimeMs = LIFETIME_MS): string {
  return new Decimal(createdAt).times(1000).floor().plus(lifetimeMs).toFixed(0);
}

export function checkCheckoutRules(request: Json, record: Json, options: { lifetimeMs?: number } = {}): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const expect = (rule: string, source: string, ok: boolean, message: string) => {
    if (!ok) violations.push({ rule, source, message });
  };

  expect('status-open', 'seed: endpoints rule 1', record.status === 'open', `status is ${JSON.stringify(record.status)}, expected "open"`);

  const echoes: Array<[string, string]> = [
    ['successUrl', 'success_url'],
    ['cancelUrl', 'cancel_url'],
    ['clientReferenceId', 'client_reference_id'],
  ];
  for (const [recordField, requestField] of echoes) {
    const expected = request[requestField] ?? null;
    expect(`echo-${recordField}`, 'seed: endpoints rule 2; D15', record[recordField] === expected,
      `${recordField} is ${JSON.stringify(record[recordField])}, expected ${JSON.stringify(expected)} (from ${requestField})`);
  }
  expect('echo-currency', 'seed: endpoints rule 2', record.currency === request.currency,
    `currency is ${JSON.stringify(record.currency)}, expected ${JSON.stringify(request.currency)}`);

  violations.push(...checkAmounts(request, record));
  violations.push(...checkPriceDataEchoes(request, record));

  const id = String(record.id);
  expect('url-ends-with-id', 'seed: response table, url', typeof record.url === 'string' && URL.canParse(record.url) && new URL(record.url).pathname.endsWith(`/checkouts/${id}`),
    `url ${JSON.stringify(record.url)} does not end in /checkouts/${id}`);
  expect('updated-equals-created', 'D22', record.updatedAt === record.createdAt,
    `updatedAt ${JSON.stringify(record.updatedAt)} differs from createdAt ${JSON.stringify(record.createdAt)} on a new checkout`);
  if (/^[0-9]+\.[0-9]+$/.test(record.createdAt ?? '') && /^[0-9]+$/.test(record.expiresAt ?? '')) {
    const expected = computeExpiresAt(record.createdAt, options.lifetimeMs);
    expect('expires-after-lifetime', 'seed: response table, expiresAt; D21', record.expiresAt === expected,
      `expiresAt ${record.expiresAt} is not createdAt ${record.createdAt} s + lifetime = ${expected} ms`);
  }
  violations.push(...checkPaymentMethods(request, record));
  return violations;
}

function checkAmounts(request: Json, record: Json): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const sent: Json[] = request.invoice_items ?? [];
  // A broken implementation may send anything; a non-object item reads as one with no fields.
  const got: Json[] = Array.isArray(record.invoiceItems) ? record.invoiceItems.map((item: unknown) => (item && typeof item === 'object' ? item : {})) : [];
  if (got.length !== sent.length) {
    return [{ rule: 'items-count', source: 'seed: response table, invoiceItems', message: `${got.length} invoiceItems for ${sent.length} invoice_items sent` }];
  }
  const expectedAmounts = sent.map((item) => computeItemAmount(item.quantity, item.price_data.unit_amount));
  sent.forEach((item, index) => {
    if (got[index].quantity !== item.quantity) {
      violations.push({ rule: 'item-quantity', source: 'seed: response table, invoiceItems', message: `invoiceItems[${index}].quantity is ${got[index].quantity}, sent ${item.quantity}` });
    }
    if (got[index].amount !== expectedAmounts[index]) {
      violations.push({ rule: 'item-amount', source: 'D13', message: `invoiceItems[${index}].amount is ${JSON.stringify(got[index].amount)}, expected ${item.quantity} × ${item.price_data.unit_amount} = ${expectedAmounts[index]}` });
    }
  });
  const expectedTotal = computeAmountTotal(expectedAmounts);
  if (record.amountTotal !== expectedTotal) {
    violations.push({ rule: 'amount-total', source: 'seed: response table, amountTotal; D13', message: `amountTotal is ${JSON.stringify(record.amountTotal)}, expected ${expectedTotal}` });
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
      if (JSON.stringify(actual) !== JSON.stringify(expected)) differences.push(`${field} is ${JSON.stringify(actual)}, sent ${JSON.stringify(expected)}`);
    };
    if (!echoed || typeof echoed !== 'object') {
      differences.push(`it is ${JSON.stringify(echoed)}`);
    } else {
      compare('currency', echoed.currency, price.currency);
      compare('unitAmount', echoed.unitAmount, price.unit_amount);
      const productData = echoed.productData;
      if (productData !== undefined) {
        compare('productData.name', productData?.name, product.name);
        if (productData && 'description' in productData) compare('productData.description', productData.description, product.description ?? null);
        if (productData && 'images' in productData) compare('productData.images', productData.images, product.images ?? []);
      }
    }
    if (differences.length > 0) {
      violations.push({ rule: 'echo-priceData', source: 'D19', message: `invoiceItems[${index}].priceData does not echo price_data: ${differences.join('; ')}` });
    }
  });
  return violations;
}

function checkPaymentMethods(request: Json, record: Json): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const types: unknown[] = Array.isArray(record.paymentMethodTypes) ? record.paymentMethodTypes : [];
  const crypto = record.paymentMethodOptions?.crypto;
  if (types.includes('crypto') !== (crypto !== null && crypto !== undefined)) {
    violations.push({ rule: 'crypto-options-consistent', source: 'D20', message: `paymentMethodOptions.crypto is ${crypto === null ? 'null' : 'set'} while paymentMethodTypes is ${JSON.stringify(types)}` });
  }
  const chosen = request.payment_method_data?.paymentMethodDetail;
  if (chosen) {
    const offered = Array.isArray(crypto) ? crypto : [];
    const matches = offered.length === 1 &&
      String(offered[0]?.currency?.value).toLowerCase() === String(chosen.currency).toLowerCase() &&
      offered[0]?.networks?.length === 1 &&
      String(offered[0].networks[0]?.value).toLowerCase() === String(chosen.network).toLowerCase();
    if (JSON.stringify(types) !== '["crypto"]' || !matches) {
      violations.push({ rule: 'chosen-payment-method', source: 'D20', message: `payment_method_data chose ${chosen.currency} on ${chosen.network}, but the record offers ${JSON.stringify(types)} with ${JSON.stringify(crypto)}` });
    }
  }
  return violations;
}
