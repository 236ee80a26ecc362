// An exchange as a transcript for a failure message: the request line, headers and body, then the response. The run
// keeps exchanges already redacted (retain-finding.ts); here each untrusted text (a header, a body, an error) has its
// control characters escaped, so that it stays on its line and cannot rewrite the terminal, and only then is a body
// cut to the report's limit (an oversized probe is a megabyte).
import { escapeControl } from '../http/printable.js';
import type { Exchange } from './send-request.js';

/** The text cut to `limit` characters; `omitted` counts characters the run already dropped from its end. */
function truncate(text: string, limit: number, omitted = 0): string {
  const more = text.length - Math.min(limit, text.length) + omitted;
  return more === 0 ? text : `${text.slice(0, limit)}… (${more} more characters)`;
}

export function formatTranscript(exchange: Exchange, bodyLimit: number, indent = ''): string {
  const { request, response } = exchange;
  const line = escapeControl;
  const target = request.target === undefined ? '' : ` (request target ${line(request.target)})`;
  const lines = [`${indent}request:  ${line(request.method)} ${line(request.url)}${target}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${indent}          ${line(name)}: ${line(value)}`);
  for (const [name, values] of Object.entries(request.repeatedHeaders ?? {})) {
    for (const value of values) lines.push(`${indent}          ${line(name)}: ${line(value)}`);
  }
  if (request.body !== undefined) lines.push(`${indent}          ${truncate(line(request.body), bodyLimit, request.omittedChars)}`);
  if (!response) {
    lines.push(`${indent}response: none (${line(exchange.error ?? '')})`);
    return lines.join('\n');
  }
  const contentType = response.headers['content-type'];
  lines.push(`${indent}response: ${response.status}${contentType ? ` ${line(contentType)}` : ''}`);
  for (const name of ['www-authenticate', 'idempotent-replayed', 'retry-after']) {
    if (response.headers[name] !== undefined) lines.push(`${indent}          ${name}: ${line(response.headers[name])}`);
  }
  if (response.body !== '') lines.push(`${indent}          ${truncate(line(response.body), bodyLimit, response.omittedChars)}`);
  return lines.join('\n');
}

/** An exchange as JSON for the report, bodies cut to the limit (JSON escapes their control characters itself). */
export function exchangeForReport(exchange: Exchange, bodyLimit: number) {
  const { request, response } = exchange;
  const { omittedChars: requestOmitted, ...sent } = request;
  return {
    request: { ...sent, body: request.body === undefined ? undefined : truncate(request.body, bodyLimit, requestOmitted) },
    response: response && {
      status: response.status,
      headers: response.headers,
      body: truncate(response.body, bodyLimit, response.omittedChars),
    },
    error: exchange.error,
    durationMs: Math.round(exchange.durationMs * 10) / 10,
  };
}
