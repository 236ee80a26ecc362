// Names reserved for documentation and testing, which a callback is never sent to (issue 30). The contract's
// examples, the mock's banner and the guides use `shop.example.com`; a user who pastes one must not see the checkout's
// data leave the machine for whoever answers that name (example.com resolves, and answers). Both servers' one
// transport (post-callback.ts) refuses them before any lookup, and each says so in its log.
//
// Refused: example.com, example.net, example.org and their subdomains (RFC 2606 §3), and the top-level names
// `example`, `test` and `invalid` (RFC 2606 §2, RFC 6761 §6.2, §6.4). Not refused: `localhost` and `*.localhost`
// (RFC 6761 §6.3): they name this machine, and a callback to them is how a demo reaches a receiver of its own.
// `localhost` is resolved as the system resolves it (its hosts file); a `*.localhost` name, which a hosts file rarely
// lists, is resolved to 127.0.0.1 here and never asked of a resolver (post-callback.ts).

const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];
const RESERVED_TOP_LEVEL = ['example', 'test', 'invalid'];

/** The host of a URL as compared here: lower case, without a trailing dot or IPv6 brackets. */
function normalize(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

function isUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The reserved name `hostname` falls under (`example.com`, `.test`…), or null when it may be called. */
export function findReservedName(hostname: string): string | null {
  const host = normalize(hostname);
  const domain = RESERVED_DOMAINS.find((reserved) => isUnder(host, reserved));
  if (domain) return domain;
  const topLevel = RESERVED_TOP_LEVEL.find((reserved) => isUnder(host, reserved));
  return topLevel ? `.${topLevel}` : null;
}

/** True for a subdomain of `localhost` (`shop.localhost`, RFC 6761 §6.3): this machine, though no hosts file says so. */
export function isLocalhostSubdomain(hostname: string): boolean {
  return normalize(hostname).endsWith('.localhost');
}

/** Why a callback was not sent: its host is reserved for documentation. The message holds no part of the URL. */
export class ReservedHostRefusal extends Error {
  constructor(readonly reservedName: string) {
    super(`not sent: the host is under ${reservedName}, reserved for documentation (RFC 2606, RFC 6761); nothing was called`);
    this.name = 'ReservedHostRefusal';
  }
}
