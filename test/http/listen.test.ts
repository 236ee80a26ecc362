// The base URL a banner shows for a server on host:port: the mock's and the sandbox's, from the one formatBaseUrl.
import { describe, expect, it } from 'vitest';
import { formatBaseUrl } from '../../src/http/listen.js';

describe('formatBaseUrl', () => {
  it.each([
    ['127.0.0.1', 'http://127.0.0.1:4010'],
    ['localhost', 'http://localhost:4010'],
    ['::1', 'http://[::1]:4010'],
    // A server on every interface is reached through loopback: 0.0.0.0 and :: are not addresses a client can dial everywhere.
    ['0.0.0.0', 'http://127.0.0.1:4010'],
    ['::', 'http://127.0.0.1:4010'],
  ])('shows a server on %s as %s', (host, url) => {
    expect(formatBaseUrl(host, 4010)).toBe(url);
  });
});
