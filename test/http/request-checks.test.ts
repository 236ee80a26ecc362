// The front's own checks as pure functions: the Authorization header's lines, the 413 and 422 details, the media
// type rule and the JSON body. The HTTP suites check the same rules against the real process (mock-resilience,
// bad-inputs-agree); the mock's depth cut has its own suite (test/mock/cut-deep-values.test.ts).
import { describe, expect, it } from 'vitest';
import { describeCredentialsProblem } from '../../src/http/authorization.js';
import { describePayloadTooLarge, describeValidationFailed } from '../../src/http/problems.js';
import { decodeRequestJson, isAcceptedMediaType } from '../../src/http/request-body.js';

describe('describeCredentialsProblem', () => {
  it('accepts one header in the scheme, the scheme word in any case', () => {
    expect(describeCredentialsProblem(['Api-Key k1'], 'Api-Key')).toBeUndefined();
    expect(describeCredentialsProblem(['api-key\tk1 '], 'Api-Key')).toBeUndefined();
  });

  it.each([
    ['no header', undefined, /is missing/],
    ['an empty header', [' '], /is missing/],
    ['two headers, whatever they hold', ['Api-Key k1', 'Api-Key k1'], /has 2 Authorization headers; send exactly one/],
    ['another scheme', ['Bearer k1'], /does not use the Api-Key scheme/],
    ['the scheme word alone', ['Api-Key'], /does not use the Api-Key scheme/],
    ['a key with a space in it', ['Api-Key k1 k2'], /does not use the Api-Key scheme/],
  ])('refuses %s', (_name, values, reason) => {
    expect(describeCredentialsProblem(values, 'Api-Key')).toMatch(reason);
  });
});

// The one place these sentences are spelled out: every other suite asks the functions both servers use.
describe('the body-level details of 413 and 422', () => {
  it('413: the size when known, the limit and what to do', () => {
    expect(describePayloadTooLarge(1_048_577)).toBe(
      'The request body is 1048577 bytes or more; the limit is 1048576 bytes (1 MiB). Send fewer or shorter items.',
    );
    for (const unknown of [undefined, 1_048_576]) {
      expect(describePayloadTooLarge(unknown)).toBe(
        'The request body is too large; the limit is 1048576 bytes (1 MiB). Send fewer or shorter items.',
      );
    }
  });

  it("422: how many fields (each is in errors), as the contract's example says it", () => {
    expect(describeValidationFailed(1)).toBe('The request body has 1 invalid field.');
    expect(describeValidationFailed(3)).toBe('The request body has 3 invalid fields.');
  });
});

describe('isAcceptedMediaType', () => {
  const json = ['application/json'];
  it.each([
    'application/json',
    'Application/JSON',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/json; charset="utf-8"',
  ])('accepts %s', (type) => {
    expect(isAcceptedMediaType(type, json)).toBe(true);
  });
  it.each([
    undefined,
    '',
    'text/plain',
    'application/merge-patch+json',
    'application/json; charset=latin1',
    'application/json; charset=utf8',
    'application/json; charset=utf-16',
    'application/json; charset=',
  ])('refuses %s', (type) => {
    expect(isAcceptedMediaType(type, json)).toBe(false);
  });
});

describe('decodeRequestJson', () => {
  it('refuses invalid UTF-8 before parsing, and never quotes the body in its reason', () => {
    const notUtf8 = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
    expect(decodeRequestJson(notUtf8)).toEqual({ ok: false, reason: 'it is not valid UTF-8' });
    expect(decodeRequestJson(Buffer.from(' \n'))).toEqual({ ok: false, reason: 'it is empty' });
    const broken = decodeRequestJson(Buffer.from('{"secret-looking": tru'));
    expect(broken.ok).toBe(false);
    expect(JSON.stringify(broken)).not.toContain('secret-looking');
    expect(decodeRequestJson(Buffer.from('{"日本":[1]}'))).toEqual({ ok: true, value: { 日本: [1] } });
  });
});
