// Valid requests: each must be answered 2xx with a JSON Checkout, and (at level full) a record that obeys the
// contract's rules for the request that made it. The rules come from the contract's own checker
// (checkCheckoutRules), called without an implementation policy, so only what the contract requires can fail; each
// rule is reported under the check that owns it. Where the contract leaves a choice to the implementation (a 2xx the
// contract does not document: it documents 201 and 200, D1; a currency pair the account refuses, a short lifetime),
// the kit warns and never fails.
import { checkCheckoutRules, type RuleViolation } from '../../contract/checkout-rules.js';
import { computeItemAmount, Decimal, isSameCurrency } from '../../contract/money.js';
import type { CheckDefinition, CheckId } from '../check-definition.js';
import type { CheckModule, CheckStep, RunInputs } from '../check-module.js';
import { generateValidBodies } from '../generate-bodies.js';
import { type Exchange, mediaTypeOf, parseJsonBody } from '../send-request.js';
import { findUndocumentedFields } from '../undocumented-fields.js';
import type { CheckContext } from './check-context.js';
import { formatSchemaErrors, problemViolations, requestIdViolations, requestIdWarnings } from './expect-problem.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const VALID_REQUESTS_CHECKS = [
  {
    name: 'valid-request-accepted',
    level: 'schema',
    source: 'seed: endpoints rule 1; D1; D8',
    title:
      'Valid requests (samples, mixed currencies, generated) → 2xx with JSON; a 2xx the contract does not document (it has 200 and 201), or a refused pair, warns',
    promises: [
      'record.status-open',
      'request.currency-any-case',
      'request.mixed-currencies-accepted',
      'create.201',
      'record.zero-line',
      'request.account-codes',
    ],
  },
  {
    name: 'response-schema',
    level: 'schema',
    source: 'seed: response table; D28',
    title: "The created record is valid against the contract's Checkout schema (undocumented extra fields warn)",
    promises: ['record.camel-case', 'record.money-two-decimals'],
  },
  {
    name: 'status-open',
    level: 'full',
    source: 'seed: endpoints rule 1',
    title: 'A new checkout has status "open"',
    promises: ['record.status-open'],
  },
  {
    name: 'metadata-null',
    level: 'full',
    source: 'D17',
    title: 'A new checkout has metadata null (it cannot be set at creation in v1)',
    promises: ['record.metadata-null-at-creation'],
  },
  {
    name: 'echoes-request',
    level: 'full',
    source: 'seed: endpoints rule 2; D15; D19',
    title: 'Every field the contract says is echoed holds the value sent (null when absent)',
    promises: [
      'record.client-reference-echo',
      'record.currency-echo',
      'record.redirect-urls-echo',
      'record.price-data-echo',
      'record.echoes',
    ],
  },
  {
    name: 'amounts-exact',
    level: 'full',
    source: 'seed: response table; D13',
    title: 'Items priced in the checkout currency: quantity × unit_amount rounded half-up; amountTotal = the exact Σ amount',
    promises: [
      'record.items-in-order',
      'record.amount-total',
      'record.amounts-in-currency',
      'record.item-amount',
      'record.total-exact-sum',
    ],
  },
  {
    name: 'ids-unique',
    level: 'full',
    source: 'seed: response table (id, paymentIntent)',
    title: 'Checkout, payment intent, item and price ids are UUID-shaped and unique across calls',
    promises: ['record.ids-unique'],
  },
  {
    name: 'url-ends-with-id',
    level: 'full',
    source: 'seed: response table, url',
    title: 'url is absolute and its path ends in /checkouts/<id>',
    promises: ['record.id-last-segment', 'record.url-host'],
  },
  {
    name: 'time-fields',
    level: 'full',
    source: 'seed: response table; D21; D22',
    title: 'createdAt, updatedAt in seconds, updatedAt ≥ createdAt; expiresAt in ms, after creation (a lifetime < 5 min warns)',
    promises: ['record.created-at-seconds', 'record.updated-at', 'record.expires-at'],
  },
  {
    name: 'payment-methods-consistent',
    level: 'full',
    source: 'D20',
    title: 'Crypto options exactly when crypto is offered; a chosen crypto pair is among them (other methods may be too)',
    promises: ['record.crypto-offered-when-chosen', 'record.crypto-options-when-offered'],
  },
  {
    name: 'livemode-per-key',
    level: 'full',
    source: 'D23',
    title:
      'Every checkout created with one API key has the same isLivemode: the key decides it (which mode a key is, only its owner knows)',
    promises: ['record.livemode-follows-key'],
  },
] as const satisfies readonly CheckDefinition[];

export interface ValidRequest {
  name: string;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface CreatedCheckout {
  caseName: string;
  request: Record<string, unknown>;
  record: Record<string, any>;
  exchange: Exchange;
}

const RULE_CHECKS: Record<string, CheckId> = {
  'status-open': 'status-open',
  'echo-successUrl': 'echoes-request',
  'echo-cancelUrl': 'echoes-request',
  'echo-clientReferenceId': 'echoes-request',
  'echo-currency': 'echoes-request',
  'echo-priceData': 'echoes-request',
  'items-count': 'amounts-exact',
  'item-quantity': 'amounts-exact',
  'item-amount': 'amounts-exact',
  'amount-total': 'amounts-exact',
  'url-ends-with-id': 'url-ends-with-id',
  'updated-not-before-created': 'time-fields',
  'expires-after-creation': 'time-fields',
  'crypto-options-consistent': 'payment-methods-consistent',
  'chosen-payment-method': 'payment-methods-consistent',
};

const RULE_OWNED_CHECKS: CheckId[] = [
  'status-open',
  'echoes-request',
  'amounts-exact',
  'url-ends-with-id',
  'time-fields',
  'payment-methods-consistent',
];
const CLOCK_SKEW_WARNING_S = 300;
// D21 leaves the lifetime to the account; one this short may close before a customer can pay, so it is worth a word.
const SHORT_LIFETIME_WARNING_MS = 300_000;

export async function checkValidRequests(context: CheckContext, requests: ValidRequest[]): Promise<CreatedCheckout[]> {
  const created: CreatedCheckout[] = [];
  await context.forEachConcurrently(requests, async ({ name, body, headers }) => {
    const exchange = await context.postCreate(body, headers);
    const record = checkCreateResponse(context, name, body, exchange);
    if (record) {
      checkRecordRules(context, name, body, record, exchange);
      if (context.recorder.isActive('metadata-null')) {
        const metadata = record.metadata === undefined ? 'absent' : JSON.stringify(record.metadata);
        const messages = record.metadata === null ? [] : [`metadata is ${metadata}; D17: a new checkout has metadata null`];
        context.recorder.record('metadata-null', name, messages, exchange);
      }
      created.push({ caseName: name, request: body, record, exchange });
    }
  });
  return created;
}

/** valid-request-accepted and response-schema for one answer; the record when there is one to check further. */
function checkCreateResponse(
  context: CheckContext,
  name: string,
  request: Record<string, unknown>,
  exchange: Exchange,
): Record<string, any> | undefined {
  const { recorder, validators } = context;
  const { response } = exchange;
  const allowedRefusal = response ? describeAllowedRefusal(context, request, exchange) : undefined;
  if (response && allowedRefusal) {
    recorder.record('valid-request-accepted', name, [], exchange);
    // A refusal the contract documents for this request (D29) passes as it is; an account's choice (D8) is worth a
    // word, since the kit could not check the record the request makes elsewhere.
    const warnings = [
      ...(allowedRefusal.accountChoice ? [`${allowedRefusal.reason}, so the kit could not check the record this request makes`] : []),
      ...requestIdWarnings(response),
    ];
    if (warnings.length > 0) recorder.warn('valid-request-accepted', name, warnings, exchange);
    return undefined;
  }
  const accepted: string[] = [];
  const notes: string[] = [];
  if (!response) {
    accepted.push(`no response (${exchange.error}); expected 201`);
  } else if (response.status < 200 || response.status >= 300) {
    const problem = parseJsonBody(response) as { detail?: unknown } | undefined;
    const detail = typeof problem?.detail === 'string' ? ` (${problem.detail})` : '';
    accepted.push(`answered ${response.status}${detail}; a valid request must be accepted (D1: 201 Created)`);
  } else if (!context.contract.createSuccessStatuses.includes(response.status)) {
    notes.push(
      `answered ${response.status}; the contract documents ${context.contract.createSuccessStatuses.join(' and ')} (D1), and clients treat any 2xx with a Checkout as success`,
    );
  }
  if (response) {
    if (mediaTypeOf(response.headers) !== 'application/json') {
      accepted.push(`Content-Type is ${JSON.stringify(response.headers['content-type'] ?? null)}; expected application/json`);
    }
    accepted.push(...requestIdViolations(response, context.contract));
    notes.push(...requestIdWarnings(response));
  }
  const record = parseJsonBody(response);
  if (response && record === undefined) accepted.push('the body is not JSON');
  recorder.record('valid-request-accepted', name, accepted, exchange);
  recorder.warn('valid-request-accepted', name, notes, exchange);
  const isSuccess = response !== undefined && response.status >= 200 && response.status < 300;
  if (!isSuccess || !record || typeof record !== 'object' || Array.isArray(record)) return undefined;

  const validate = validators.validatorFor('Checkout');
  const schemaMessages = validate(record) ? [] : [`the body is not a valid Checkout: ${formatSchemaErrors(validate)}`];
  recorder.record('response-schema', name, schemaMessages, exchange);
  const extra = findUndocumentedFields(context.contract.value.document, 'Checkout', record);
  if (extra.length > 0) {
    const warning = `undocumented fields (allowed by D28, but not in the contract): ${extra.join(', ')}`;
    recorder.warn('response-schema', name, [warning], exchange);
  }
  return record as Record<string, any>;
}

/**
 * A refusal the contract lets a service make of a valid request, with its reason and whether it is an account's
 * choice (worth a warning); undefined for any other answer. It is a 422 validation-failed problem whose every field error is `currency_pair_unsupported`
 * (D8: the account's choice) or `too_small` on the `unit_amount` of an item whose amount rounds to 0.00 (D29). Where
 * that item's price is in the checkout's currency the kit checks that it does round to 0.00 (D13); elsewhere the
 * rate is the service's, and the refusal is taken as given.
 */
function describeAllowedRefusal(
  context: CheckContext,
  request: Record<string, unknown>,
  exchange: Exchange,
): { reason: string; accountChoice: boolean } | undefined {
  if (exchange.response?.status !== 422) return undefined;
  if (problemViolations(exchange, { status: 422, slug: 'validation-failed' }, context.contract).length > 0) return undefined;
  const { errors } = parseJsonBody(exchange.response) as { errors?: Array<{ code?: unknown; pointer?: unknown }> };
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const pairs = errors.filter((error) => error?.code === 'currency_pair_unsupported');
  const zeroLines = errors.filter((error) => error?.code === 'too_small' && roundsToZero(request, error.pointer));
  if (pairs.length + zeroLines.length !== errors.length) return undefined;
  const reasons = [
    ...(pairs.length > 0 ? ['currency_pair_unsupported (D8 lets an account refuse a currency or pair)'] : []),
    ...(zeroLines.length > 0 ? ['too_small on a line whose amount rounds to 0.00 (D29 lets a service refuse it)'] : []),
  ];
  return { reason: `refused with 422 ${reasons.join(' and ')}`, accountChoice: pairs.length > 0 };
}

/** Whether `pointer` is an item's unit_amount whose line may round to 0.00: exactly so in the checkout's currency. */
function roundsToZero(request: Record<string, unknown>, pointer: unknown): boolean {
  const index = /^\/invoice_items\/([0-9]+)\/price_data\/unit_amount$/.exec(String(pointer))?.[1];
  const items = request.invoice_items;
  const item = index === undefined || !Array.isArray(items) ? undefined : (items[Number(index)] as Record<string, any> | undefined);
  const price = item?.price_data;
  if (!price || typeof price.unit_amount !== 'string' || !Number.isInteger(item?.quantity)) return false;
  if (!isSameCurrency(String(price.currency), String(request.currency))) return true;
  return computeItemAmount(item?.quantity, price.unit_amount) === '0.00';
}

function checkRecordRules(
  context: CheckContext,
  name: string,
  request: Record<string, unknown>,
  record: Record<string, any>,
  exchange: Exchange,
): void {
  const { recorder, validators } = context;
  let violations: RuleViolation[];
  try {
    violations = checkCheckoutRules(request, record, context.contract.echoed);
  } catch (error) {
    const message = `the record could not be read: ${(error as Error).message}`;
    violations = [{ rule: 'unreadable', source: 'seed: response table', message }];
  }
  const byCheck = new Map<CheckId, string[]>(RULE_OWNED_CHECKS.map((check) => [check, []]));
  for (const violation of violations) {
    const check = RULE_CHECKS[violation.rule];
    if (check) byCheck.get(check)!.push(`${violation.message} [${violation.rule}, ${violation.source}]`);
    else for (const messages of byCheck.values()) messages.push(`${violation.message} [${violation.rule}]`);
  }
  // Time fields in their shapes: the rule above compares them only once both parse.
  const times = byCheck.get('time-fields')!;
  for (const [field, schema] of [
    ['createdAt', 'UnixSeconds'],
    ['updatedAt', 'UnixSeconds'],
    ['expiresAt', 'UnixMillis'],
  ] as const) {
    const validate = validators.validatorFor(schema);
    if (!validate(record[field])) {
      times.push(`${field} is ${JSON.stringify(record[field])}, not in the ${schema} shape (${formatSchemaErrors(validate)})`);
    }
  }
  for (const [check, messages] of byCheck) {
    if (recorder.isActive(check)) recorder.record(check, name, messages, exchange);
  }
  if (recorder.isActive('time-fields')) recorder.warn('time-fields', name, timeWarnings(record), exchange);
}

/** What the contract allows but an integrator would want to know: a clock far off, a lifetime under 5 minutes. */
function timeWarnings(record: Record<string, any>): string[] {
  const warnings: string[] = [];
  const createdAt = Number(record.createdAt);
  const skew = Math.abs(createdAt - Date.now() / 1000);
  if (Number.isFinite(skew) && skew > CLOCK_SKEW_WARNING_S) {
    warnings.push(`createdAt is ${Math.round(skew)} s away from this machine's clock; check the implementation's clock (or this one)`);
  }
  if (/^[0-9]+\.[0-9]+$/.test(record.createdAt ?? '') && /^[0-9]+$/.test(record.expiresAt ?? '')) {
    const lifetimeMs = new Decimal(record.expiresAt).minus(new Decimal(record.createdAt).times(1000).floor());
    if (lifetimeMs.greaterThan(0) && lifetimeMs.lessThan(SHORT_LIFETIME_WARNING_MS)) {
      warnings.push(
        `the checkout lives ${lifetimeMs.dividedBy(1000).toFixed(1)} s; D21 leaves the lifetime to the account, but a customer ` +
          'may not finish paying in under 5 minutes',
      );
    }
  }
  return warnings;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ids-unique over every checkout the run created: each id UUID-shaped, none used twice. */
export function checkIdsUnique(context: CheckContext, created: CreatedCheckout[]): void {
  const seen = new Map<string, string>();
  for (const { caseName, record, exchange } of created) {
    const ids: Array<[string, unknown]> = [
      ['id', record.id],
      ['paymentIntent', record.paymentIntent],
    ];
    (Array.isArray(record.invoiceItems) ? record.invoiceItems : []).forEach((item: any, index: number) => {
      ids.push([`invoiceItems[${index}].id`, item?.id], [`invoiceItems[${index}].price`, item?.price]);
    });
    const messages: string[] = [];
    for (const [field, value] of ids) {
      if (typeof value !== 'string' || !UUID.test(value)) {
        messages.push(`${field} is ${JSON.stringify(value)}, not UUID-shaped`);
        continue;
      }
      const key = value.toLowerCase();
      const earlier = seen.get(key);
      if (earlier) messages.push(`${field} ${value} was already used (${earlier})`);
      else seen.set(key, `${field} of ${caseName}`);
    }
    context.recorder.record('ids-unique', caseName, messages, exchange);
  }
}

/**
 * livemode-per-key over every checkout the run created with CHECKOUT_API_KEY: the key decides live or test (D23), so
 * every record says the same, as the first one does. Which mode that is the kit cannot know; a service that let
 * anything else decide it (the body, the time, chance) gives two answers over the run's many creates.
 */
export function checkLivemodePerKey(context: CheckContext, created: CreatedCheckout[]): void {
  const first = created[0];
  if (!first) return;
  const expected = first.record.isLivemode;
  for (const { caseName, record, exchange } of created) {
    const messages =
      typeof record.isLivemode !== 'boolean'
        ? [`isLivemode is ${JSON.stringify(record.isLivemode ?? null)}, not a boolean`]
        : record.isLivemode === expected
          ? []
          : [
              `isLivemode is ${record.isLivemode}, but ${first.caseName}, created with the same key, has ${expected}: D23, the key decides it`,
            ];
    context.recorder.record('livemode-per-key', caseName, messages, exchange);
  }
}

export const VALID_REQUESTS_MODULE: CheckModule<typeof VALID_REQUESTS_CHECKS> = { checks: VALID_REQUESTS_CHECKS, step: validRequestsStep };

/** The named examples, the first one with a charset parameter, and generated bodies; then the checks over them all. */
function validRequestsStep(context: CheckContext, { samples, first, validateRequest }: RunInputs): CheckStep {
  const { config, recorder } = context;
  return {
    label: 'valid requests',
    run: async () => {
      const valid: ValidRequest[] = [
        ...Object.entries(samples).map(([name, body]) => ({ name: `sample ${name}`, body })),
        {
          name: 'sample usdtOnTron with Content-Type: application/json; charset=utf-8',
          body: first,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        },
        ...generateValidBodies(
          config.seed,
          config.generated,
          validateRequest,
          context.contract.sampleCodes,
          context.contract.value.document,
        ),
      ];
      const created = await checkValidRequests(context, valid);
      if (recorder.isActive('ids-unique')) checkIdsUnique(context, created);
      if (recorder.isActive('livemode-per-key')) checkLivemodePerKey(context, created);
    },
  };
}
