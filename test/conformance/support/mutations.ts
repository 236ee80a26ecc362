// The broken implementations: each breaks one promise of the contract, through the proxy, and names the check that
// must catch it. `levels` lists the levels the break must be caught at (schema-level promises at both). Beside them,
// the choices the contract leaves to an implementation: each must pass, with a warning from the named check.
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { CheckName } from '../../../src/conformance/check-catalog.js';
import { withoutTrailingSlash } from '../../../src/conformance/checks/create-path.js';
import type { Level } from '../../../src/conformance/conformance-config.js';
import { seedSamples } from '../../../src/conformance/contract-samples.js';
import { loadContract } from '../../../src/contract/load-contract.js';
import { computeAmountTotal, computeItemAmount, Decimal, isSameCurrency } from '../../../src/contract/money.js';
import { describeValidationFailed } from '../../../src/http/problems.js';
import { CREATE_PATH } from '../../support/create-path.js';
import type { Breakage, DeliveryTools, ProxiedRequest, ProxiedResponse } from './broken-proxy.js';
import { createKeysInFlight } from './keys-in-flight.js';
import { FAST_CALLBACK_RETRIES } from './sandbox-process.js';

export interface Mutation {
  name: string;
  breaks: string;
  caughtBy: CheckName;
  levels: Level[];
  /** Needs the callback check (--callback-host). */
  callback?: boolean;
  /** A longer --retry-wait than the tests' usual, for a break that only shows after more than a second. */
  retryWait?: string;
  breakage: Breakage;
}

type DecimalValue = InstanceType<typeof Decimal>;
const CREATE_PATH_WITHOUT_SLASH = withoutTrailingSlash(CREATE_PATH);
const isCreate = (request: ProxiedRequest) => request.method === 'POST' && request.path === CREATE_PATH;
const both: Level[] = ['schema', 'full'];
const full: Level[] = ['full'];

/** Change every 201 record of the create call. */
function onCreated(change: (record: any, request: any) => void): Breakage['response'] {
  return (response, request) => {
    if (!isCreate(request) || response.status !== 201) return;
    const record = JSON.parse(response.body);
    change(record, JSON.parse(request.body));
    return { ...response, body: JSON.stringify(record) };
  };
}

/**
 * The create operation moved to the path without its trailing slash: that path reaches the implementation's create
 * route, and the contract's path an unknown one (the implementation's own 404 problem).
 */
function serveCreateWithoutSlash(request: ProxiedRequest): ProxiedRequest | undefined {
  if (request.path === CREATE_PATH) return { ...request, path: `${CREATE_PATH_WITHOUT_SLASH}-moved/` };
  if (request.path === CREATE_PATH_WITHOUT_SLASH) return { ...request, path: CREATE_PATH };
  return undefined;
}

/** Change every answer of the create call with the given status. */
function onStatus(status: number, change: (response: ProxiedResponse) => ProxiedResponse): Breakage['response'] {
  return (response, request) => (isCreate(request) && response.status === status ? change(response) : undefined);
}

const internalError = (response: ProxiedResponse): ProxiedResponse => ({
  status: 500,
  headers: { ...response.headers, 'content-type': 'application/problem+json' },
  body: JSON.stringify({
    type: 'https://api.checkout.example/problems/internal-error',
    title: 'Internal error',
    status: 500,
    detail: 'Something broke.',
  }),
});

const sameCode = (a: unknown, b: unknown) => isSameCurrency(String(a), String(b));
const isMixed = (request: any) => request.invoice_items.some((item: any) => !sameCode(item.price_data.currency, request.currency));

/** The body of a create request, or undefined when it is not a JSON object (the kit's malformed probes). */
function createBody(request: ProxiedRequest): any {
  if (!isCreate(request)) return undefined;
  try {
    const body = JSON.parse(request.body);
    return body && typeof body === 'object' && !Array.isArray(body) && Array.isArray(body.invoice_items) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** A 422 validation-failed answer as an implementation would write it: instance equal to the answer's Request-Id. */
function validationFailed(response: ProxiedResponse, errors: Array<{ pointer: string; code: string; detail: string }>): ProxiedResponse {
  const instance = response.headers['request-id'] ?? `urn:uuid:${randomUUID()}`;
  const problem = {
    type: 'https://api.checkout.example/problems/validation-failed',
    title: 'Validation failed',
    status: 422,
    detail: describeValidationFailed(errors.length),
    instance,
    errors,
  };
  return { status: 422, headers: { ...response.headers, 'content-type': 'application/problem+json' }, body: JSON.stringify(problem) };
}

/** Each price in another currency than the checkout's, answered as a field error with the given code. */
function rejectMixedCurrencies(code: string): Breakage['response'] {
  return (response, request) => {
    const body = createBody(request);
    if (response.status !== 201 || !body || !isMixed(body)) return undefined;
    const errors = body.invoice_items.flatMap((item: any, index: number) => {
      const { currency } = item.price_data;
      if (sameCode(currency, body.currency)) return [];
      return [{ pointer: `/invoice_items/${index}/price_data/currency`, code, detail: `${currency} is not the checkout currency` }];
    });
    return validationFailed(response, errors);
  };
}

const withoutHeader = (response: ProxiedResponse, name: string): ProxiedResponse => {
  const { [name]: _dropped, ...headers } = response.headers;
  return { ...response, headers };
};

function changeCallbackEvent(change: (event: any) => void, resign?: { secret: string; timestamp?: (now: Date) => Date }) {
  return (delivery: ProxiedRequest): ProxiedRequest => {
    const event = JSON.parse(delivery.body);
    change(event);
    const body = JSON.stringify(event);
    const headers = { ...delivery.headers };
    if (resign) {
      const at = resign.timestamp ? resign.timestamp(new Date()) : new Date();
      headers['webhook-timestamp'] = String(Math.floor(at.getTime() / 1000));
      headers['webhook-signature'] = new Webhook(resign.secret).sign(headers['webhook-id'], at, body);
    }
    return { ...delivery, headers, body };
  };
}

/** Change each field error of every 422 answer of the create call. */
function onFieldErrors(change: (error: { pointer: string; code: string; detail: string }) => unknown): Breakage['response'] {
  return onStatus(422, (response) => {
    const problem = JSON.parse(response.body);
    problem.errors = problem.errors?.map(change);
    return { ...response, body: JSON.stringify(problem) };
  });
}

const asPlainJson = (response: ProxiedResponse): ProxiedResponse => ({
  ...response,
  headers: { ...response.headers, 'content-type': 'application/json' },
});

/** An implementation that claims no Idempotency-Key while a request holds it: a second request with the key, arriving
 *  while the first is in flight, is handled as if it had none. */
function forgetKeysInFlight(): Breakage {
  const keys = createKeysInFlight();
  return {
    request: (request) => {
      const key = keys.keyOf(request);
      if (key === undefined || !keys.isHeld(key)) return undefined;
      keys.notify(key);
      const { 'idempotency-key': _forgotten, ...headers } = request.headers;
      return { ...request, headers };
    },
    response: async (_response, request) => {
      const key = keys.keyOf(request);
      if (key !== undefined) await keys.holdThenFree(key);
      return undefined;
    },
  };
}

export function buildMutations(apiKey: string, callbackSecret: string): Mutation[] {
  const requestFields = Object.keys((loadContract().components.schemas.CreateCheckoutRequest as { properties: object }).properties);
  const sample = seedSamples(loadContract()).usdtOnTron;
  return [
    // The record of a valid request.
    {
      name: 'wrong-total',
      breaks: 'amountTotal one cent off',
      caughtBy: 'amounts-exact',
      levels: full,
      breakage: {
        response: onCreated((r) => {
          r.amountTotal = new Decimal(r.amountTotal).plus('0.01').toFixed(2);
        }),
      },
    },
    {
      name: 'item-amount-off',
      breaks: 'an item priced in the checkout currency one cent high (total consistent)',
      caughtBy: 'amounts-exact',
      levels: full,
      breakage: {
        response: onCreated((r, q) => {
          const index = q.invoice_items.findIndex((item: any) => sameCode(item.price_data.currency, q.currency));
          if (index === -1) return;
          r.invoiceItems[index].amount = new Decimal(r.invoiceItems[index].amount).plus('0.01').toFixed(2);
          r.amountTotal = computeAmountTotal(r.invoiceItems.map((item: any) => item.amount));
        }),
      },
    },
    {
      name: 'total-unconverted',
      breaks: 'amountTotal the unconverted Σ quantity × unit_amount when a price is in another currency',
      caughtBy: 'amounts-exact',
      levels: full,
      breakage: {
        response: onCreated((r, q) => {
          if (!isMixed(q)) return;
          const unconverted = q.invoice_items.map((item: any) => computeItemAmount(item.quantity, item.price_data.unit_amount));
          r.amountTotal = computeAmountTotal(unconverted);
        }),
      },
    },
    {
      name: 'rounding-down',
      breaks: 'item amounts truncated instead of rounded half-up (totals consistent)',
      caughtBy: 'amounts-exact',
      levels: full,
      breakage: {
        response: onCreated((r, q) => {
          r.invoiceItems.forEach((item: any, i: number) => {
            item.amount = new Decimal(q.invoice_items[i].price_data.unit_amount)
              .times(q.invoice_items[i].quantity)
              .toDecimalPlaces(2, Decimal.ROUND_DOWN)
              .toFixed(2);
          });
          r.amountTotal = r.invoiceItems.reduce((sum: DecimalValue, item: any) => sum.plus(item.amount), new Decimal(0)).toFixed(2);
        }),
      },
    },
    {
      name: 'total-as-number',
      breaks: 'amountTotal a JSON number instead of a decimal string',
      caughtBy: 'response-schema',
      levels: both,
      breakage: {
        response: onCreated((r) => {
          r.amountTotal = Number(r.amountTotal);
        }),
      },
    },
    {
      name: 'echo-missing',
      breaks: 'clientReferenceId null although one was sent',
      caughtBy: 'echoes-request',
      levels: full,
      breakage: {
        response: onCreated((r) => {
          r.clientReferenceId = null;
        }),
      },
    },
    {
      name: 'currency-normalised',
      breaks: 'currency upper-cased instead of echoed as sent',
      caughtBy: 'echoes-request',
      levels: full,
      breakage: {
        response: onCreated((r) => {
          r.currency = String(r.currency).toUpperCase();
        }),
      },
    },
    {
      name: 'price-data-wrong',
      breaks: 'priceData that does not echo price_data',
      caughtBy: 'echoes-request',
      levels: full,
      breakage: {
        response: onCreated((r, q) => {
          r.invoiceItems[0].priceData = { currency: q.invoice_items[0].price_data.currency, unitAmount: '999' };
        }),
      },
    },
    {
      name: 'mixed-currencies-rejected',
      breaks: 'a price in another currency than the checkout rejected (the old D8 rule)',
      caughtBy: 'valid-request-accepted',
      levels: both,
      breakage: { response: rejectMixedCurrencies('not_allowed_value') },
    },
    {
      name: 'too-small-on-a-line-above-zero',
      breaks:
        'a line that does not round to 0.00 refused with too_small on its unit_amount (D29 lets only a line that rounds to 0.00 be refused so)',
      caughtBy: 'valid-request-accepted',
      levels: both,
      breakage: {
        response: (response, request) => {
          const body = createBody(request);
          if (response.status !== 201 || !body) return undefined;
          const index = body.invoice_items.findIndex(
            (item: any) =>
              sameCode(item.price_data.currency, body.currency) && computeItemAmount(item.quantity, item.price_data.unit_amount) !== '0.00',
          );
          if (index === -1) return undefined;
          const pointer = `/invoice_items/${index}/price_data/unit_amount`;
          return validationFailed(response, [{ pointer, code: 'too_small', detail: 'The line is too small.' }]);
        },
      },
    },
    {
      name: 'created-as-text',
      breaks: 'the record served as text/plain',
      caughtBy: 'valid-request-accepted',
      levels: both,
      breakage: {
        response: onStatus(201, (response) => ({ ...response, headers: { ...response.headers, 'content-type': 'text/plain' } })),
      },
    },
    {
      name: 'payment-intent-missing',
      breaks: 'a required field (paymentIntent) left out',
      caughtBy: 'response-schema',
      levels: both,
      breakage: {
        response: onCreated((r) => {
          delete r.paymentIntent;
        }),
      },
    },
    {
      name: 'status-complete',
      breaks: 'a new checkout reported complete',
      caughtBy: 'status-open',
      levels: full,
      breakage: {
        response: onCreated((r) => {
          r.status = 'complete';
        }),
      },
    },
    {
      name: 'reused-id',
      breaks: "every checkout gets the first checkout's id (url consistent)",
      caughtBy: 'ids-unique',
      levels: full,
      breakage: {
        response: (response, request, tools) =>
          onCreated((r) => {
            tools.state.firstId ??= r.id;
            r.id = tools.state.firstId;
            r.url = String(r.url).replace(/[^/]+$/, r.id);
          })!(response, request, tools),
      },
    },
    {
      name: 'reused-payment-intent',
      breaks: 'one payment intent for every checkout',
      caughtBy: 'ids-unique',
      levels: full,
      breakage: {
        response: (response, request, tools) =>
          onCreated((r) => {
            tools.state.intent ??= r.paymentIntent;
            r.paymentIntent = tools.state.intent;
          })!(response, request, tools),
      },
    },
    {
      name: 'url-not-ending-in-id',
      breaks: 'url pointing at another checkout',
      caughtBy: 'url-ends-with-id',
      levels: full,
      breakage: {
        response: onCreated((r) => {
          r.url = `https://pay.example.test/checkouts/${randomUUID()}`;
        }),
      },
    },
    {
      name: 'expires-in-seconds',
      breaks: 'expiresAt in seconds instead of milliseconds',
      caughtBy: 'time-fields',
      levels: full,
      breakage: {
        response: onCreated((r) => {
          r.expiresAt = String(Math.floor(Number(r.createdAt)) + 86_400);
        }),
      },
    },
    {
      name: 'expires-at-creation',
      breaks: 'expiresAt equal to the creation time, not after it',
      caughtBy: 'time-fields',
      levels: full,
      breakage: {
        response: onCreated((r) => {
          r.expiresAt = new Decimal(r.createdAt).times(1000).floor().toFixed(0);
        }),
      },
    },
    {
      name: 'updated-before-created',
      breaks: 'updatedAt a second before createdAt on a new checkout',
      caughtBy: 'time-fields',
      levels: full,
      breakage: {
        response: onCreated((r) => {
          r.updatedAt = new Decimal(r.createdAt).minus(1).toFixed(6);
        }),
      },
    },
    {
      name: 'crypto-options-null',
      breaks: 'crypto offered with paymentMethodOptions.crypto null',
      caughtBy: 'payment-methods-consistent',
      levels: full,
      breakage: {
        response: onCreated((r) => {
          r.paymentMethodOptions.crypto = null;
        }),
      },
    },
    {
      name: 'chosen-pair-missing',
      breaks: 'the chosen currency and network missing from the crypto options (others offered)',
      caughtBy: 'payment-methods-consistent',
      levels: full,
      breakage: {
        response: onCreated((r, q) => {
          const chosen = q.payment_method_data?.paymentMethodDetail;
          if (!chosen) return;
          const others = r.paymentMethodOptions.crypto
            .map((option: any) =>
              sameCode(option.currency.value, chosen.currency)
                ? { ...option, networks: option.networks.filter((network: any) => !sameCode(network.value, chosen.network)) }
                : option,
            )
            .filter((option: any) => option.networks.length > 0);
          const bitcoin = {
            currency: { value: 'btc', name: 'Bitcoin', logo: '/static/logos/btc.svg' },
            networks: [{ value: 'bitcoin', name: 'Bitcoin' }],
          };
          r.paymentMethodOptions.crypto = others.length > 0 ? others : [bitcoin];
        }),
      },
    },
    {
      name: 'chosen-crypto-not-offered',
      breaks: 'only card offered although payment_method_data chose a crypto pair',
      caughtBy: 'payment-methods-consistent',
      levels: full,
      breakage: {
        response: onCreated((r, q) => {
          if (!q.payment_method_data) return;
          r.paymentMethodTypes = ['card'];
          r.paymentMethodOptions.crypto = null;
        }),
      },
    },

    // Authentication.
    {
      name: 'auth-ignored',
      breaks: 'requests without a key accepted',
      caughtBy: 'auth-missing-key',
      levels: both,
      breakage: { request: (request) => ({ ...request, headers: { ...request.headers, authorization: `Api-Key ${apiKey}` } }) },
    },
    {
      name: 'any-key-accepted',
      breaks: 'any Api-Key value accepted',
      caughtBy: 'auth-unknown-key',
      levels: full,
      breakage: {
        request: (request) =>
          request.headers.authorization?.startsWith('Api-Key ')
            ? { ...request, headers: { ...request.headers, authorization: `Api-Key ${apiKey}` } }
            : undefined,
      },
    },
    {
      name: 'any-scheme-accepted',
      breaks: 'the key accepted under Bearer or with no scheme word',
      caughtBy: 'auth-wrong-scheme',
      levels: full,
      breakage: {
        request: (request) => {
          const value = request.headers.authorization;
          if (value === undefined || value.startsWith('Api-Key ')) return undefined;
          return { ...request, headers: { ...request.headers, authorization: `Api-Key ${value.replace(/^Bearer /, '')}` } };
        },
      },
    },
    {
      name: 'no-www-authenticate',
      breaks: '401 without WWW-Authenticate: Api-Key',
      caughtBy: 'auth-missing-key',
      levels: both,
      breakage: { response: (response) => (response.status === 401 ? withoutHeader(response, 'www-authenticate') : undefined) },
    },
    {
      name: 'key-echoed',
      breaks: 'the Authorization header echoed in a response header',
      caughtBy: 'key-never-echoed',
      levels: both,
      breakage: {
        response: (response, request) =>
          request.headers.authorization
            ? { ...response, headers: { ...response.headers, 'x-debug-authorization': request.headers.authorization } }
            : undefined,
      },
    },

    // Bad input.
    {
      name: '500-on-bad-input',
      breaks: 'a 500 for an invalid body',
      caughtBy: 'invalid-body-rejected',
      levels: both,
      breakage: { response: onStatus(422, internalError) },
    },
    {
      name: 'bad-input-accepted',
      breaks: 'invalid bodies accepted (answered with a created checkout)',
      caughtBy: 'invalid-body-rejected',
      levels: both,
      breakage: {
        response: (response, request, tools) =>
          isCreate(request) && response.status === 422 ? tools.forward({ ...request, body: JSON.stringify(sample) }) : undefined,
      },
    },
    {
      name: 'unknown-fields-ignored',
      breaks: 'unknown request fields dropped instead of rejected (D4)',
      caughtBy: 'invalid-body-rejected',
      levels: full,
      breakage: {
        request: (request) => {
          if (!isCreate(request)) return undefined;
          try {
            const body = JSON.parse(request.body);
            if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
            return {
              ...request,
              body: JSON.stringify(Object.fromEntries(Object.entries(body).filter(([key]) => requestFields.includes(key)))),
            };
          } catch {
            return undefined;
          }
        },
      },
    },
    {
      name: 'error-not-problem',
      breaks: 'validation errors in an ad-hoc JSON shape',
      caughtBy: 'invalid-body-rejected',
      levels: both,
      breakage: {
        response: onStatus(422, (response) => ({
          ...response,
          headers: { ...response.headers, 'content-type': 'application/json' },
          body: '{"error":"invalid request"}',
        })),
      },
    },
    {
      name: 'errors-without-pointers',
      breaks: 'validation problems that name no field',
      caughtBy: 'error-names-field',
      levels: full,
      breakage: {
        response: onStatus(422, (response) => ({
          ...response,
          body: JSON.stringify({ ...JSON.parse(response.body), errors: [{ pointer: '', code: 'invalid', detail: 'is invalid' }] }),
        })),
      },
    },
    {
      name: 'field-error-without-code',
      breaks: 'field errors without their machine-readable code (D2)',
      caughtBy: 'invalid-body-rejected',
      levels: both,
      breakage: {
        response: onStatus(422, (response) => {
          const problem = JSON.parse(response.body);
          problem.errors = problem.errors?.map(({ code: _dropped, ...error }: any) => error);
          return { ...response, body: JSON.stringify(problem) };
        }),
      },
    },
    {
      name: 'instance-not-request-id',
      breaks: "a problem whose instance is not the answer's Request-Id (D2)",
      caughtBy: 'invalid-body-rejected',
      levels: both,
      breakage: {
        response: onStatus(422, (response) => ({
          ...response,
          body: JSON.stringify({ ...JSON.parse(response.body), instance: `urn:uuid:${randomUUID()}` }),
        })),
      },
    },
    {
      name: 'media-type-ignored',
      breaks: 'bodies accepted whatever their Content-Type',
      caughtBy: 'wrong-media-type-rejected',
      levels: both,
      breakage: {
        request: (request) =>
          isCreate(request) && request.headers['content-type'] !== 'application/json'
            ? { ...request, headers: { ...request.headers, 'content-type': 'application/json' } }
            : undefined,
      },
    },
    {
      name: 'malformed-json-500',
      breaks: 'a 500 for a body that is not JSON',
      caughtBy: 'malformed-json-rejected',
      levels: both,
      breakage: { response: onStatus(400, internalError) },
    },
    {
      name: 'no-size-limit',
      breaks: 'bodies over 1 MiB accepted',
      caughtBy: 'oversized-body-rejected',
      levels: full,
      breakage: {
        request: (request) =>
          isCreate(request) && request.body.length > 1024 * 1024
            ? { ...request, body: JSON.stringify(JSON.parse(request.body)) }
            : undefined,
      },
    },
    {
      name: 'idempotency-ignored',
      breaks: 'Idempotency-Key ignored: a retry creates a second checkout',
      caughtBy: 'idempotent-replay',
      levels: full,
      breakage: {
        request: (request) => {
          const { 'idempotency-key': _dropped, ...headers } = request.headers;
          return { ...request, headers };
        },
      },
    },

    // The callback.
    {
      name: 'callback-dropped',
      breaks: 'no callback on completion',
      caughtBy: 'callback-delivered',
      levels: both,
      callback: true,
      breakage: { callback: () => null },
    },
    {
      name: 'callback-unsigned',
      breaks: 'the callback sent without webhook-signature',
      caughtBy: 'callback-delivered',
      levels: both,
      callback: true,
      breakage: {
        callback: (delivery) => {
          const { 'webhook-signature': _dropped, ...headers } = delivery.headers;
          return { ...delivery, headers };
        },
      },
    },
    {
      name: 'callback-tampered',
      breaks: 'the callback body changed after signing',
      caughtBy: 'callback-verified',
      levels: full,
      callback: true,
      breakage: {
        callback: changeCallbackEvent((event) => {
          event.data.amountTotal = '0.01';
        }),
      },
    },
    {
      name: 'callback-other-checkout',
      breaks: 'a validly signed callback about another checkout',
      caughtBy: 'callback-verified',
      levels: full,
      callback: true,
      breakage: {
        callback: changeCallbackEvent(
          (event) => {
            event.data.id = randomUUID();
          },
          { secret: callbackSecret },
        ),
      },
    },
    {
      name: 'callback-stale',
      breaks: 'a callback signed 10 minutes ago',
      caughtBy: 'callback-verified',
      levels: full,
      callback: true,
      breakage: {
        callback: changeCallbackEvent(() => {}, { secret: callbackSecret, timestamp: (now) => new Date(now.getTime() - 600_000) }),
      },
    },

    // The asynchronous half (issue 20): retries, de-duplication, expiry. Each takes the delivery over in the proxy.
    {
      name: 'callback-never-retried',
      breaks: 'a failed callback is never sent again',
      caughtBy: 'callback-retried',
      levels: full,
      callback: true,
      breakage: { deliver: (delivery, tools) => (isRepeat(delivery, tools) ? Promise.resolve(204) : tools.relay(delivery)) },
    },
    {
      name: 'callback-not-retried-without-answer',
      breaks: 'a callback whose connection closed without an answer is taken as delivered (a 5xx is still retried)',
      caughtBy: 'callback-retried',
      levels: full,
      callback: true,
      breakage: { deliver: (delivery, tools) => tools.relay(delivery).catch(() => 204) },
    },
    {
      name: 'callback-retry-new-id',
      breaks: 'a retry sent under a new webhook-id (one event twice under two ids)',
      caughtBy: 'callback-retried',
      levels: full,
      callback: true,
      breakage: {
        deliver: (delivery, tools) => tools.relay(isRepeat(delivery, tools) ? resigned(delivery, callbackSecret, newEventId()) : delivery),
      },
    },
    {
      name: 'callback-retry-stale-signature',
      breaks: "a retry 2.5 s later that repeats the first attempt's webhook-timestamp and signature",
      caughtBy: 'callback-retried',
      levels: full,
      callback: true,
      retryWait: '5s',
      breakage: {
        deliver: async (delivery, tools) => {
          tools.state.firstAttempts ??= new Map<string, ProxiedRequest>();
          const firstAttempts = tools.state.firstAttempts as Map<string, ProxiedRequest>;
          const first = firstAttempts.get(delivery.headers['webhook-id']);
          if (!first) {
            firstAttempts.set(delivery.headers['webhook-id'], delivery);
            return tools.relay(delivery);
          }
          // The retry as a slower schedule sends it, 2.5 s after the first attempt: the kit measures that gap on its own
          // clock (a run takes no injected one), and two whole seconds make the repeated webhook-timestamp stale.
          await new Promise((resolve) => setTimeout(resolve, 2_500));
          return tools.relay(first);
        },
      },
    },
    {
      name: 'callback-retry-after-ignored',
      breaks: "a receiver's Retry-After on a failed attempt ignored: the retry comes on the schedule's (100 ms) delay (D7)",
      caughtBy: 'callback-retry-after',
      levels: full,
      callback: true,
      breakage: { hideRetryAfter: true },
    },
    {
      name: 'callback-query-dropped',
      breaks: "the callback sent to the callback_url's path without its query",
      caughtBy: 'callback-delivered',
      levels: both,
      callback: true,
      breakage: {
        deliver: async (delivery, tools) => {
          const headers = Object.fromEntries(Object.entries(delivery.headers).filter(([name]) => /^(content-type|webhook-)/.test(name)));
          const withoutQuery = new URL(tools.target.pathname, tools.target);
          const sent = await fetch(withoutQuery, { method: 'POST', headers, body: delivery.body }).catch(() => undefined);
          return sent?.status ?? 502;
        },
      },
    },
    {
      name: 'callback-redirect-followed',
      breaks: "a receiver's 302 followed: the attempt sent on to the Location, and taken as delivered (D7: not followed)",
      caughtBy: 'callback-retried',
      levels: full,
      callback: true,
      breakage: {
        deliver: async (delivery, tools) => {
          const status = await tools.relay(delivery).catch(() => 502);
          const location = tools.lastReply().headers.location;
          if (status < 300 || status >= 400 || location === undefined) return status;
          const headers = Object.fromEntries(Object.entries(delivery.headers).filter(([name]) => /^(content-type|webhook-)/.test(name)));
          const followed = await fetch(location, { method: 'POST', headers, body: delivery.body }).catch(() => undefined);
          return followed?.status ?? 502;
        },
      },
    },
    {
      name: 'callback-never-gives-up',
      breaks: "a failed event sent once more after the last attempt of the service's schedule (D7: it gives up after the last)",
      caughtBy: 'callback-retry-schedule',
      levels: full,
      callback: true,
      breakage: {
        deliver: async (delivery, tools) => {
          tools.state.attempts ??= new Map<string, number>();
          const attempts = tools.state.attempts as Map<string, number>;
          const id = delivery.headers['webhook-id'];
          const count = (attempts.get(id) ?? 0) + 1;
          attempts.set(id, count);
          const status = await tools.relay(delivery).catch(() => 502);
          const lastOfSchedule = FAST_CALLBACK_RETRIES.CHECKOUT_CALLBACK_RETRY_DELAYS_MS.split(',').length + 1;
          // Once the receiver has answered the schedule's last attempt: the service tells the sandbox it failed, and sends
          // the event once more on its own.
          if (count === lastOfSchedule && (status < 200 || status >= 300)) {
            setImmediate(() => void tools.relay(resigned(delivery, callbackSecret, id)).catch(() => 0));
          }
          return status;
        },
      },
    },
    {
      name: 'callback-410-ignored',
      breaks: 'a 410 Gone from the receiver does not stop the retries',
      caughtBy: 'callback-retry-stops-on-410',
      levels: full,
      callback: true,
      breakage: {
        deliver: async (delivery, tools) => {
          const status = await tools.relay(delivery);
          return status === 410 ? 503 : status;
        },
      },
    },
    {
      name: 'callback-ids-shared',
      breaks: 'two completed checkouts announced under one webhook-id',
      caughtBy: 'callback-ids-unique',
      levels: full,
      callback: true,
      breakage: { callback: (delivery) => resigned(delivery, callbackSecret, 'msg_OneIdForEveryEventXXXXXX') },
    },
    {
      name: 'callback-sent-twice-two-ids',
      breaks: 'one event delivered twice, under two webhook-ids, though the first was acknowledged',
      caughtBy: 'callback-not-redelivered',
      levels: full,
      callback: true,
      breakage: {
        deliver: afterAcknowledged((delivery, tools) => tools.relay(resigned(delivery, callbackSecret, newEventId())).catch(() => 0)),
      },
    },
    {
      name: 'callback-redelivered-after-ack',
      breaks: 'an acknowledged event sent again right after the acknowledgement, under the same webhook-id',
      caughtBy: 'callback-not-redelivered',
      levels: full,
      callback: true,
      breakage: {
        // Sent again once the receiver's acknowledgement has come back, while the service reports it to the sandbox.
        deliver: afterAcknowledged((delivery, tools) => {
          const again = resigned(delivery, callbackSecret, delivery.headers['webhook-id']);
          setImmediate(() => void tools.relay(again).catch(() => 0));
        }),
      },
    },
    {
      name: 'callback-on-expiry',
      breaks: 'a validly signed checkout.completed callback sent when a checkout expires',
      caughtBy: 'callback-none-on-expiry',
      levels: full,
      callback: true,
      breakage: { response: callBackOnExpiry(callbackSecret) },
    },
    // Concurrency, methods, paths and the negative space (issue 20).
    {
      name: 'concurrent-same-key-two-checkouts',
      breaks: 'requests with one Idempotency-Key that arrive while the first is in flight each create a checkout (D24)',
      caughtBy: 'idempotent-concurrent',
      levels: full,
      breakage: forgetKeysInFlight(),
    },
    {
      name: '405-without-allow',
      breaks: 'another method answered 405 with no Allow header (D3)',
      caughtBy: 'method-not-allowed',
      levels: both,
      breakage: { response: (response) => (response.status === 405 ? withoutHeader(response, 'allow') : undefined) },
    },
    {
      name: '405-not-problem',
      breaks: 'another method answered 405 as application/json, not application/problem+json',
      caughtBy: 'method-not-allowed',
      levels: both,
      breakage: { response: (response) => (response.status === 405 ? asPlainJson(response) : undefined) },
    },
    {
      name: '404-not-problem',
      breaks: 'an unknown path answered 404 as text/html',
      caughtBy: 'unknown-path-not-found',
      levels: both,
      breakage: {
        response: (response) =>
          response.status === 404
            ? { ...response, headers: { ...response.headers, 'content-type': 'text/html' }, body: '<h1>Not found</h1>' }
            : undefined,
      },
    },
    // Issue 27: promises of the ledger no check looked at before.
    {
      name: 'create-path-without-slash',
      breaks: `the create operation served only at ${CREATE_PATH_WITHOUT_SLASH}, without the trailing slash; ${CREATE_PATH} answers 404 (D27)`,
      caughtBy: 'create-path-served',
      levels: both,
      breakage: { request: serveCreateWithoutSlash },
    },
    {
      name: 'head-answered-200',
      breaks: 'HEAD on the create path answered 200 (D3: another method gets 405 with Allow)',
      caughtBy: 'head-not-allowed',
      levels: both,
      breakage: {
        response: (_response, request) =>
          request.method === 'HEAD' && request.path === CREATE_PATH
            ? { status: 200, headers: { 'content-type': 'application/json' }, body: '' }
            : undefined,
      },
    },
    {
      name: 'request-id-bare-uuid',
      breaks: 'Request-Id a bare UUID, not urn:uuid:<uuid> (D2), with each problem instance equal to it',
      caughtBy: 'request-id-urn',
      levels: full,
      breakage: {
        response: (response) => {
          const requestId = response.headers['request-id'];
          if (requestId === undefined) return undefined;
          const bare = requestId.replace(/^urn:uuid:/, '');
          const body = response.headers['content-type']?.startsWith('application/problem+json')
            ? JSON.stringify({ ...JSON.parse(response.body), instance: bare })
            : response.body;
          return { ...response, headers: { ...response.headers, 'request-id': bare }, body };
        },
      },
    },
    {
      name: 'idempotency-shared-across-keys',
      breaks: "an Idempotency-Key first used under one API key, sent under another, replays the first key's checkout",
      caughtBy: 'idempotency-per-key',
      levels: full,
      breakage: {
        // The service keeps keys in one space for all API keys: the first key's request is replayed to the second.
        request: (request, tools) => {
          const key = request.headers['idempotency-key'];
          if (!isCreate(request) || key === undefined) return undefined;
          tools.state.firstAuthorization ??= new Map<string, string>();
          const firstAuthorization = tools.state.firstAuthorization as Map<string, string>;
          const first = firstAuthorization.get(key);
          if (first === undefined) firstAuthorization.set(key, request.headers.authorization);
          return first === undefined ? undefined : { ...request, headers: { ...request.headers, authorization: first } };
        },
      },
    },
    {
      name: 'metadata-set-at-creation',
      breaks: 'a new checkout with metadata {} instead of null (D17)',
      caughtBy: 'metadata-null',
      levels: full,
      breakage: {
        response: onCreated((r) => {
          r.metadata = {};
        }),
      },
    },
    {
      name: 'long-idempotency-key-refused',
      breaks: 'an Idempotency-Key over 64 characters refused with 422, though keys of up to 255 are allowed',
      caughtBy: 'idempotent-replay',
      levels: full,
      breakage: {
        response: (response, request) =>
          isCreate(request) && (request.headers['idempotency-key']?.length ?? 0) > 64
            ? validationFailed(response, [{ pointer: '', code: 'too_long', detail: 'The Idempotency-Key is longer than 64 characters.' }])
            : undefined,
      },
    },
    {
      name: 'payment-type-any-accepted',
      breaks: 'payment_method_data.type of any string taken as cryptopaymentmethoddetail (D20: the only value)',
      caughtBy: 'negative-space-rejected',
      levels: both,
      breakage: {
        request: (request) => {
          const body = createBody(request);
          const data = body?.payment_method_data;
          if (typeof data?.type !== 'string' || data.type === 'cryptopaymentmethoddetail') return undefined;
          return { ...request, body: JSON.stringify({ ...body, payment_method_data: { ...data, type: 'cryptopaymentmethoddetail' } }) };
        },
      },
    },
    {
      name: 'callback-id-with-dot',
      breaks: 'the callback sent under a webhook-id with a dot (msg_….x), signed over it (D6: never a dot)',
      caughtBy: 'callback-delivered',
      levels: both,
      callback: true,
      breakage: { callback: (delivery) => resigned(delivery, callbackSecret, `${delivery.headers['webhook-id']}.x`) },
    },
    {
      name: 'charset-ignored',
      breaks: 'JSON in a charset other than UTF-8 taken as UTF-8 (D3: 415)',
      caughtBy: 'wrong-media-type-rejected',
      levels: full,
      breakage: {
        request: (request) =>
          /charset=(?!utf-8)/i.test(request.headers['content-type'] ?? '')
            ? { ...request, headers: { ...request.headers, 'content-type': 'application/json' } }
            : undefined,
      },
    },
    {
      name: 'empty-body-422',
      breaks: 'an empty body answered 422 validation-failed instead of 400 malformed-json (D3)',
      caughtBy: 'malformed-json-rejected',
      levels: full,
      breakage: {
        response: (response, request) =>
          isCreate(request) && request.body === '' && request.headers['content-type'] === 'application/json'
            ? validationFailed(response, [{ pointer: '', code: 'required', detail: 'The body is empty.' }])
            : undefined,
      },
    },
    {
      name: 'invalid-utf8-accepted',
      breaks: 'a body that is not UTF-8 read leniently, each bad byte as U+FFFD, instead of 400 malformed-json (D3)',
      caughtBy: 'malformed-json-rejected',
      levels: full,
      breakage: {
        request: (request) =>
          request.binary ? { ...request, body: Buffer.from(request.body, 'latin1').toString('utf8'), binary: undefined } : undefined,
      },
    },
    {
      name: 'repeated-authorization-first-taken',
      breaks: 'two Authorization headers: the first one read, and the request let in (errors.statuses: 401)',
      caughtBy: 'auth-header-repeated',
      levels: full,
      breakage: { request: (request) => (request.repeated?.authorization ? { ...request, repeated: undefined } : undefined) },
    },
    {
      name: '429-without-retry-after',
      breaks: 'a rate limit met on the third create, answered 429 rate-limited without Retry-After (D25)',
      caughtBy: 'rate-limited-retry-after',
      levels: full,
      breakage: {
        response: (response, request, tools) => {
          if (!isCreate(request) || response.status !== 201) return undefined;
          tools.state.creates = Number(tools.state.creates ?? 0) + 1;
          if (tools.state.creates !== 3) return undefined;
          const { 'retry-after': _dropped, ...headers } = response.headers;
          const instance = headers['request-id'] ?? `urn:uuid:${randomUUID()}`;
          const problem = {
            type: 'https://api.checkout.example/problems/rate-limited',
            title: 'Too many requests',
            status: 429,
            detail: 'Too many requests for this API key.',
            instance,
          };
          return { status: 429, headers: { ...headers, 'content-type': 'application/problem+json' }, body: JSON.stringify(problem) };
        },
      },
    },
    {
      name: 'deprecation-without-sunset',
      breaks: 'v1 announced as deprecated with a Deprecation header and no Sunset (D26: both)',
      caughtBy: 'deprecation-announced',
      levels: full,
      breakage: {
        response: (response) => ({ ...response, headers: { ...response.headers, deprecation: `@${Math.floor(Date.now() / 1000)}` } }),
      },
    },
    {
      name: 'livemode-varies',
      breaks: 'isLivemode decided by something other than the key: the second checkout created is live, the others test (D23)',
      caughtBy: 'livemode-per-key',
      levels: full,
      breakage: {
        response: (response, request, tools) => {
          if (!isCreate(request) || response.status !== 201) return undefined;
          tools.state.created = Number(tools.state.created ?? 0) + 1;
          if (tools.state.created !== 2) return undefined;
          const record = JSON.parse(response.body);
          return { ...response, body: JSON.stringify({ ...record, isLivemode: !record.isLivemode }) };
        },
      },
    },
    {
      name: 'unreadable-target-routed',
      breaks: 'a request target that is not a path (`*`, an unreadable URL) routed as the path `/` and answered 404 instead of 400',
      caughtBy: 'request-target-unreadable',
      levels: full,
      breakage: { request: (request) => (request.path.startsWith('/') ? undefined : { ...request, path: '/' }) },
    },
    {
      name: 'problem-title-varies',
      breaks: 'a validation-failed title that names the first field that failed, so it differs between occurrences',
      caughtBy: 'problem-title-stable',
      levels: full,
      breakage: {
        response: onStatus(422, (response) => {
          const problem = JSON.parse(response.body);
          if (problem.type?.endsWith('/validation-failed')) problem.title = `Validation failed at ${problem.errors?.[0]?.pointer ?? '/'}`;
          return { ...response, body: JSON.stringify(problem) };
        }),
      },
    },
    {
      name: 'callback-timestamp-offset',
      breaks: 'the event timestamp written with a +02:00 offset, not in UTC (the same instant, re-signed)',
      caughtBy: 'callback-delivered',
      levels: both,
      callback: true,
      breakage: {
        callback: changeCallbackEvent(
          (event) => {
            const at = new Date(new Date(event.timestamp).getTime() + 2 * 3_600_000).toISOString();
            event.timestamp = at.replace('Z', '+02:00');
          },
          { secret: callbackSecret },
        ),
      },
    },
    {
      name: 'expired-checkout-completes',
      breaks: 'an expired checkout can still be completed, and then reads back complete (D22: both states are final)',
      caughtBy: 'status-final',
      levels: full,
      callback: true,
      breakage: {
        response: (response, request, tools) => {
          tools.state.expired ??= new Set<string>();
          tools.state.revived ??= new Set<string>();
          const [expired, revived] = [tools.state.expired as Set<string>, tools.state.revived as Set<string>];
          const helper = /^\/sandbox\/v1\/checkouts\/([^/]+)(\/complete|\/expire)?$/.exec(request.path);
          if (!helper) return undefined;
          const [, id, action] = helper;
          if (action === '/expire' && response.status < 300) expired.add(id);
          if (action === '/complete' && expired.has(id)) {
            revived.add(id);
            return { ...response, status: 200, body: JSON.stringify({ ...JSON.parse(response.body), status: 'complete' }) };
          }
          if (action === undefined && revived.has(id))
            return { ...response, body: JSON.stringify({ ...JSON.parse(response.body), status: 'complete' }) };
          return undefined;
        },
      },
    },
    {
      name: 'items-reversed',
      breaks: 'the invoice items of the record in the reverse of the order sent',
      caughtBy: 'amounts-exact',
      levels: full,
      breakage: {
        response: onCreated((r) => {
          r.invoiceItems.reverse();
        }),
      },
    },
    {
      name: 'quantity-not-echoed',
      breaks: "the first item's quantity one more than sent (its amount and the total consistent with it)",
      caughtBy: 'amounts-exact',
      levels: full,
      breakage: {
        response: onCreated((r, q) => {
          const item = r.invoiceItems[0];
          const sent = q.invoice_items[0];
          item.quantity += 1;
          if (sameCode(sent.price_data.currency, q.currency)) item.amount = computeItemAmount(item.quantity, sent.price_data.unit_amount);
          r.amountTotal = computeAmountTotal(r.invoiceItems.map((each: any) => each.amount));
        }),
      },
    },
    {
      name: 'description-unbounded',
      breaks: 'a product description over 1000 characters accepted with 201 (cut to 1000 instead of rejected, D14)',
      caughtBy: 'negative-space-rejected',
      levels: both,
      breakage: {
        request: (request) => {
          const body = createBody(request);
          const product = body?.invoice_items[0]?.price_data?.product_data;
          if (typeof product?.description !== 'string' || product.description.length <= 1000) return undefined;
          product.description = product.description.slice(0, 1000);
          return { ...request, body: JSON.stringify(body) };
        },
      },
    },
    {
      name: 'wrong-type-coded-invalid',
      breaks: 'a value of the wrong JSON type reported with code invalid instead of wrong_type (D2)',
      caughtBy: 'negative-space-coded',
      levels: full,
      breakage: { response: onFieldErrors((error) => (error.code === 'wrong_type' ? { ...error, code: 'invalid' } : error)) },
    },
    {
      name: 'nested-error-on-parent',
      breaks: 'a wrong type inside an invoice item blamed on the item, not the field (D2)',
      caughtBy: 'negative-space-coded',
      levels: full,
      breakage: {
        response: onFieldErrors((error) =>
          error.code === 'wrong_type' && /^\/invoice_items\/0\/./.test(error.pointer) ? { ...error, pointer: '/invoice_items/0' } : error,
        ),
      },
    },
  ];
}

/** Relay each delivery; once the receiver acknowledged it with 2xx, do `then` as well. */
function afterAcknowledged(then: (delivery: ProxiedRequest, tools: DeliveryTools) => unknown): Breakage['deliver'] {
  return async (delivery, tools) => {
    const status = await tools.relay(delivery);
    if (status >= 200 && status < 300) await then(delivery, tools);
    return status;
  };
}

/** Whether this delivery's webhook-id was seen before: a retry. */
function isRepeat(delivery: ProxiedRequest, tools: DeliveryTools): boolean {
  tools.state.seenIds ??= new Set<string>();
  const seen = tools.state.seenIds as Set<string>;
  const id = delivery.headers['webhook-id'];
  if (seen.has(id)) return true;
  seen.add(id);
  return false;
}

const newEventId = () => `msg_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

/** The delivery under the given webhook-id, with a fresh timestamp and a valid signature. */
function resigned(delivery: ProxiedRequest, secret: string, eventId: string): ProxiedRequest {
  const at = new Date();
  const headers = {
    ...delivery.headers,
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, delivery.body),
  };
  return { ...delivery, headers };
}

/** Keep each created checkout's callback_url; when one is expired through the helper, call back as if it completed. */
function callBackOnExpiry(secret: string): Breakage['response'] {
  return async (response, request, tools) => {
    tools.state.callbackUrls ??= new Map<string, string>();
    const callbackUrls = tools.state.callbackUrls as Map<string, string>;
    const body = createBody(request);
    if (body?.callback_url && response.status === 201) callbackUrls.set(JSON.parse(response.body).id, body.callback_url);
    const expired = /^\/sandbox\/v1\/checkouts\/([^/]+)\/expire$/.exec(request.path);
    const url = expired && response.status < 300 ? callbackUrls.get(decodeURIComponent(expired[1])) : undefined;
    if (!url) return undefined;
    const record = await tools.forward({ method: 'GET', path: `/sandbox/v1/checkouts/${expired![1]}`, headers: request.headers, body: '' });
    const event = JSON.stringify({ type: 'checkout.completed', timestamp: new Date().toISOString(), data: JSON.parse(record.body) });
    const delivery = resigned(
      { method: 'POST', path: '', headers: { 'content-type': 'application/json' }, body: event },
      secret,
      newEventId(),
    );
    await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body }).catch(() => undefined);
    return undefined;
  };
}

/** A choice the contract leaves to the implementation: the kit must pass it, with a warning from the named check. */
export interface AllowedChoice {
  name: string;
  chooses: string;
  warnedBy: CheckName;
  breakage: Breakage;
}

/**
 * A service that accepts a line whose amount rounds to 0.00 and makes its record as D13 computes it (amount 0.00): the
 * other answer D29 documents. The sandbox refuses such a line, so the proxy sends it a unit_amount of 1 instead and
 * writes the record back as if made from the request as sent.
 */
export function acceptZeroLines(): Breakage {
  const sent = new Map<string, string>();
  const unitAmount = new RegExp(String(loadContract().components.schemas.UnitAmount.pattern), 'u');
  // Only a valid line: the kit's invalid bodies (unit_amount "0", a quantity of 0) pass through to be refused.
  const roundsToZero = (request: any, item: any) =>
    sameCode(item.price_data.currency, request.currency) &&
    Number.isInteger(item.quantity) &&
    item.quantity >= 1 &&
    unitAmount.test(item.price_data.unit_amount) &&
    computeItemAmount(item.quantity, item.price_data.unit_amount) === '0.00';
  return {
    request: (request) => {
      if (!isCreate(request)) return undefined;
      let body: any;
      try {
        body = JSON.parse(request.body);
      } catch {
        return undefined; // the kit's malformed bodies pass through
      }
      const items = body?.invoice_items;
      const isZeroLine = (item: any) => typeof item?.price_data?.unit_amount === 'string' && roundsToZero(body, item);
      if (typeof body?.currency !== 'string' || !Array.isArray(items) || !items.some(isZeroLine)) return undefined;
      const changed = {
        ...body,
        invoice_items: items.map((item: any) =>
          isZeroLine(item) ? { ...item, price_data: { ...item.price_data, unit_amount: '1' } } : item,
        ),
      };
      const changedBody = JSON.stringify(changed);
      sent.set(changedBody, request.body);
      return { ...request, body: changedBody };
    },
    response: (response, request) => {
      const original = sent.get(request.body);
      if (original === undefined || response.status !== 201) return undefined;
      const asSent = JSON.parse(original);
      const record = JSON.parse(response.body);
      asSent.invoice_items.forEach((item: any, index: number) => {
        if (!roundsToZero(asSent, item)) return;
        record.invoiceItems[index].amount = '0.00';
        record.invoiceItems[index].priceData.unitAmount = item.price_data.unit_amount;
      });
      record.amountTotal = computeAmountTotal(record.invoiceItems.map((item: any) => item.amount));
      return { ...response, body: JSON.stringify(record) };
    },
  };
}

/** A service that answers a create 200 with the record: documented beside 201 (D1), so no warning either. */
export const ANSWERS_200: Breakage = { response: onStatus(201, (response) => ({ ...response, status: 200 })) };

export function buildAllowedChoices(): AllowedChoice[] {
  return [
    {
      name: 'created-202',
      chooses: '202, a 2xx the contract does not document, instead of 201 for a created checkout (D1)',
      warnedBy: 'valid-request-accepted',
      breakage: { response: onStatus(201, (response) => ({ ...response, status: 202 })) },
    },
    {
      name: 'no-request-id',
      chooses: 'no Request-Id header on any answer (D2: an implementation without request ids)',
      warnedBy: 'invalid-body-rejected',
      breakage: { response: (response) => withoutHeader(response, 'request-id') },
    },
    {
      name: 'currency-pair-refused',
      chooses: "a price in another currency refused as currency_pair_unsupported (D8: the account's)",
      warnedBy: 'valid-request-accepted',
      breakage: { response: rejectMixedCurrencies('currency_pair_unsupported') },
    },
    {
      name: 'two-minute-lifetime',
      chooses: "checkouts that live 2 minutes (D21: the lifetime is the account's)",
      warnedBy: 'time-fields',
      breakage: {
        response: onCreated((r) => {
          r.expiresAt = new Decimal(r.createdAt).times(1000).floor().plus(120_000).toFixed(0);
        }),
      },
    },
  ];
}

/** A correct implementation making another allowed choice: the kit must pass it, warning at most (issue 20, item 6). */
export interface CorrectVariant {
  name: string;
  chooses: string;
  breakage: Breakage;
  /** False when its retries do not follow a schedule the kit can be told (--retry-schedule): that check is then
   *  named as not run, and nothing else may be. */
  declaresSchedule?: false;
}

export function buildCorrectVariants(callbackSecret: string): CorrectVariant[] {
  const rotatedSecret = `whsec_${Buffer.from('a-rotated-signing-secret-32-byte').toString('base64')}`;
  return [
    {
      name: 'extra-signatures',
      chooses:
        'webhook-signature carrying a v1 signature under a rotated secret and a v1a entry next to the valid one (D6: receivers skip versions they do not use)',
      breakage: {
        callback: (delivery) => {
          const [timestamp, id] = [delivery.headers['webhook-timestamp'], delivery.headers['webhook-id']];
          const rotated = new Webhook(rotatedSecret).sign(id, new Date(Number(timestamp) * 1000), delivery.body);
          const v1a = `v1a,${Buffer.from(randomUUID().repeat(2)).toString('base64')}`;
          return {
            ...delivery,
            headers: { ...delivery.headers, 'webhook-signature': `${rotated} ${delivery.headers['webhook-signature']} ${v1a}` },
          };
        },
      },
    },
    {
      name: 'first-attempt-later',
      declaresSchedule: false,
      chooses:
        "each event's first attempt made at the service's first retry, a delay later than the completion (a slower callback within the schedule); the delay is the sandbox's own retry timer, nothing waits in the test",
      breakage: {
        deliver: (delivery, tools) => {
          // The attempt the receiver first sees is the sandbox's second: its first is answered 503 here, unseen.
          tools.state.held ??= new Set<string>();
          const held = tools.state.held as Set<string>;
          const id = delivery.headers['webhook-id'];
          if (!held.has(id)) {
            held.add(id);
            return Promise.resolve(503);
          }
          return tools.relay(delivery).catch(() => 502);
        },
      },
    },
    {
      name: 'retry-sooner-than-schedule',
      declaresSchedule: false,
      chooses: 'a retry sent sooner than the schedule for a failed attempt, with the same webhook-id, timestamp and signature refreshed',
      breakage: {
        deliver: async (delivery, tools) => {
          const status = await tools.relay(delivery).catch(() => 502);
          if ((status >= 200 && status < 300) || status === 410) return status;
          // Retry at once from the proxy, as a service with a very short first delay would (but not before a Retry-After
          // the receiver sent, D7: the kit times that wait on its own clock); then tell the sandbox it is done.
          const retryAfterMs = Number(tools.lastReply().headers['retry-after'] ?? 0) * 1000;
          if (retryAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
          await tools.relay(resigned(delivery, callbackSecret, delivery.headers['webhook-id'])).catch(() => 0);
          return 204;
        },
      },
    },
  ];
}
