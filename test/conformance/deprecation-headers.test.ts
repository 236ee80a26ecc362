// D26: a deprecated version is announced with Deprecation (RFC 9745) and Sunset (RFC 8594) together. The kit's
// judgement of one answer's headers (checks/deprecation.ts), on the forms a service may send and the ways to break it.
import { describe, expect, it } from 'vitest';
import { deprecationViolations } from '../../src/conformance/checks/deprecation.js';

describe('deprecation-announced judges the headers of one answer', () => {
  it('has nothing to judge on an answer with neither header', () => {
    expect(deprecationViolations({ 'content-type': 'application/json' })).toBeUndefined();
  });

  it('passes both headers in their forms, the sunset after the deprecation', () => {
    expect(deprecationViolations({ deprecation: '@1767225600', sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' })).toEqual([]);
  });

  it('fails a Deprecation without Sunset, and a Sunset without Deprecation', () => {
    expect(deprecationViolations({ deprecation: '@1767225600' })).toEqual([
      'Sunset is null; D26: RFC 8594, an HTTP-date, beside the Deprecation',
    ]);
    expect(deprecationViolations({ sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' })).toEqual([
      'Deprecation is null; D26: RFC 9745, "@" and Unix seconds, beside the Sunset',
    ]);
  });

  it('fails the older draft forms (Deprecation: true, a date) and a sunset before the deprecation', () => {
    expect(deprecationViolations({ deprecation: 'true', sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' })).toEqual([
      'Deprecation is "true"; D26: RFC 9745, "@" and Unix seconds, beside the Sunset',
    ]);
    expect(deprecationViolations({ deprecation: '@1782864000', sunset: 'Thu, 01 Jan 2026 00:00:00 GMT' })).toEqual([
      'Sunset Thu, 01 Jan 2026 00:00:00 GMT is not after the Deprecation date Wed, 01 Jul 2026 00:00:00 GMT',
    ]);
  });
});
