// A new checkout record from a request that passed validation: status open, the seed's echoed fields, exact
// amounts in the checkout currency (converted at the test rates where a price is in another), fresh UUIDs, and the
// contract's timestamp shapes. Where the contract leaves a choice to the account, the settings make it.
import { randomUUID } from 'node:crypto';
import type { Checkout, CreateCheckoutRequest, Merchant } from '../../../generated/openapi.js';
import { formatUnixSeconds, toMillis } from '../../clock/timestamps.js';
import type { ExchangeRate } from '../../contract/exchange-rate.js';
import { computeAmountTotal, computeItemAmount } from '../../contract/money.js';
import { describePaymentMethods } from './payment-methods.js';

export interface CheckoutSettings {
  merchant: Merchant;
  /** Scheme and host of the checkout page, without a trailing slash. */
  checkoutPageUrl: string;
  sessionLifetimeMs: number;
  /** How much later than createdAt a new checkout's updatedAt is (D22 allows 0 or more). */
  initialUpdateDelayMs: number;
  /** Whether a chosen crypto pair is offered alone (false) or next to the account's other methods (true); D20. */
  offerAllMethods: boolean;
  /** The rate from a price currency to the checkout currency (D13). */
  rateBetween: (from: string, to: string) => ExchangeRate;
}

export function buildCheckout(request: CreateCheckoutRequest, settings: CheckoutSettings, nowMicros: number): Checkout {
  const id = randomUUID();
  const createdAt = formatUnixSeconds(nowMicros);
  const invoiceItems = request.invoice_items.map((item) => {
    const { product_data: product, currency, unit_amount: unitAmount } = item.price_data;
    return {
      id: randomUUID(),
      price: randomUUID(),
      priceData: {
        currency,
        unitAmount,
        productData: { name: product.name, description: product.description ?? null, images: product.images ?? [] },
      },
      quantity: item.quantity,
      amount: computeItemAmount(item.quantity, unitAmount, settings.rateBetween(currency, request.currency)),
    };
  });
  return {
    id,
    merchant: { ...settings.merchant },
    nameCollection: false,
    emailCollection: true,
    phoneNumberCollection: false,
    shippingAddressCollection: null,
    invoiceItems,
    amountTotal: computeAmountTotal(invoiceItems.map((item) => item.amount)),
    status: 'open',
    createdAt,
    updatedAt: formatUnixSeconds(nowMicros + settings.initialUpdateDelayMs * 1000),
    clientReferenceId: request.client_reference_id ?? null,
    currency: request.currency,
    successUrl: request.success_url ?? null,
    cancelUrl: request.cancel_url ?? null,
    expiresAt: String(toMillis(nowMicros) + settings.sessionLifetimeMs),
    paymentIntent: randomUUID(),
    ...describePaymentMethods(request, settings.offerAllMethods),
    url: `${settings.checkoutPageUrl}/checkouts/${id}`,
    metadata: null,
    isLivemode: false,
  };
}
