// Valid requests: each must be answered 201 with a JSON Checkout, and (at level full) a record that obeys the seed
// rules for the request that made it. The rules come from the contract's own checker (checkCheckoutRules); each
// rule is reported under the check that owns it.
import { checkCheckoutRules, type RuleViolation } from '../../contract/checkout-rules.js';
import { loadContract } from '../../contract/load-contract.js';
import type { CheckName } from '../check-catalog.js';
import { mediaTypeOf, parseJsonBody, type Exchange } from '../send-request.js';
import { findUndocumentedFields } from '../undocumented-fields.js';
import type { CheckContext } from './check-context.js';
import { formatSchemaErrors } from './expect-problem.js';

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

const RULE_CHECKS: Record<string, CheckName> = {
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
  'updated-equals-created': 'time-fields',
  'expires-after-lifetime': 'time-fields',
  'crypto-options-consistent': 'payment-methods-consistent',
  'chosen-payment-method': 'payment-methods-consistent',
};

const RULE_OWNED_CHECKS: CheckName[] = ['status-open', 'echoes-request', 'amounts-exact', 'url-ends-with-id', 'time-fields', 'payment-methods-consistent'];
const CLOCK_SKEW_WARNING_S = 300;

export async function checkValidRequests(context: CheckContext, requests: ValidRequest[]): Promise<CreatedCheckout[]> {
  const created: CreatedCheckout[] = [];
  await context.forEachConcurrently(requests, async ({ name, body, headers }) => {
    const exchange = await context.postCreate(body, headers);
    const record = checkCreateResponse(context, name, exchange);
    if (record) {
      checkRecordRules(context, name, body, record, exchange);
      created.push({ caseName: name, request: body, record, exchange });
    }
  });
  return created;
}

/** valid-request-accepted and response-schema for one answer; the record when there is one to check further. */
function checkCreateResponse(context: CheckContext, name: string, exchange: Exchange): Record<string, any> | undefined {
  const { recorder, validators } = context;
  const { response } = exchange;
  const accepted: string[] = [];
  if (!response) {
    accepted.push(`no response (${exchange.error}); expected 201`);
  } else if (response.status !== 201) {
    const problem = parseJsonBody(response) as { detail?: unknown } | undefined;
    const detail = typeof problem?.detail === 'string' ? ` (${problem.detail})` : '';
    accepted.push(`answered ${response.status}${detail}; a valid request must be answered 201 Created`);
  }
  if (response && mediaTypeOf(response.headers) !== 'application/json') {
    accepted.push(`Content-Type is ${JSON.stringify(response.headers['content-type'] ?? null)}; expected application/json`);
  }
  const record = parseJsonBody(response);
  if (response && record === undefined) accepted.push('the body is not JSON');
  recorder.record('valid-request-accepted', name, accepted, exchange);
  if (!response || response.status < 200 || response.status >= 300 || !record || typeof record !== 'object' || Array.isArray(record)) return undefined;

  const validate = validators.validatorFor('Checkout');
  recorder.record('response-schema', name, validate(record) ? [] : [`the body is not a valid Checkout: ${formatSchemaErrors(validate)}`], exchange);
  const extra = findUndocumentedFields(loadContract(), 'Checkout', record);
  if (extra.length > 0) recorder.warn('response-schema', name, [`undocumented fields (allowed by D28, but not in the contract): ${extra.join(', ')}`], exchange);
  return record as Record<string, any>;
}

function checkRecordRules(context: CheckContext, name: string, request: Record<string, unknown>, record: Record<string, any>, exchange: Exchange): void {
  const { recorder, validators } = context;
  let violations: RuleViolation[];
  try {
    violations = checkCheckoutRules(request, record);
  } catch (error) {
    violations = [{ rule: 'unreadable', source: 'seed: response table', message: `the record could not be read: ${(error as Error).message}` }];
  }
  const byCheck = new Map<CheckName, string[]>(RULE_OWNED_CHECKS.map((check) => [check, []]));
  for (const violation of violations) {
    const check = RULE_CHECKS[violation.rule];
    if (check) byCheck.get(check)!.push(`${violation.message} [${violation.rule}, ${violation.source}]`);
    else for (const messages of byCheck.values()) messages.push(`${violation.message} [${violation.rule}]`);
  }
  // Time fields in their shapes: the rule above compares them only once both parse.
  const times = byCheck.get('time-fields')!;
  for (const [field, schema] of [['createdAt', 'UnixSeconds'], ['updatedAt', 'UnixSeconds'], ['expiresAt', 'UnixMillis']] as const) {
    const validate = validators.validatorFor(schema);
    if (!validate(record[field])) times.push(`${field} is ${JSON.stringify(record[field])}, not in the ${schema} shape (${formatSchemaErrors(validate)})`);
  }
  for (const [check, messages] of byCheck) {
    if (recorder.isActive(check)) recorder.record(check, name, messages, exchange);
  }
  const skew = Math.abs(Number(record.createdAt) - Date.now() / 1000);
  if (recorder.isActive('time-fields') && Number.isFinite(skew) && skew > CLOCK_SKEW_WARNING_S) {
    recorder.warn('time-fields', name, [`createdAt is ${Math.round(skew)} s away from this machine's clock; check the implementation's clock (or this one)`], exchange);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ids-unique over every checkout the run created: each id UUID-shaped, none used twice. */
export function checkIdsUnique(context: CheckContext, created: CreatedCheckout[]): void {
  const seen = new Map<string, string>();
  for (const { caseName, record, exchange } of created) {
    const ids: Array<[string, unknown]> = [['id', record.id], ['paymentIntent', record.paymentIntent]];
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
