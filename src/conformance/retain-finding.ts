// What the run keeps of each finding until the reports are written. The service under test is untrusted: it may
// echo the key, answer megabytes, or quote a huge value in what a check says about it. So every text of a finding is
// redacted first (the API key, the callback secret, a URL's userinfo and query), and only then cut: a secret that
// straddles the cut leaves no prefix of itself, and a run keeps at most a bounded start of each body and message.
import { createRedactor, type Redactor, redactUrls } from '../http/redact.js';
import type { CheckRecorder } from './check-results.js';
import type { Exchange } from './send-request.js';

/** The longest body start kept: the JSON report's limit, so no report shows less than it would have. */
export const RETAINED_BODY_CHARS = 16_384;
/** The longest message kept. */
export const RETAINED_MESSAGE_CHARS = 2_000;

/**
 * The secrets a run must never write: the keys (the second one too) and the signing secret as given, trimmed, and the secret's base64 part
 * (the signing key itself, which a careless service could echo without its `whsec_` prefix).
 */
export function conformanceSecrets(apiKeys: Array<string | undefined>, callbackSecret: string | undefined): string[] {
  const secrets = [...apiKeys.flatMap((key) => [key, key?.trim()]), callbackSecret, callbackSecret?.trim()];
  const base64 = callbackSecret?.trim().replace(/^whsec_/, '');
  if (base64 && base64.length >= 8) secrets.push(base64);
  return secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
}

/** One redactor for everything a finding holds: the secrets, then the userinfo and query of any URL in it. */
export function createTextRedactor(secrets: string[]): Redactor {
  const redactSecrets = createRedactor(secrets);
  return (text) => redactUrls(redactSecrets(text));
}

function cutText(text: string, limit: number): { text: string; omittedChars?: number } {
  return text.length <= limit ? { text } : { text: text.slice(0, limit), omittedChars: text.length - limit };
}

/** The exchange as the run keeps it: every text redacted, then each body cut to its start. */
function retainExchange(exchange: Exchange, redact: Redactor): Exchange {
  const headers = (list: Record<string, string>) =>
    Object.fromEntries(Object.entries(list).map(([name, value]) => [redact(name), redact(value)]));
  const { request, response } = exchange;
  const requestBody = request.body === undefined ? undefined : cutText(redact(request.body), RETAINED_BODY_CHARS);
  const responseBody = response && cutText(redact(response.body), RETAINED_BODY_CHARS);
  return {
    request: {
      method: redact(request.method),
      url: redact(request.url),
      headers: headers(request.headers),
      ...(request.repeatedHeaders && {
        repeatedHeaders: Object.fromEntries(
          Object.entries(request.repeatedHeaders).map(([name, values]) => [redact(name), values.map((value) => redact(value))]),
        ),
      }),
      ...(request.bodyEncoding && { bodyEncoding: request.bodyEncoding }),
      ...(request.target !== undefined && { target: redact(request.target) }),
      ...(requestBody && { body: requestBody.text, omittedChars: requestBody.omittedChars }),
    },
    response: response &&
      responseBody && {
        status: response.status,
        headers: headers(response.headers),
        body: responseBody.text,
        omittedChars: responseBody.omittedChars,
      },
    error: exchange.error === undefined ? undefined : redact(exchange.error),
    durationMs: exchange.durationMs,
  };
}

/** The message as the run keeps it: redacted, then cut. */
function retainMessage(message: string, redact: Redactor): string {
  const { text, omittedChars } = cutText(redact(message), RETAINED_MESSAGE_CHARS);
  return omittedChars ? `${text}… (${omittedChars} more characters)` : text;
}

/** The recorder, keeping of each finding only what retainExchange and retainMessage keep. */
export function retainFindings(recorder: CheckRecorder, redact: Redactor): CheckRecorder {
  // A case without messages passed: the recorder keeps nothing of it, so there is nothing to redact.
  const keep = (messages: string[], exchange: Exchange | undefined) =>
    messages.length === 0
      ? ([messages, undefined] as const)
      : ([messages.map((message) => retainMessage(message, redact)), exchange && retainExchange(exchange, redact)] as const);
  return {
    ...recorder,
    record: (name, caseName, messages, exchange) => recorder.record(name, redact(caseName), ...keep(messages, exchange)),
    warn: (name, caseName, messages, exchange) => recorder.warn(name, redact(caseName), ...keep(messages, exchange)),
  };
}
