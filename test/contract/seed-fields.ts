// The field tables of the service description (the seed), copied here once so that tests never read ../shared.
// Paths use `.` for nesting and `[]` for array elements. Types are JSON types; `null` marks "or null".

export interface SeedField {
  type: string[];
  required?: boolean;
}

export const seedRequestFields: Record<string, SeedField> = {
  client_reference_id: { type: ['string'], required: false },
  currency: { type: ['string'], required: true },
  invoice_items: { type: ['array'], required: true },
  'invoice_items[].price_data': { type: ['object'] },
  'invoice_items[].quantity': { type: ['integer'] },
  'invoice_items[].price_data.product_data': { type: ['object'] },
  'invoice_items[].price_data.currency': { type: ['string'] },
  'invoice_items[].price_data.unit_amount': { type: ['string'] },
  'invoice_items[].price_data.product_data.name': { type: ['string'] },
  'invoice_items[].price_data.product_data.description': { type: ['string'] },
  'invoice_items[].price_data.product_data.images': { type: ['array'] },
  success_url: { type: ['string'], required: false },
  cancel_url: { type: ['string'], required: false },
  callback_url: { type: ['string'], required: false },
  payment_method_data: { type: ['object'], required: false },
  'payment_method_data.type': { type: ['string'] },
  'payment_method_data.paymentMethodDetail': { type: ['object'] },
  'payment_method_data.paymentMethodDetail.currency': { type: ['string'] },
  'payment_method_data.paymentMethodDetail.network': { type: ['string'] },
};

export const seedResponseFields: Record<string, SeedField> = {
  id: { type: ['string'] },
  merchant: { type: ['object'] },
  'merchant.id': { type: ['string'] },
  'merchant.name': { type: ['string'] },
  nameCollection: { type: ['boolean'] },
  emailCollection: { type: ['boolean'] },
  phoneNumberCollection: { type: ['boolean'] },
  shippingAddressCollection: { type: ['object', 'null'] },
  invoiceItems: { type: ['array'] },
  'invoiceItems[].id': { type: ['string'] },
  'invoiceItems[].price': { type: ['string'] },
  'invoiceItems[].priceData': { type: ['object'] },
  'invoiceItems[].quantity': { type: ['integer'] },
  'invoiceItems[].amount': { type: ['string'] },
  amountTotal: { type: ['string'] },
  status: { type: ['string'] },
  createdAt: { type: ['string'] },
  updatedAt: { type: ['string'] },
  clientReferenceId: { type: ['string', 'null'] },
  currency: { type: ['string'] },
  successUrl: { type: ['string'] },
  cancelUrl: { type: ['string'] },
  expiresAt: { type: ['string'] },
  paymentIntent: { type: ['string'] },
  paymentMethodTypes: { type: ['array'] },
  paymentMethodOptions: { type: ['object'] },
  'paymentMethodOptions.crypto': { type: ['array', 'null'] },
  'paymentMethodOptions.crypto[].currency': { type: ['object'] },
  'paymentMethodOptions.crypto[].currency.value': { type: ['string'] },
  'paymentMethodOptions.crypto[].currency.name': { type: ['string'] },
  'paymentMethodOptions.crypto[].currency.logo': { type: ['string'] },
  'paymentMethodOptions.crypto[].networks': { type: ['array'] },
  'paymentMethodOptions.crypto[].networks[].value': { type: ['string'] },
  'paymentMethodOptions.crypto[].networks[].name': { type: ['string'] },
  'paymentMethodOptions.card': { type: ['object', 'null'] },
  url: { type: ['string'] },
  metadata: { type: ['object', 'null'] },
  isLivemode: { type: ['boolean'] },
};

/** Fields the contract has beyond the seed's tables, each with the decision that adds it (docs/decisions.md). */
export const decidedAdditions: Record<string, string> = {
  'shippingAddressCollection.allowedCountries': 'D16',
  'invoiceItems[].priceData.currency': 'D19',
  'invoiceItems[].priceData.unitAmount': 'D19',
  'invoiceItems[].priceData.productData': 'D19',
  'invoiceItems[].priceData.productData.name': 'D19',
  'invoiceItems[].priceData.productData.description': 'D19',
  'invoiceItems[].priceData.productData.images': 'D19',
};

/** Seed types the contract widens, each with its decision. */
export const decidedWidenings: Record<string, string> = {
  successUrl: 'D15',
  cancelUrl: 'D15',
  'invoiceItems[].priceData.productData.description': 'D19',
};

/** Every point the seed lists as "not shown", with the decision that settles it. */
export const seedOpenPoints: Record<string, string[]> = {
  'success status code': ['D1'],
  'error codes, status codes and body shape': ['D2', 'D3'],
  'validation rules for missing or malformed fields': ['D4', 'D10', 'D11', 'D12', 'D14'],
  'callback event names and payload shape': ['D5'],
  'callback delivery: method, headers, signing, retries, expected reply': ['D6', 'D7'],
  'accepted currency codes and case': ['D8'],
  'accepted networks': ['D9'],
  'quantity bounds': ['D10'],
  'maximum item count': ['D11'],
  'amount precision': ['D12'],
  rounding: ['D13'],
  'length limits': ['D14'],
  'fields inside shippingAddressCollection': ['D16'],
  'content of metadata and setting it in the request': ['D17'],
  'content of the card option': ['D18'],
  'shape of priceData in the response': ['D19'],
  'session lifetime': ['D21'],
  transitions: ['D22'],
  'missing or invalid key; live versus test keys': ['D23'],
  'idempotency of the create': ['D24'],
  'rate limits, size limits and quotas': ['D25', 'D14'],
  'versioning, deprecation and compatibility': ['D26'],
};
