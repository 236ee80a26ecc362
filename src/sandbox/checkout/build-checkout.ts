// A new checkout record from a request that passed validation: status open, the seed's echoed fields, exact
// amounts, fresh UUIDs, and the contract's timestamp shapes.
import { randomUUID } from 'node:crypto';
import type { Checkout, CreateCheckoutRequest, Merchant } from '../../../generated/openapi.js';
import { formatUnixSeconds, toMillis } from './clock.js';
import { computeItemAmount, sumAmounts } from './money.js';
import { describePaymentMethods } from './payment-methods.js';

export interface CheckoutSettings {
  merchant: Merchant;
  /** Scheme and host of the checkout page, without a trailing slash. */
  checkoutPageUrl: string;
  sessionLifetimeMs: number;
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
      amount: computeItemAmount(item.quantity, unitAmount),
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
    amountTotal: sumAmounts(invoiceItems.map((item) => item.amount)),
    status: 'open',
    createdAt,
    updatedAt: createdAt,
    clientReferenceId: request.client_reference_id ?? null,
    currency: request.currency,
    successUrl: request.success_url ?? null,
    cancelUrl: request.cancel_url ?? null,
    expiresAt: String(toMillis(nowMicros) + settings.sessionLifetimeMs),
    paymentIntent: randomUUID(),
    ...describePaymentMethods(request),
    url: `${settings.checkoutPageUrl}/checkouts/${id}`,
    metadata: null,
    isLivemode: false,
  };
}
