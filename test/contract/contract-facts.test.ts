// The one contract-facts module (issue 22): the create operation's path, method and auth scheme, the problem
// templates, the Idempotency-Key rule compiled from its header schema and the one `$ref` resolver, each read from the
// bundled contract, with the exact values the contract holds. The sandbox and the kit take them from here: a contract
// with another path or challenge moves the sandbox's route and 401 with it.
import { afterAll, describe, expect, it } from 'vitest';
import { seedSamples } from '../../src/conformance/contract-samples.js';
import {
  compilePathPattern,
  createRequestIdMaker,
  findOperation,
  readAuthScheme,
  readProblemExamples,
  readProblemTemplates,
  readRequestIdExample,
} from '../../src/contract/contract-facts.js';
import { compileHeaderRule, createContract } from '../../src/contract/contract-value.js';
import { loadContract, type OpenApiDocument, resolveRef } from '../../src/contract/load-contract.js';
import { fromFetchArguments } from '../../src/http/fetch-exchange.js';
import { readSandboxConfig } from '../../src/sandbox/config/read-sandbox-config.js';
import { createSandboxCore } from '../../src/sandbox/sandbox-core.js';
import { readValidCreateBody } from '../support/bad-inputs.js';
import { CANARY_KEY } from '../support/canary.js';
import { CREATE_PATH } from '../support/create-path.js';

const contract = loadContract();
const create = findOperation(contract, 'createCheckout');
const PROBLEMS = 'https://api.checkout.example/problems/';

describe('the create operation', () => {
  it('is POST /api/v1/checkouts/, keyed by the Authorization header in the Api-Key scheme', () => {
    expect([create.operationId, create.method, create.path]).toEqual(['createCheckout', 'POST', '/api/v1/checkouts/']);
    expect(create.apiKeyHeader).toBe('authorization');
    expect(create.authChallenge).toBe('Api-Key');
    expect(readAuthScheme(create)).toBe('Api-Key');
    expect(create.successStatus).toBe(201);
  });

  it('matches its own path only, the trailing slash included', () => {
    expect(create.pathPattern.test('/api/v1/checkouts/')).toBe(true);
    expect(create.pathPattern.test('/api/v1/checkouts')).toBe(false);
    expect(create.pathPattern.test('/api/v1/checkouts/x')).toBe(false);
  });

  it("reads a path template's parameters as groups, in order: the sandbox's helper routes take their id from the first", () => {
    const pattern = compilePathPattern('/sandbox/v1/checkouts/{id}/complete');
    expect(pattern.exec('/sandbox/v1/checkouts/chk_1/complete')?.slice(1)).toEqual(['chk_1']);
    expect(pattern.test('/sandbox/v1/checkouts//complete')).toBe(false);
    expect(pattern.test('/sandbox/v1/checkouts/a/b/complete')).toBe(false);
  });

  it('is the path the conformance kit sends to, and the source of its seed samples', () => {
    expect(CREATE_PATH).toBe('/api/v1/checkouts/');
    expect(Object.keys(seedSamples(loadContract()))).toEqual(['usdtOnTron', 'upperCaseCodes', 'mixedCurrencies']);
    expect(seedSamples(loadContract()).usdtOnTron).toEqual(create.requestExamples.find((example) => example.name === 'usdtOnTron')?.value);
  });

  it('is named, not guessed: an unknown operation or a missing challenge fails at start-up', () => {
    expect(() => findOperation(contract, 'deleteCheckout')).toThrow('The contract has no operation "deleteCheckout".');
    expect(() => readAuthScheme({ ...create, authChallenge: undefined })).toThrow(
      "The contract's POST /api/v1/checkouts/ declares no WWW-Authenticate challenge.",
    );
  });
});

describe('problem templates', () => {
  it('are every problem type the contract gives an example of, with its title and status', () => {
    expect(Object.fromEntries(readProblemTemplates(contract))).toEqual({
      'service-unavailable': { type: `${PROBLEMS}service-unavailable`, title: 'Service unavailable', status: 503 },
      'malformed-json': { type: `${PROBLEMS}malformed-json`, title: 'Malformed JSON', status: 400 },
      unauthorized: { type: `${PROBLEMS}unauthorized`, title: 'Unauthorized', status: 401 },
      'not-found': { type: `${PROBLEMS}not-found`, title: 'Not found', status: 404 },
      'method-not-allowed': { type: `${PROBLEMS}method-not-allowed`, title: 'Method not allowed', status: 405 },
      'idempotency-request-in-progress': {
        type: `${PROBLEMS}idempotency-request-in-progress`,
        title: 'Idempotency request in progress',
        status: 409,
      },
      'payload-too-large': { type: `${PROBLEMS}payload-too-large`, title: 'Payload too large', status: 413 },
      'unsupported-media-type': { type: `${PROBLEMS}unsupported-media-type`, title: 'Unsupported media type', status: 415 },
      'validation-failed': { type: `${PROBLEMS}validation-failed`, title: 'Validation failed', status: 422 },
      'idempotency-key-reused': { type: `${PROBLEMS}idempotency-key-reused`, title: 'Idempotency key reused', status: 422 },
      'rate-limited': { type: `${PROBLEMS}rate-limited`, title: 'Too many requests', status: 429 },
      'internal-error': { type: `${PROBLEMS}internal-error`, title: 'Internal error', status: 500 },
    });
  });

  it('are read from a response its named examples and all, and a response without problem content has none', () => {
    const examples = readProblemExamples(contract, contract.components.responses.ValidationFailed) as Array<{ type: string }>;
    expect(examples.map((example) => example.type)).toEqual([`${PROBLEMS}validation-failed`, `${PROBLEMS}idempotency-key-reused`]);
    expect(readProblemExamples(contract, resolveRef(contract, contract.paths['/api/v1/checkouts/'].post.responses['201']))).toBeUndefined();
  });
});

describe('the Idempotency-Key rule, compiled from its header schema', () => {
  const schema = create.headerSchemas['idempotency-key'];
  const contractValue = createContract(contract);
  const isBad = compileHeaderRule(contractValue.validators, schema);
  const rule = contractValue.idempotencyKey as NonNullable<typeof contractValue.idempotencyKey>;

  it('is the schema the contract declares', () => {
    expect(schema).toEqual({
      type: 'string',
      description: '1 to 255 visible ASCII characters (no spaces or control characters).',
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7E]+$',
    });
  });

  const accepted: Array<[label: string, value: string]> = [
    ["the contract's example", '5f0c8a52-3b1e-4d1a-9f43-2a7f6d0c1e88'],
    ['one character', 'a'],
    ['255 characters', 'k'.repeat(255)],
    ['the edges of visible ASCII', '!~'],
  ];
  it.each(accepted)('accepts %s', (_label, value) => {
    expect(isBad([value])).toBe(false);
    expect(rule.isBad([value])).toBe(false);
  });

  const refused: Array<[label: string, lines: string[]]> = [
    ['an empty value', ['']],
    ['256 characters', ['k'.repeat(256)]],
    ['a space', ['two words']],
    ['a non-ASCII letter', ['clé']],
    ['a control character', ['a\u007fb']],
    ['two lines, each valid alone', ['a', 'b']],
  ];
  it.each(refused)('refuses %s', (_label, lines) => {
    expect(isBad(lines)).toBe(true);
    expect(rule.isBad(lines)).toBe(true);
  });

  it('lets an absent header pass, and words its refusal with the schema bounds', () => {
    expect(isBad(undefined)).toBe(false);
    expect(rule.isBad(undefined)).toBe(false);
    expect(rule.detail).toBe('The Idempotency-Key header must be one value of 1 to 255 visible ASCII characters, such as a UUID.');
  });
});

describe('the Request-Id maker', () => {
  const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

  it("makes a fresh id shaped like the contract's example, urn:uuid: and a UUID", () => {
    expect(readRequestIdExample(contract)).toBe('urn:uuid:0d3c7f7e-8a4b-4f0e-9a55-6f2b1c9d7e10');
    const createRequestId = createRequestIdMaker(contract) as () => string;
    const [first, second] = [createRequestId(), createRequestId()];
    expect(first).toMatch(new RegExp(`^urn:uuid:${UUID}$`));
    expect(second).toMatch(new RegExp(`^urn:uuid:${UUID}$`));
    expect(second).not.toBe(first);
  });

  it('is undefined for a contract whose responses give no Request-Id example', () => {
    const bare = structuredClone(contract) as OpenApiDocument;
    delete (bare.components.headers.RequestId as { example?: string }).example;
    expect(createRequestIdMaker(bare)).toBeUndefined();
  });
});

describe('resolveRef, the one $ref resolver', () => {
  it('follows a reference to its target itself when nothing is written beside it', () => {
    const reference = contract.components.responses.Unauthorized.headers['WWW-Authenticate'];
    expect(reference).toEqual({ $ref: '#/components/headers/WwwAuthenticate' });
    expect(resolveRef(contract, reference)).toBe(contract.components.headers.WwwAuthenticate);
  });

  it('keeps the keywords written beside a reference over the target', () => {
    const resolved = resolveRef(contract, { $ref: '#/components/headers/WwwAuthenticate', description: 'Written beside.' });
    expect(resolved).toEqual({ ...contract.components.headers.WwwAuthenticate, description: 'Written beside.' });
  });
});

describe('the sandbox routes and authenticates from the facts', () => {
  // The contract with the create call moved and another scheme: the sandbox follows it, typing neither.
  const moved = structuredClone(contract) as OpenApiDocument;
  moved.paths = { '/api/v2/sessions/': contract.paths['/api/v1/checkouts/'] };
  moved.components.headers.WwwAuthenticate = { schema: { type: 'string', const: 'Shop-Key' }, example: 'Shop-Key' };
  moved.components.headers.RequestId.example = 'req-0d3c7f7e-8a4b-4f0e-9a55-6f2b1c9d7e10';
  const core = createSandboxCore({
    policies: readSandboxConfig({ CHECKOUT_API_KEYS: CANARY_KEY }),
    contract: createContract(moved),
    log: () => {},
  });
  afterAll(() => core.close());
  const post = (path: string, authorization: string) =>
    core.answer(
      fromFetchArguments(new URL(`https://sandbox.test${path}`), {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(readValidCreateBody()),
      })!,
    );

  it('serves the create call at the contract path, in its scheme, with Request-Ids in the form of its example', async () => {
    const created = await post('/api/v2/sessions/', `Shop-Key ${CANARY_KEY}`);
    expect(created.status).toBe(201);
    expect(created.headers['request-id']).toMatch(/^req-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await post('/api/v1/checkouts/', `Shop-Key ${CANARY_KEY}`)).status).toBe(404);
  });

  it('answers another scheme 401 with the contract challenge', async () => {
    const answer = await post('/api/v2/sessions/', `Api-Key ${CANARY_KEY}`);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Shop-Key');
    expect(JSON.parse(answer.body).detail).toBe(
      "The Authorization header does not use the Shop-Key scheme. Send 'Authorization: Shop-Key <API_KEY>'.",
    );
  });

  it('refuses at start-up a contract whose create call declares no 401 challenge, so no route answers 401 without one', () => {
    const unchallenged = structuredClone(contract) as OpenApiDocument;
    delete unchallenged.components.responses.Unauthorized.headers['WWW-Authenticate'];
    const policies = readSandboxConfig({ CHECKOUT_API_KEYS: CANARY_KEY });
    expect(() => createSandboxCore({ policies, contract: createContract(unchallenged), log: () => {} })).toThrow(
      "The contract's POST /api/v1/checkouts/ declares no WWW-Authenticate challenge.",
    );
  });
});
