// How Prism's findings are reported, by the mock and the proxy alike: each as an entry of the `sl-violations` response
// header, in the shape Prism's own server gives them, and as a log line at the level of its severity.

/** One finding of Prism's, in the shape of its `sl-violations` header entries. */
export interface PrismViolation {
  location: string[];
  severity: string;
  code: string | number | undefined;
  message: string;
}

/** A finding as Prism's validators return it (IPrismDiagnostic). */
export interface PrismDiagnostic {
  path?: string[];
  severity: number;
  code?: string | number;
  message: string;
}

// Prism's DiagnosticSeverity numbers, named as its violations header names them.
const SEVERITY_NAMES = ['Error', 'Warning', 'Information', 'Hint'];

/** A diagnostic of Prism's validators about the request or the response, as a violation. */
export function toViolation(side: 'request' | 'response', detail: PrismDiagnostic): PrismViolation {
  return {
    location: [side, ...(detail.path ?? [])],
    severity: SEVERITY_NAMES[detail.severity] ?? String(detail.severity),
    code: detail.code,
    message: detail.message,
  };
}

/** The log level of a violation's line (Prism's: errors at error, warnings at warn, the rest at info). */
export function violationLogLevel(violation: PrismViolation): 'error' | 'warn' | 'info' {
  if (violation.severity === 'Error') return 'error';
  if (violation.severity === 'Warning') return 'warn';
  return 'info';
}

/** The message of a violation's log line, as Prism's validator logs it. */
export function describeViolation(violation: PrismViolation): string {
  return `Violation: ${violation.location.join('.')} ${violation.message}`;
}

// Prism's own server cuts the header here; a longer header line is refused by common clients (undici: 16 KiB).
const HEADER_LIMIT_CHARS = 8_092;

/**
 * Prism's `sl-violations` header, as its own server writes it, but with every non-ASCII character escaped: a field
 * named "日本" is quoted in a violation, and Node refuses such a header value. None when there is no finding.
 */
export function violationsHeader(violations: readonly PrismViolation[]): Record<string, string> {
  if (violations.length === 0) return {};
  const json = JSON.stringify(violations).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { 'sl-violations': json.length > HEADER_LIMIT_CHARS ? `Too many violations! ${json.slice(0, HEADER_LIMIT_CHARS)}` : json };
}
