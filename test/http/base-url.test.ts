// The one reading of a base URL (the kit's --base-url, the proxy's upstream, CHECKOUT_PAGE_URL, options.baseUrl).
import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl, readBaseUrl } from '../../src/http/base-url.js';
import { CANARY_KEY } from '../support/canary.js';

describe('readBaseUrl', () => {
  it.each([
    ['http://127.0.0.1:4011', 'http://127.0.0.1:4011'],
    ['https://pay.example.test/', 'https://pay.example.test'],
    ['https://api.example.test/prefix//', 'https://api.example.test/prefix'],
    ['HTTP://Example.TEST:80/Base', 'http://example.test/Base'],
  ])('reads %s as %s', (text, baseUrl) => {
    expect(readBaseUrl(text)).toEqual({ baseUrl });
    expect(normalizeBaseUrl(text)).toBe(baseUrl);
  });

  it.each([
    ['not a url', 'not-absolute'],
    ['localhost:8080', 'not-http'],
    ['ftp://example.test', 'not-http'],
    [`http://user:${CANARY_KEY}@example.test`, 'credentials'],
    ['http://example.test/?q=1', 'query-or-fragment'],
    ['http://example.test/#top', 'query-or-fragment'],
  ])('refuses %s: %s', (text, fault) => {
    expect(readBaseUrl(text)).toMatchObject({ fault });
    expect(normalizeBaseUrl(text)).toBeUndefined();
  });

  it('gives the parsed URL with a fault, so that a message can name the scheme', () => {
    const reading = readBaseUrl('ftp://example.test');
    expect('fault' in reading && reading.url?.protocol).toBe('ftp:');
  });
});
