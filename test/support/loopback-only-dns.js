// Tests talk only to loopback (the charter), and no demo calls a real host (issue 30): this refuses every DNS lookup
// of a name that is not this machine's before it leaves, and records it. Installed in each test process
// (vitest.config.ts's setupFiles, test/support/loopback-only-setup.ts fails the test that caused one) and, through
// NODE_OPTIONS=--import (LOOPBACK_ONLY_NODE_OPTIONS), in the mock and the other processes the suites start, where a
// refusal is written to stderr with REFUSAL_MARKER for the test that reads the output. A refused lookup fails as an
// offline one does (ENOTFOUND). Plain JavaScript so that `node --import` loads it on every Node line.
import dns from 'node:dns';
import { isIP } from 'node:net';

export const REFUSAL_MARKER = 'loopback-only-dns: refused a lookup of';

/** `--import` of this file, to add to a child's NODE_OPTIONS. */
export const LOOPBACK_ONLY_NODE_OPTIONS = `--import=${new URL(import.meta.url).href}`;

/** @type {string[]} */
const refused = [];

/**
 * True for names that never leave the machine: localhost and its subdomains (RFC 6761 §6.3) and IP literals, which
 * are no lookup at all.
 * @param {string} hostname
 */
function staysOnThisMachine(hostname) {
  const name = String(hostname).toLowerCase().replace(/\.$/, '');
  return isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost');
}

/** @param {string} hostname */
function refuse(hostname) {
  refused.push(String(hostname));
  if (process.env.LOOPBACK_ONLY_DNS_CHILD === '1') process.stderr.write(`${REFUSAL_MARKER} ${hostname}\n`);
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (${REFUSAL_MARKER.split(': ')[1]} it)`), {
    code: 'ENOTFOUND',
    hostname,
  });
}

const lookup = dns.lookup;
/** @type {typeof dns.lookup} */
const loopbackOnlyLookup = /** @type {any} */ (
  /**
   * @param {string} hostname
   * @param {...any} rest
   */
  function loopbackOnlyLookup(hostname, ...rest) {
    if (staysOnThisMachine(hostname)) return Reflect.apply(lookup, dns, [hostname, ...rest]);
    const callback = rest[rest.length - 1];
    const error = refuse(hostname);
    process.nextTick(() => callback(error));
  }
);
dns.lookup = loopbackOnlyLookup;

const lookupPromise = dns.promises.lookup;
/**
 * @param {string} hostname
 * @param {...any} rest
 */
dns.promises.lookup = /** @type {any} */ (
  async (/** @type {string} */ hostname, /** @type {any[]} */ ...rest) => {
    if (staysOnThisMachine(hostname)) return Reflect.apply(lookupPromise, dns.promises, [hostname, ...rest]);
    throw refuse(hostname);
  }
);

/** The names refused since the last call, which it forgets. */
export function takeRefusedLookups() {
  return refused.splice(0);
}
