// An exchange as a transcript for a failure message: the request line, headers and body, then the response. Bodies
// are cut to a limit (an oversized probe is a megabyte); secrets are removed later, by the redactor, on the whole
// output.
import type { Exchange } from './send-request.js';

function truncate(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length - limit} more characters)`;
}

export function formatTranscript(exchange: Exchange, bodyLimit: number, indent = ''): string {
  const { request, response } = exchange;
  const lines = [`${indent}request:  ${request.method} ${request.url}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${indent}          ${name}: ${value}`);
  if (request.body !== undefined) lines.push(`${indent}          ${truncate(request.body, bodyLimit)}`);
  if (!response) {
    lines.push(`${indent}response: none (${exchange.error})`);
    return lines.join('\n');
  }
  lines.push(`${indent}response: ${response.status}${response.headers['content-type'] ? ` ${response.headers['content-type']}` : ''}`);
  for (const name of ['www-authenticate', 'idempotent-replayed', 'retry-after']) {
    if (response.headers[name] !== undefined) lines.push(`${indent}          ${name}: ${response.headers[name]}`);
  }
  if (response.body !== '') lines.push(`${indent}          ${truncate(response.body, bodyLimit)}`);
  return lines.join('\n');
}

/** An exchange as JSON for the report, bodies cut to the limit. */
export function exchangeForReport(exchange: Exchange, bodyLimit: number) {
  const { request, response } = exchange;
  return {
    request: { ...request, body: request.body === undefined ? undefined : truncate(request.body, bodyLimit) },
    response: response && { ...response, body: truncate(response.body, bodyLimit) },
    error: exchange.error,
    durationMs: Math.round(exchange.durationMs * 10) / 10,
  };
}
