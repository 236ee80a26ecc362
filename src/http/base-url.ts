// The reading of a base URL that the tools of this package are given: the conformance kit's --base-url, the proxy's
// upstream, the sandbox's CHECKOUT_PAGE_URL and the testing kit's baseUrl (createFetchSandbox, createCheckoutHandlers).
// A base URL is an absolute http(s) URL; it carries no user or password (a key has its own place, and a URL is
// printed) and no query or fragment (paths are appended to it). Each caller words its own message from the fault, since
// each names its own setting. The client's baseUrl is the one exception: createCheckoutClient checks only that it is
// an absolute http(s) URL (src/client/create-checkout-client.ts), since the client imports nothing from src/http.

/** Why a text is not a base URL, in the order they are checked. */
export type BaseUrlFault = 'not-absolute' | 'not-http' | 'credentials' | 'query-or-fragment';

export type BaseUrlReading =
  /** `scheme://host[:port][/path]`, without a trailing slash. */
  | { baseUrl: string }
  /** `url` is there once the text parses, for a message that names the scheme. */
  | { fault: BaseUrlFault; url?: URL };

export function readBaseUrl(text: string): BaseUrlReading {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { fault: 'not-absolute' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { fault: 'not-http', url };
  if (url.username || url.password) return { fault: 'credentials', url };
  if (url.search || url.hash) return { fault: 'query-or-fragment', url };
  return { baseUrl: url.href.replace(/\/+$/, '') };
}

/** The base URL, or undefined when `text` is not one: for a caller with one message for every fault. */
export function normalizeBaseUrl(text: string): string | undefined {
  const reading = readBaseUrl(text);
  return 'baseUrl' in reading ? reading.baseUrl : undefined;
}
