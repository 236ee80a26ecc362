// Prism reports what is wrong with a request in its `sl-violations` response header (a JSON array of
// {location, severity, code, message}). These functions turn that list into the contract's FieldError entries:
// a JSON Pointer into the request body and a short detail, so the caller reads which field is wrong, by name.
import { UNDESCRIBED_FORMAT } from './pattern-details.js';

export function parseViolationsHeader(headerValue) {
  if (typeof headerValue !== 'string' || headerValue === '') return [];
  try {
    const parsed = JSON.parse(headerValue);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Splits errors into body fields (FieldError) and everything else (headers, the request as a whole).
 * `describePattern(['body', ...segments] | ['header', name])` words a pattern violation in place of Prism's regex.
 */
export function describeRequestViolations(violations, describePattern = () => UNDESCRIBED_FORMAT) {
  const fieldErrors = [];
  const otherMessages = [];
  for (const violation of violations) {
    if (violation.severity !== 'Error' || !Array.isArray(violation.location)) continue;
    const [side, part, ...segments] = violation.location;
    if (side !== 'request') continue;
    if (part === 'body') fieldErrors.push(toFieldError(segments, violation, describePattern));
    else if (violation.code === 'required' && part === undefined && /body/i.test(violation.message)) {
      fieldErrors.push({ pointer: '', detail: 'a JSON object body is required' });
    } else if (violation.code === 'pattern' && part === 'header' && segments.length === 1) {
      otherMessages.push(`Request header parameter ${segments[0]} ${describePattern(['header', segments[0]])}`);
    } else otherMessages.push(String(violation.message));
  }
  return { fieldErrors, otherMessages };
}

function toFieldError(segments, violation, describePattern) {
  if (violation.code === 'pattern') return { pointer: toPointer(segments), detail: describePattern(['body', ...segments]) };
  const message = stripSubject(String(violation.message), segments);
  const named = message.match(/^must have required property '(.*)'$/) ?? message.match(/^must NOT have additional properties; found '(.*)'$/);
  if (named) {
    const pointer = toPointer([...segments, escapePointerSegment(named[1])]);
    return { pointer, detail: violation.code === 'required' ? 'is required' : 'is not a field of this object (request fields are snake_case)' };
  }
  return { pointer: toPointer(segments), detail: message };
}

// Prism writes "Request body property invoice_items.0.quantity must be integer"; the pointer already names the
// field, so only "must be integer" is kept.
function stripSubject(message, segments) {
  const subject = segments.length > 0 ? `Request body property ${segments.join('.')} ` : 'Request body ';
  return message.startsWith(subject) ? message.slice(subject.length) : message;
}

// Prism's location segments come from Ajv's instancePath, which is already a JSON Pointer split on "/", so each
// segment is escaped already; only names read out of a message need escaping.
function toPointer(segments) {
  return segments.map((segment) => `/${segment}`).join('');
}

function escapePointerSegment(name) {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}
