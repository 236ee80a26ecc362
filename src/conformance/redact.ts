// Secrets (the API key, the callback signing secret) must never reach stdout, stderr, a report or a JUnit file.
// Every text the kit writes passes through one redactor built from the secrets it was given.

export const REDACTED = '[REDACTED]';

export type Redactor = (text: string) => string;

export function createRedactor(secrets: Array<string | undefined>): Redactor {
  const given = secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
  // Also the JSON-escaped spelling, so a secret with a quote or backslash is caught inside serialised reports.
  const present = [...new Set(given.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]))]
    // Longest first, so a secret that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  return (text: string) => present.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

/** Redact every string inside a JSON-shaped value (for reports). */
export function redactValue<T>(value: T, redact: Redactor): T {
  return JSON.parse(redact(JSON.stringify(value))) as T;
}
