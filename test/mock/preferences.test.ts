// Reading `Prefer` (RFC 7240) and choosing what the mock honours (src/mock/preferences.ts), as pure functions: the
// whole header grammar and every rule of the choice. The answers themselves are tested against the real mock in
// mock-server.test.ts.
import { describe, expect, it } from 'vitest';
import { listOperations } from '../../src/contract/contract-facts.js';
import { choosePreferences, readPreferHeader } from '../../src/mock/preferences.js';
import { CREATE_PATH } from '../support/create-path.js';
import { contract } from './mock-fixtures.js';

const create = listOperations(contract).find((operation) => operation.method === 'POST' && operation.path === CREATE_PATH);

describe('readPreferHeader', () => {
  it.each([
    ['code=429', [['code', '429']]],
    [
      'code=429, example=upperCaseCodes',
      [
        ['code', '429'],
        ['example', 'upperCaseCodes'],
      ],
    ],
    ['CODE = 429 ;x=y', [['code', '429']]],
    [
      'example="a, b; c", dynamic',
      [
        ['example', 'a, b; c'],
        ['dynamic', ''],
      ],
    ],
    ['example="say \\"hi\\""', [['example', 'say "hi"']]],
    ['code=200, code=429', [['code', '200']]],
    [' , ,', []],
  ])('%s', (header, expected) => {
    expect([...readPreferHeader(header)]).toEqual(expected);
  });
});

describe('choosePreferences for the create operation', () => {
  it('knows the statuses and the examples the contract declares for it', () => {
    expect(create?.successStatus).toBe(201);
    // D1: 200 is documented beside 201 with the same record; the mock's own answer is 201.
    expect(Object.fromEntries(create?.responseExamples ?? [])).toMatchObject({
      200: ['usdtOnTron', 'upperCaseCodes', 'mixedCurrencies'],
      201: ['usdtOnTron', 'upperCaseCodes', 'mixedCurrencies'],
      422: ['validationFailed', 'idempotencyKeyReused'],
    });
    expect(create?.responseExamples.has(202)).toBe(false);
  });

  it.each([
    ['code=429', { code: 429 }, []],
    ['code=201, example=mixedCurrencies', { code: 201, exampleKey: 'mixedCurrencies' }, []],
    ['example=upperCaseCodes', { exampleKey: 'upperCaseCodes' }, []],
    ['dynamic=true, seed=7', { dynamic: true, seed: '7' }, []],
    ['code=200', { code: 200 }, []],
    ['code=202', {}, ['code=202']],
    ['code=204', {}, ['code=204']],
    ['code=418', {}, ['code=418']],
    ['code=abc', {}, ['code=abc']],
    ['code=4290', {}, ['code=4290']],
    ['example=nope', {}, ['example=nope']],
    ['code=422, example=usdtOnTron', { code: 422 }, ['example=usdtOnTron']],
    ['code=418, example=upperCaseCodes', { exampleKey: 'upperCaseCodes' }, ['code=418']],
    ['dynamic=maybe, seed=', {}, ['dynamic=maybe', 'seed=']],
    ['return=minimal, respond-async', {}, []],
  ])('Prefer: %s', (prefer, honoured, ignored) => {
    expect(choosePreferences(prefer, CREATE_PATH, create)).toEqual({ honoured, ignored });
  });

  it("reads Prism's query parameters only when there is no Prefer header", () => {
    const target = `${CREATE_PATH}?__code=418&__example=upperCaseCodes&__dynamic=false`;
    expect(choosePreferences(undefined, target, create)).toEqual({
      honoured: { exampleKey: 'upperCaseCodes', dynamic: false },
      ignored: ['code=418'],
    });
    expect(choosePreferences('code=429', target, create)).toEqual({ honoured: { code: 429 }, ignored: [] });
  });

  it('honours nothing for a request to no operation', () => {
    expect(choosePreferences('code=404', '/nowhere', undefined)).toEqual({ honoured: {}, ignored: ['code=404'] });
  });
});
