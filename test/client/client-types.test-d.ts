import { describe, expectTypeOf, it } from 'vitest';
import {
  type Checkout,
  type CheckoutCompletedEvent,
  type CheckoutStatus,
  type CreateCheckoutRequest,
  type CreateCheckoutResult,
  type components,
  createCheckoutClient,
  type FieldError,
  type FieldErrorCode,
  type InvoiceItem,
  type PaymentMethodType,
  type PriceData,
  type Problem,
  type paths,
} from '../../src/index.js';
import { CANARY_KEY } from '../support/canary.js';

const client = createCheckoutClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: CANARY_KEY });
const item: InvoiceItem = { price_data: { product_data: { name: 'T-shirt' }, currency: 'usdt', unit_amount: '12.50' }, quantity: 2 };

describe('request types', () => {
  it('currency and invoice_items are required, the rest optional', () => {
    expectTypeOf<{ currency: string; invoice_items: InvoiceItem[] }>().toExtend<CreateCheckoutRequest>();
    // @ts-expect-error currency is required
    const noCurrency: CreateCheckoutRequest = { invoice_items: [item] };
    // @ts-expect-error invoice_items is required
    const noItems: CreateCheckoutRequest = { currency: 'usdt' };
    expectTypeOf<CreateCheckoutRequest['client_reference_id']>().toEqualTypeOf<string | undefined>();
    void [noCurrency, noItems];
  });

  it('amounts are decimal strings, never numbers', () => {
    expectTypeOf<PriceData['unit_amount']>().toEqualTypeOf<string>();
    // @ts-expect-error unit_amount is a string such as "12.50"
    const numeric: PriceData = { product_data: { name: 'T-shirt' }, currency: 'usdt', unit_amount: 12.5 };
    void numeric;
  });

  it('unknown and camelCase fields are refused (additionalProperties: false)', () => {
    // @ts-expect-error the request is snake_case: callback_url, not callbackUrl
    const camel: CreateCheckoutRequest = { currency: 'usdt', invoice_items: [item], callbackUrl: 'https://shop.example.com/cb' };
    void camel;
  });

  it('createCheckout takes the request body and typed options', () => {
    expectTypeOf(client.createCheckout).parameter(0).toEqualTypeOf<CreateCheckoutRequest>();
    expectTypeOf(client.createCheckout).parameter(1).toEqualTypeOf<{ idempotencyKey?: string; signal?: AbortSignal } | undefined>();
    // @ts-expect-error the idempotency key is a string
    void client.createCheckout({ currency: 'usdt', invoice_items: [item] }, { idempotencyKey: 42 });
  });
});

describe('response types', () => {
  it('money and timestamps are strings', () => {
    expectTypeOf<Checkout['amountTotal']>().toEqualTypeOf<string>();
    expectTypeOf<Checkout['invoiceItems'][number]['amount']>().toEqualTypeOf<string>();
    expectTypeOf<Checkout['createdAt']>().toEqualTypeOf<string>();
    expectTypeOf<Checkout['expiresAt']>().toEqualTypeOf<string>();
    expectTypeOf<Checkout['amountTotal']>().not.toEqualTypeOf<number>();
  });

  it('clientReferenceId and the redirect URLs are nullable, not optional', () => {
    expectTypeOf<Checkout['clientReferenceId']>().toEqualTypeOf<string | null>();
    expectTypeOf<Checkout['successUrl']>().toEqualTypeOf<string | null>();
    expectTypeOf<Pick<Checkout, 'clientReferenceId'>>().toEqualTypeOf<{ clientReferenceId: string | null }>();
  });

  it('status is the union of the three states', () => {
    expectTypeOf<CheckoutStatus>().toEqualTypeOf<'open' | 'complete' | 'expired'>();
    expectTypeOf<Checkout['status']>().toEqualTypeOf<CheckoutStatus>();
    // @ts-expect-error "paid" is not a status
    const paid: CheckoutStatus = 'paid';
    void paid;
  });

  it('paymentMethodTypes is an open enum: the known kinds autocomplete, a newer kind is no type error (D26)', () => {
    expectTypeOf<'crypto'>().toMatchTypeOf<PaymentMethodType>();
    expectTypeOf<'bank_transfer'>().toMatchTypeOf<PaymentMethodType>();
    expectTypeOf<PaymentMethodType>().toEqualTypeOf<'crypto' | 'card' | (string & {})>();
    expectTypeOf<FieldError['code']>().toEqualTypeOf<FieldErrorCode>();
    // @ts-expect-error an open enum still holds strings only
    const numeric: PaymentMethodType = 1;
    void numeric;
  });

  it('the callback event carries a completed checkout', () => {
    expectTypeOf<CheckoutCompletedEvent['type']>().toEqualTypeOf<'checkout.completed'>();
    expectTypeOf<CheckoutCompletedEvent['data']['status']>().toEqualTypeOf<'complete'>();
    expectTypeOf<CheckoutCompletedEvent['data']['amountTotal']>().toEqualTypeOf<string>();
  });

  it('the named types are the generated components', () => {
    expectTypeOf<Checkout>().toEqualTypeOf<components['schemas']['Checkout']>();
    expectTypeOf<Problem>().toEqualTypeOf<components['schemas']['Problem']>();
    expectTypeOf<
      paths['/api/v1/checkouts/']['post']['requestBody']['content']['application/json']
    >().toEqualTypeOf<CreateCheckoutRequest>();
  });
});

describe('the result narrows data against error', () => {
  it('checking error narrows the result object', async () => {
    const result = await client.createCheckout({ currency: 'usdt', invoice_items: [item] });
    expectTypeOf(result).toEqualTypeOf<CreateCheckoutResult>();
    expectTypeOf(result.response).toEqualTypeOf<Response>();
    if (result.error) {
      expectTypeOf(result.error).toEqualTypeOf<Problem>();
      expectTypeOf(result.error.errors).toEqualTypeOf<FieldError[] | undefined>();
      // The open enum survives the client's result type: known codes autocomplete, others are strings.
      expectTypeOf(result.error.errors![0].code).toEqualTypeOf<FieldErrorCode>();
      expectTypeOf(result.data).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(result.data).toEqualTypeOf<Checkout>();
    }
  });

  it('checking error narrows destructured data too', async () => {
    const { data, error } = await client.createCheckout({ currency: 'usdt', invoice_items: [item] });
    if (error) {
      expectTypeOf(error.status).toEqualTypeOf<number>();
      return;
    }
    expectTypeOf(data).toEqualTypeOf<Checkout>();
    // @ts-expect-error data is narrowed: no property of Checkout is a number
    const total: number = data.amountTotal;
    void total;
  });

  it('without a check, data may be undefined', async () => {
    const { data } = await client.createCheckout({ currency: 'usdt', invoice_items: [item] });
    expectTypeOf(data).toEqualTypeOf<Checkout | undefined>();
  });
});
