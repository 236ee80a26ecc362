// The request target as both servers read it, route it and log it: one reading, so that one target gets one answer
// from the mock, the sandbox and the fetch sandbox (D3). It is read as the WHATWG URL parser reads it, the parser
// fetch itself uses: dot segments are removed (`/api/v1/x/../checkouts/` and `%2e%2e` are `/api/v1/checkouts/`,
// RFC 3986 §5.2.4), a fragment is dropped, and other percent-encoding is kept as sent. A client may send the target
// in absolute-form (`POST http://user:pass@host/api/v1/checkouts/?token=… HTTP/1.1`, RFC 9112 §3.2.2), which is routed
// by its path; its user information and query are the caller's secrets (D14) and are never kept here for a log. A
// target that is neither a path nor an http(s) URL a parser reads (`http://us'er:pw@[/…`, `*`, `host:443`) is not
// readable: both servers answer it with 400 bad-request, as RFC 9112 §3 has a server answer an invalid request line.

/** The detail of the 400 every server answers an unreadable target with. */
export const UNREADABLE_TARGET_DETAIL = 'The request target is neither a path nor an http(s) URL that can be read; send the path alone.';

/** A request target read: its normalised path and its query (with its `?`, or ''), or unreadable. */
export type RequestTarget = { readable: true; path: string; query: string } | { readable: false };

// The origin every origin-form target is read against; never contacted.
const READING_ORIGIN = 'http://request.invalid';

export function readRequestTarget(target: string): RequestTarget {
  try {
    // An origin-form target is appended to an origin rather than resolved against it, so that `//x/y` stays a path
    // (RFC 9112 §3.2.1) instead of becoming the host `x`.
    const url = target.startsWith('/') ? new URL(`${READING_ORIGIN}${target}`) : new URL(target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { readable: false };
    return { readable: true, path: url.pathname, query: url.search };
  } catch {
    return { readable: false };
  }
}

/** What a log line shows of a target: its normalised path, never its host, user information, query or fragment. */
export function describeTargetForLog(target: RequestTarget): string {
  return target.readable ? target.path : '(a request target that is not a path or an http URL)';
}
