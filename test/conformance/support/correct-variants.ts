// Correct implementations that make a choice the sandbox has no setting for (issue 20, item 6), built as a proxy in
// front of the sandbox: each keeps every promise of the contract, so the kit must pass it.
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { CheckName } from '../../../src/conformance/check-catalog.js';
import { loadContractValue } from '../../../src/contract/contract-value.js';
import { createProblems, problemAnswer } from '../../../src/http/problems.js';
import { CREATE_PATH } from '../../support/create-path.js';
import type { Breakage, ProxiedRequest, ProxiedResponse } from './broken-proxy.js';
import { createKeysInFlight } from './keys-in-flight.js';

const CONFLICT_PATH = '/__conflict-in-flight';

/** Seen from outside, the 409s it answered: how many, so a test can tell the choice was exercised. */
export interface ConflictCount {
  conflicts: number;
}

/**
 * An implementation that answers `409 idempotency-request-in-progress` (D24) to a request whose Idempotency-Key is
 * held by one still in flight, before doing any work, instead of waiting and replaying as the sandbox does.
 */
export function answerConflictsInFlight(seen: ConflictCount): Breakage {
  const problems = createProblems(loadContractValue());
  const keys = createKeysInFlight();
  return {
    // A refused request never reaches the sandbox: it goes to a path the answer below replaces.
    request: (request) => {
      const key = keys.keyOf(request);
      return key !== undefined && keys.isHeld(key) ? { ...request, path: CONFLICT_PATH } : undefined;
    },
    response: async (_response, request) => {
      if (request.path === CONFLICT_PATH) {
        keys.notify(request.headers['idempotency-key']);
        seen.conflicts += 1;
        const requestId = `urn:uuid:${randomUUID()}`;
        const answer = problemAnswer(problems.idempotencyRequestInProgress(), requestId, { 'request-id': requestId });
        return { status: answer.status, headers: answer.headers, body: answer.body };
      }
      const key = keys.keyOf(request);
      if (key !== undefined) await keys.holdThenFree(key);
      return undefined;
    },
  };
}

/** A correct implementation that writes its answers or callbacks differently from the sandbox (issue 27, item 5): each
 *  keeps every promise, so the kit passes it; `warns` names the checks that may only warn. */
export interface CorrectAnswerVariant {
  name: string;
  chooses: string;
  /** Built with the callback signing secret, for variants that change (and so re-sign) the callback body. */
  breakage(callbackSecret: string): Breakage;
  /** Checks that must warn (and nothing else fail): what the variant chose is worth telling, not failing. */
  warns?: CheckName[];
}

const isCreateAnswer = (request: ProxiedRequest, response: ProxiedResponse) =>
  request.method === 'POST' && request.path === CREATE_PATH && response.status >= 200 && response.status < 300;

/** Every object's keys in reverse order, at any depth (RFC 8259: object members are unordered). */
export function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, child]) => [key, reverseKeys(child)]),
  );
}

/** The same JSON value written with indentation, `\/` and `\u` escapes inside every string (keys included). */
export function escapedAndIndented(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/"(?:[^"\\]|\\.)*"/g, (text) =>
    text.replaceAll('/', '\\/').replace(/[a-e]/g, (letter) => `\\u${letter.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}

/** Rewrite the body of each 2xx create answer and each callback (re-signed over the bytes sent). */
function rewriteBodies(callbackSecret: string, rewrite: (value: any, where: 'created' | 'callback') => string): Breakage {
  return {
    response: (response, request) =>
      isCreateAnswer(request, response) ? { ...response, body: rewrite(JSON.parse(response.body), 'created') } : undefined,
    callback: (delivery) => signed(delivery, rewrite(JSON.parse(delivery.body), 'callback'), callbackSecret),
  };
}

/** The delivery with another body, signed as the implementation would sign it. */
function signed(delivery: ProxiedRequest, body: string, callbackSecret: string): ProxiedRequest {
  const at = new Date(Number(delivery.headers['webhook-timestamp']) * 1000);
  const signature = new Webhook(callbackSecret).sign(delivery.headers['webhook-id'], at, body);
  return { ...delivery, body, headers: { ...delivery.headers, 'webhook-signature': signature } };
}

/** Header names in another capitalisation (RFC 9110 §5.1: field names are case-insensitive); the framing headers the
 *  proxy writes itself are left to it. */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);
const recaseHeaders = (headers: Record<string, string>, recase: (name: string) => string) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [FRAMING.has(name) ? name : recase(name), value]));
const upperCaseHeaders = (headers: Record<string, string>) => recaseHeaders(headers, (name) => name.toUpperCase());
const titleCaseHeaders = (headers: Record<string, string>) =>
  recaseHeaders(headers, (name) => name.replace(/(^|-)([a-z])/g, (letter) => letter.toUpperCase()));

export const CORRECT_VARIANTS: CorrectAnswerVariant[] = [
  {
    name: 'keys-reordered',
    chooses:
      "the callback's data (signed over the bytes sent) and each replayed record with every object's keys in another order than the created record's",
    breakage: (secret) => ({
      response: (response, request) =>
        isCreateAnswer(request, response) && response.headers['idempotent-replayed'] === 'true'
          ? { ...response, body: JSON.stringify(reverseKeys(JSON.parse(response.body))) }
          : undefined,
      callback: (delivery) => signed(delivery, JSON.stringify(reverseKeys(JSON.parse(delivery.body))), secret),
    }),
  },
  {
    name: 'whitespace-and-escapes',
    chooses: 'the created record and the callback written indented, with \\/ and \\u escapes in every string',
    breakage: (secret) => rewriteBodies(secret, (value) => escapedAndIndented(value)),
  },
  {
    name: 'additive-field-changes-at-completion',
    chooses: 'an undocumented field (D26, D28) in the record that changes at completion: "pending" when created, "settled" in the callback',
    breakage: (secret) =>
      rewriteBodies(secret, (value, where) => {
        if (where === 'created') return JSON.stringify({ ...value, settlementState: 'pending' });
        return JSON.stringify({ ...value, data: { ...value.data, settlementState: 'settled' } });
      }),
    warns: ['response-schema', 'callback-verified'],
  },
  {
    name: 'header-case',
    chooses: 'answer headers in upper case and callback headers in title case (field names are case-insensitive)',
    breakage: () => ({
      response: (response) => ({ ...response, headers: upperCaseHeaders(response.headers) }),
      callback: (delivery) => ({ ...delivery, headers: titleCaseHeaders(delivery.headers) }),
    }),
  },
  {
    name: 'chunked-answers',
    chooses: 'every answer with a body sent with Transfer-Encoding: chunked, in two pieces, instead of a Content-Length',
    breakage: () => ({ response: (response) => (response.body === '' ? undefined : { ...response, chunked: true }) }),
  },
  {
    name: 'gzip-answers',
    chooses:
      'every answer with a body compressed with gzip (Content-Encoding: gzip; a request without Accept-Encoding accepts any coding, RFC 9110 §12.5.3)',
    breakage: () => ({ response: (response) => (response.body === '' ? undefined : { ...response, gzip: true }) }),
  },
  {
    name: 'created-200',
    chooses: '200 instead of 201 for a created checkout (D1 documents both, with the same record)',
    breakage: () => ({ response: (response, request) => (isCreateAnswer(request, response) ? { ...response, status: 200 } : undefined) }),
  },
  {
    name: 'no-request-id',
    chooses: 'no Request-Id header on any answer (D2: an implementation without request ids may leave it out)',
    breakage: () => ({
      response: (response) => {
        const { 'request-id': _dropped, ...headers } = response.headers;
        return { ...response, headers };
      },
    }),
    warns: ['invalid-body-rejected'],
  },
];
