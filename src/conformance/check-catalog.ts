// Every check the kit runs: a stable name (scripts and CI may key on it), what it promises, the seed rule or
// decision it enforces, and the lowest level it runs at. `schema` checks are those a static mock of the contract can
// pass; `full` adds what only a working implementation can (echoes, arithmetic, state, unique ids, signatures).
// A check fails only on what the contract requires; where the contract leaves a choice to the implementation
// (docs/decisions.md, "What the sandbox chooses"), it warns at most. Every problem answer is judged the same way
// (checks/expect-problem.ts): status, media type, Problem schema with coded field errors, instance = Request-Id.
import type { Level } from './conformance-config.js';

export interface CheckDefinition {
  name: string;
  title: string;
  source: string;
  level: Level;
  /** Runs only when the kit's callback receiver can be reached (a loopback target, or --callback-host). */
  needsCallback?: boolean;
  /** Verifies signatures, so runs only with CHECKOUT_CALLBACK_SECRET. */
  needsSecret?: boolean;
  /** Runs only with CHECKOUT_API_KEY_2: a second key of the same service. */
  needsSecondKey?: boolean;
  /** Runs only with --retry-schedule: the service's configured retry delays. */
  needsRetrySchedule?: boolean;
  /** What the verdict calls this check's group when all of it is not run ("callbacks not checked"). */
  area?: string;
}

export const CHECKS = [
  {
    name: 'create-path-served',
    level: 'schema',
    source: 'D27',
    title:
      'The create operation answers at /api/v1/checkouts/, trailing slash included; one served only without the slash fails (the other checks then do not run)',
  },
  {
    name: 'valid-request-accepted',
    level: 'schema',
    source: 'seed: endpoints rule 1; D1; D8',
    title:
      'Valid requests (samples, mixed currencies, generated) → 2xx with JSON; a 2xx the contract does not document (it has 200 and 201), or a refused pair, warns',
  },
  {
    name: 'response-schema',
    level: 'schema',
    source: 'seed: response table; D28',
    title: "The created record is valid against the contract's Checkout schema (undocumented extra fields warn)",
  },
  { name: 'status-open', level: 'full', source: 'seed: endpoints rule 1', title: 'A new checkout has status "open"' },
  {
    name: 'metadata-null',
    level: 'full',
    source: 'D17',
    title: 'A new checkout has metadata null (it cannot be set at creation in v1)',
  },
  {
    name: 'echoes-request',
    level: 'full',
    source: 'seed: endpoints rule 2; D15; D19',
    title: 'every field the contract says is echoed holds the value sent (null when absent)',
  },
  {
    name: 'amounts-exact',
    level: 'full',
    source: 'seed: response table; D13',
    title: 'Items priced in the checkout currency: quantity × unit_amount rounded half-up; amountTotal = the exact Σ amount',
  },
  {
    name: 'ids-unique',
    level: 'full',
    source: 'seed: response table (id, paymentIntent)',
    title: 'Checkout, payment intent, item and price ids are UUID-shaped and unique across calls',
  },
  {
    name: 'url-ends-with-id',
    level: 'full',
    source: 'seed: response table, url',
    title: 'url is absolute and its path ends in /checkouts/<id>',
  },
  {
    name: 'time-fields',
    level: 'full',
    source: 'seed: response table; D21; D22',
    title: 'createdAt, updatedAt in seconds, updatedAt ≥ createdAt; expiresAt in ms, after creation (a lifetime < 5 min warns)',
  },
  {
    name: 'payment-methods-consistent',
    level: 'full',
    source: 'D20',
    title: 'Crypto options exactly when crypto is offered; a chosen crypto pair is among them (other methods may be too)',
  },
  {
    name: 'auth-missing-key',
    level: 'schema',
    source: 'seed: authentication; D23',
    title: 'No Authorization header → 401 problem with WWW-Authenticate: Api-Key',
  },
  {
    name: 'auth-wrong-scheme',
    level: 'full',
    source: 'seed: authentication rule 1; D23',
    title: 'A key sent under another scheme (Bearer, Basic, none) → 401 problem',
  },
  { name: 'auth-unknown-key', level: 'full', source: 'D23', title: 'An unknown key → 401 problem that does not echo the key' },
  {
    name: 'invalid-body-rejected',
    level: 'schema',
    source: 'D2; D3; D4; D10–D14',
    title: "Invalid bodies (the contract's table and generated ones) → 422 validation-failed problem; never 2xx or 5xx",
  },
  {
    name: 'error-names-field',
    level: 'full',
    source: 'D2',
    title: 'A validation-failed problem names the offending field in errors[].pointer',
  },
  { name: 'wrong-media-type-rejected', level: 'schema', source: 'D3', title: 'A body not sent as application/json → 415 problem' },
  { name: 'malformed-json-rejected', level: 'schema', source: 'D3', title: 'A body that is not JSON → 400 malformed-json problem' },
  { name: 'oversized-body-rejected', level: 'full', source: 'D3; D14', title: 'A body over 1 MiB → 413 problem' },
  {
    name: 'idempotent-replay',
    level: 'full',
    source: 'D24',
    title:
      'Same Idempotency-Key and body replays the checkout; another body → 422 idempotency-key-reused; a key of 255 visible characters is taken',
  },
  {
    name: 'key-never-echoed',
    level: 'schema',
    source: 'seed: authentication rule 2; D23',
    title: 'No response, header or body, contains the API key',
  },
  {
    name: 'callback-delivered',
    level: 'schema',
    source: 'seed: events rule 1; D5; D6',
    needsCallback: true,
    title: 'The completion callback arrives as a POST of a CheckoutCompletedEvent with Standard Webhooks headers',
  },
  {
    name: 'callback-verified',
    level: 'full',
    source: 'D5; D6; D22',
    needsCallback: true,
    needsSecret: true,
    title: "The callback's signature verifies with the signing secret and its data is the completed checkout",
  },
  {
    name: 'idempotent-concurrent',
    level: 'full',
    source: 'D24',
    title: 'Requests sent at once with one Idempotency-Key make one checkout: each answer is it (replayed) or 409 in progress',
  },
  {
    name: 'method-not-allowed',
    level: 'schema',
    source: 'D3',
    title: 'GET, PUT, PATCH and DELETE on the create path → 405 problem whose Allow lists POST',
  },
  { name: 'unknown-path-not-found', level: 'schema', source: 'D3', title: 'An unknown path under /api/v1 → 404 problem' },
  {
    name: 'head-not-allowed',
    level: 'schema',
    source: 'D3',
    title: 'HEAD on the create path → 405 whose Allow lists POST (a HEAD answer has no body to judge)',
  },
  {
    name: 'idempotency-per-key',
    level: 'full',
    source: 'D24',
    needsSecondKey: true,
    title: "An Idempotency-Key used under one API key, sent under another with the same body, creates that key's own checkout",
  },
  {
    name: 'problem-title-stable',
    level: 'full',
    source: 'D2',
    title: "Every problem document of one type carries the same title (Problem.yaml: the type's short summary)",
  },
  {
    name: 'request-id-urn',
    level: 'full',
    source: 'D2',
    title: 'Every Request-Id header is exactly urn:uuid:<uuid> (an answer without one only warns elsewhere)',
  },
  {
    name: 'negative-space-rejected',
    level: 'schema',
    source: 'D2; D3; D4; D8–D14; D20',
    title: "Each field of the request broken one way at a time (from the contract's schema) → 422 validation-failed problem",
  },
  {
    name: 'negative-space-coded',
    level: 'full',
    source: 'D2',
    title: "That 422 names the broken field in errors[].pointer with the contract's code for the broken rule",
  },
  // The asynchronous half (issue 20): retries, de-duplication and expiry, all waiting at once (checks/callback-*.ts).
  {
    name: 'callback-retried',
    level: 'full',
    source: 'D6; D7',
    needsCallback: true,
    needsSecret: true,
    title:
      'A first attempt answered 503, one answered 302 (not followed), and one ended without an answer, is retried within the first delay and its jitter (5.5 s), with the same webhook-id and body, a fresh webhook-timestamp and a valid signature',
  },
  {
    name: 'callback-retry-schedule',
    level: 'full',
    source: 'D7',
    needsCallback: true,
    needsRetrySchedule: true,
    title: 'Every attempt failed: one retry per delay of --retry-schedule, each within its delay and jitter, then no more (it gives up)',
  },
  {
    name: 'callback-retry-stops-on-410',
    level: 'full',
    source: 'D7',
    needsCallback: true,
    title: 'A first attempt answered 410 Gone is not retried (listened for the retry wait after the 410)',
  },
  {
    name: 'callback-retry-after',
    level: 'full',
    source: 'D7',
    needsCallback: true,
    title:
      'A first attempt answered 503 with a Retry-After longer than the retry wait is retried no sooner than the Retry-After, and within the retry wait after it',
  },
  {
    name: 'callback-ids-unique',
    level: 'full',
    source: 'D6; D7',
    needsCallback: true,
    title: 'Each completed checkout is announced under a webhook-id of its own',
  },
  {
    name: 'callback-not-redelivered',
    level: 'full',
    source: 'D7',
    needsCallback: true,
    title:
      'An event acknowledged with 2xx is not delivered again, under its webhook-id or another (listened for the retry wait after the ack)',
  },
  {
    name: 'status-final',
    level: 'full',
    source: 'D22',
    needsCallback: true,
    title:
      'A completed checkout reads back complete and an expired one expired (through --read-path), and neither changes when driven the other way',
  },
  {
    name: 'callback-none-on-expiry',
    level: 'full',
    source: 'D5; D22',
    needsCallback: true,
    title: 'A checkout with a callback_url that expires (driven through --expire-path) sends no callback (listened for the retry wait)',
  },
] as const satisfies readonly CheckDefinition[];

export type CheckName = (typeof CHECKS)[number]['name'];

/** The group a check belongs to in the verdict: its own area, or "callbacks" for the callback checks. */
export function areaOf(check: CheckDefinition): string | undefined {
  return check.area ?? (check.needsCallback ? 'callbacks' : undefined);
}

/** Whether a check runs at the given level (schema checks run at full too). */
export function runsAtLevel(check: CheckDefinition, level: Level): boolean {
  return level === 'full' || check.level === 'schema';
}
