// The one authentication of every server (src/http/authorization.ts): the sandbox's, which knows its keys, and the
// mock's, which takes any key in the contract's scheme; both refuse in the same words, with the contract's challenge.
import { describe, expect, it } from 'vitest';
import { loadContractValue } from '../../src/contract/contract-value.js';
import { createAuthenticator } from '../../src/http/authorization.js';
import type { ServerRequest } from '../../src/http/exchange.js';
import { createProblems } from '../../src/http/problems.js';
import { CANARY_KEY, OTHER_CANARY_KEY, UNKNOWN_CANARY_KEY } from '../support/canary.js';

const contract = loadContractValue();
const problems = createProblems(contract);
const create = contract.operation('createCheckout');

function withAuthorization(...lines: string[]): ServerRequest {
  return {
    method: 'POST',
    target: '/api/v1/checkouts/',
    headers: lines.length > 0 ? { authorization: lines } : {},
    declaredLength: undefined,
    readBody: async () => ({ ok: true, body: Buffer.alloc(0) }),
  };
}

describe('createAuthenticator', () => {
  const sandbox = createAuthenticator(create, problems, [CANARY_KEY, OTHER_CANARY_KEY]);
  const mock = createAuthenticator(create, problems);

  it('gives the index of the key presented (the scheme in any case), and 0 where any key is taken', () => {
    expect(sandbox(withAuthorization(`Api-Key ${OTHER_CANARY_KEY}`))).toEqual({ keyIndex: 1 });
    expect(sandbox(withAuthorization(`api-key ${CANARY_KEY}`))).toEqual({ keyIndex: 0 });
    expect(mock?.(withAuthorization(`Api-Key ${UNKNOWN_CANARY_KEY}`))).toEqual({ keyIndex: 0 });
  });

  it('refuses an unknown key only where the keys are known, with the challenge and no echo of the key', () => {
    const refused = sandbox(withAuthorization(`Api-Key ${UNKNOWN_CANARY_KEY}`));
    expect(refused.refusal?.headers).toEqual({ 'www-authenticate': 'Api-Key' });
    expect(refused.refusal?.problem.detail).toBe(
      'The API key is unknown or revoked. Check the key the sandbox printed at start or set in CHECKOUT_API_KEYS.',
    );
    expect(JSON.stringify(refused)).not.toContain(UNKNOWN_CANARY_KEY);
  });

  it('refuses a missing header, two headers and another scheme in the same words for both', () => {
    for (const lines of [[], [`Api-Key ${CANARY_KEY}`, `Api-Key ${CANARY_KEY}`], [`Bearer ${CANARY_KEY}`]]) {
      const fromSandbox = sandbox(withAuthorization(...lines));
      expect(fromSandbox.refusal?.problem.status).toBe(401);
      expect(mock?.(withAuthorization(...lines))).toEqual(fromSandbox);
    }
  });

  it('asks nothing of an operation that declares no API key, and refuses keys with nothing to check them against', () => {
    const open = { ...create, apiKeyHeader: undefined };
    expect(createAuthenticator(open, problems)).toBeUndefined();
    expect(() => createAuthenticator(open, problems, [CANARY_KEY])).toThrow(
      "The contract's POST /api/v1/checkouts/ declares no API key to check the keys against.",
    );
  });
});
