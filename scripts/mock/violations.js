// Prism reports what is wrong with a request in its `sl-violations` response header (a JSON array of
// {location, severity, code, message}, `code` being the Ajv keyword). These functions turn that list into the
// contract's FieldError entries: a JSON Pointer into the request body, the machine-readable code the contract lists
// and a short detail, so the caller reads which field is wrong, by name.
import { UNDESCRIBED_FORMAT } from './pattern-details.js';

// Ajv keyword → FieldError code, as the sandbox maps them (src/sandbox/validation/describe-field-errors.ts).
const KEYWORD_CODES = {
  required: 'required',
  additionalProperties: 'unknown_field',
  type: 'wrong_type',
  minLength: 'too_short',
  maxLength: 'too_long',
  minimum: 'too_small',
  maximum: 'too_large',
  minItems: 'too_few_items',
  maxItems: 'too_many_items',
  enum: 'not_allowed_value',
  const: 'not_allowed_value',
};
const URL_COMPONENT = 'HttpUrl'; // a value breaking this component's pattern is an `invalid_url`, as in the sandbox

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
 * `describePattern(['body', ...segments] | ['header', name])` words a pattern violation in place of Prism's regex;
 * `findPatternComponent(location)` names the component holding that pattern; `codes` are the FieldError codes the
 * contract lists (none: the entries carry no code).
 */
export function describeRequestViolations(violations, options = {}) {
  const { describePattern = () => UNDESCRIBED_FORMAT, findPatternComponent = () => undefined, codes } = options;
  const fieldErrors = [];
  const otherMessages = [];
  const withCode = (error, code) => (codes
    ? { pointer: error.pointer, code: codes.includes(code) ? code : 'invalid', detail: error.detail }
    : error);
  for (const violation of violations) {
    if (violation.severity !== 'Error' || !Array.isArray(violation.location)) continue;
    const [side, part, ...segments] = violation.location;
    if (side !== 'request') continue;
    if (part === 'body') {
      const code = codeOf(violation, () => findPatternComponent(['body', ...segments]));
      fieldErrors.push(withCode(toFieldError(segments, violation, describePattern), code));
    } else if (violation.code === 'required' && part === undefined && /body/i.test(violation.message)) {
      fieldErrors.push(withCode({ pointer: '', detail: 'a JSON object body is required' }, 'required'));
    } else if (violation.code === 'pattern' && part === 'header' && segments.length === 1) {
      otherMessages.push(`Request header parameter ${segments[0]} ${describePattern(['header', segments[0]])}`);
    } else otherMessages.push(String(violation.message));
  }
  return { fieldErrors, otherMessages };
}

function codeOf(violation, findPatternComponent) {
  if (violation.code === 'pattern') return findPatternComponent() === URL_COMPONENT ? 'invalid_url' : 'pattern';
  if (violation.code === 'format') return /format "uri"/.test(String(violation.message)) ? 'invalid_url' : 'invalid';
  return KEYWORD_CODES[violation.code] ?? 'invalid';
}

function toFieldError(segments, violation, describePattern) {
  if (violation.code === 'pattern') return { pointer: toPointer(segments), detail: describePattern(['body', ...segments]) };
  const message = stripSubject(String(violation.message), segments);
  // [\s\S]: a field name may hold a line break.
  const named = message.match(/^must have required property '([\s\S]*)'$/)
    ?? message.match(/^must NOT have additional properties; found '([\s\S]*)'$/);
  if (named) {
    const pointer = toPointer([...segments, escapePointerSegment(named[1])]);
    const detail = violation.code === 'required' ? 'is required' : 'is not a field of this object (request fields are snake_case)';
    return { pointer, detail };
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
