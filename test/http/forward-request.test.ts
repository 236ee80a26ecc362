// Which header lines a forwarder passes on (RFC 9110 §7.6.1), as a pure function.
import { describe, expect, it } from 'vitest';
import { keepEndToEnd } from '../../src/http/forward-request.js';

describe('keepEndToEnd', () => {
  it('keeps end-to-end lines as sent, repeated ones included, in their order and case', () => {
    expect(keepEndToEnd(['Authorization', 'Api-Key k', 'X-A', '1', 'x-a', '2', 'Set-Cookie', 'a=1'])).toEqual([
      'Authorization',
      'Api-Key k',
      'X-A',
      '1',
      'x-a',
      '2',
      'Set-Cookie',
      'a=1',
    ]);
  });

  it('leaves out the hop-by-hop headers, those the Connection header names, and those asked for', () => {
    const raw = [
      'Connection',
      'keep-alive, X-Hop',
      'Keep-Alive',
      'timeout=5',
      'Transfer-Encoding',
      'chunked',
      'TE',
      'trailers',
      'Trailer',
      'X-T',
      'Upgrade',
      'h2c',
      'Proxy-Authorization',
      'Basic x',
      'Proxy-Connection',
      'keep-alive',
      'x-hop',
      'gone',
      'Host',
      'client.invalid',
      'Content-Type',
      'application/json',
    ];
    expect(keepEndToEnd(raw, ['host'])).toEqual(['Content-Type', 'application/json']);
  });
});
