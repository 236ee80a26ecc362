// The contract's field error codes (D2) for a JSON Schema keyword that failed: one mapping for the sandbox (Ajv's
// errors) and the mock (Prism's violations, whose `code` is the Ajv keyword), so the two name a fault alike.
import type { FieldErrorCode } from '../../generated/openapi.js';

const KEYWORD_CODES: Record<string, FieldErrorCode> = {
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

/** The component whose `pattern` is a URL's form: breaking it is `invalid_url`, not `pattern`. */
export const URL_COMPONENT = 'HttpUrl';

/**
 * The code for a failed keyword. `patternComponent` names the component whose pattern failed (when known), and
 * `isUriFormat` says a `format` failure was of `uri`: a URL's form is `invalid_url` whichever keyword caught it.
 */
export function codeForKeyword(keyword: string, detail: { patternComponent?: string; isUriFormat?: boolean } = {}): FieldErrorCode {
  if (keyword === 'format') return detail.isUriFormat ? 'invalid_url' : 'invalid';
  if (keyword === 'pattern') return detail.patternComponent === URL_COMPONENT ? 'invalid_url' : 'pattern';
  return KEYWORD_CODES[keyword] ?? 'invalid';
}
