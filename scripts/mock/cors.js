// The CORS headers Prism 5.14.2 puts on every answer (its default --cors; setCommonCORSHeaders in
// @stoplight/prism-http-server), so that an answer the front makes itself reaches a browser script as Prism's do
// instead of failing as an opaque CORS error. Prism answers preflight requests itself.
export function buildCorsHeaders(requestHeaders) {
  return {
    'access-control-allow-origin': requestHeaders.origin || '*',
    'access-control-allow-headers': requestHeaders['access-control-request-headers'] || '*',
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': requestHeaders['access-control-expose-headers'] || '*',
  };
}
