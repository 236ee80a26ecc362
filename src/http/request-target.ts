// The request target as both servers route and log it. A client may send it in absolute-form
// (`POST http://user:pass@host/api/v1/checkouts/?token=… HTTP/1.1`, RFC 9112 §3.2.2), which a server must accept
// and route by its path; its user information and query are the caller's secrets (D14) and never reach a log.
import { redactUrls } from './redact.js';

/** The path of a request target, without its query: the path of an absolute-form target, never its host or user. */
export function readRequestPath(target: string): string {
  return readOriginForm(target).split('?')[0] ?? '/';
}

/** The target in origin-form, its path and query: an absolute-form target without its scheme, host and user. */
export function readOriginForm(target: string): string {
  // The usual origin-form target needs no URL parser; absolute-form and odd targets get one.
  if (target.startsWith('/') && !target.startsWith('//')) return target;
  try {
    const url = new URL(target, 'http://request.invalid');
    return `${url.pathname}${url.search}`;
  } catch {
    // Not a URL at all: what it has in the place of a path, with any user information and query cut out.
    return redactUrls(target).split(/[?#]/)[0] ?? '/';
  }
}
