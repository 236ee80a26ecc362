// Secrets (the API key, the callback signing secret, the credentials a URL can carry) must never reach stdout,
// stderr, a log, a report or a JUnit file. Every text the kit writes passes through one redactor built from the
// secrets it was given; the sandbox passes every URL it logs through redactUrls (issue 12, item 7).

import { escapeControl } from './printable.js';

export const REDACTED = '[REDACTED]';

export type Redactor = (text: string) => string;

export function createRedactor(secrets: Array<string | undefined>): Redactor {
  const given = secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
  // Also every spelling a writer may give it: JSON-escaped (a quote or backslash inside a serialised report),
  // XML-escaped (`& < > " '` in a JUnit file), percent-encoded (inside a URL) and control-escaped (a printed line). The
  // kit redacts before it escapes; these catch a secret that reached a writer another way.
  const spellings = (secret: string) => [
    secret,
    JSON.stringify(secret).slice(1, -1),
    escapeXml(secret),
    encodeURIComponent(secret),
    escapeControl(secret),
  ];
  const present = [...new Set(given.flatMap(spellings))]
    // Longest first, so a secret that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  return (text: string) => present.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

// A whole run of scheme characters is read at once, from where no scheme character precedes it, and the scheme
// starts at its first letter: matching from each letter instead would scan a long run with no `://` after it again
// from every one of its letters (quadratic time on a hostile body). A quote ends a URL quoted in a message, but not inside its user information, where RFC 3986 allows `'`
// (`http://us'er:password@host/`, issue 28 R15): a userinfo part up to an `@` is taken whole first.
const URL_IN_TEXT = /(?<![a-z0-9+.-])[a-z0-9+.-]+:\/\/(?:[^\s"<>`@/?#]*@)?[^\s"'<>`]*/gi;

/**
 * Replace the userinfo (`user:password@`) and the query and fragment of every absolute URL inside `text` with
 * [REDACTED]: a URL alone, or a library's message that quotes one. Plain string surgery rather than the URL parser,
 * which rejects some of the malformed URLs messages quote and would re-encode what it keeps; a path holding an `@`
 * loses its host too, which errs on the safe side.
 */
export function redactUrls(text: string): string {
  return text.replace(URL_IN_TEXT, (found) => {
    const schemeStart = found.search(/[a-z]/i);
    return schemeStart === -1 || schemeStart > found.indexOf(':')
      ? found
      : `${found.slice(0, schemeStart)}${redactUrl(found.slice(schemeStart))}`;
  });
}

/**
 * The same for a string known to be one whole URL, such as a `callback_url`: HttpUrl's pattern (D14) admits
 * characters (`http://a<b/?token=…`) that end a URL quoted inside a message, so searching for one would stop short.
 */
export function redactUrl(url: string): string {
  const authorityStart = url.indexOf('//') + 2;
  const queryStart = url.slice(authorityStart).search(/[?#]/);
  const end = queryStart === -1 ? url.length : authorityStart + queryStart;
  const at = url.lastIndexOf('@', end - 1);
  const host = at < authorityStart ? url.slice(authorityStart, end) : `${REDACTED}@${url.slice(at + 1, end)}`;
  const query = end < url.length ? `${url[end]}${REDACTED}` : '';
  return `${url.slice(0, authorityStart)}${host}${query}`;
}
