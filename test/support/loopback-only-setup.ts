// Every test file runs with DNS lookups refused off loopback (loopback-only-dns.js); a test that caused one fails,
// naming the hosts, even when it handled the ENOTFOUND it got.
import { afterEach, expect } from 'vitest';
import { takeRefusedLookups } from './loopback-only-dns.js';

afterEach(() => {
  expect(takeRefusedLookups(), 'DNS lookups of names off loopback (tests talk only to loopback)').toEqual([]);
});
