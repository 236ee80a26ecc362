// Prism's findings on a request turned into the contract's 422 parts. Prism validates with Ajv and retells each Ajv
// error as a violation {location, severity, code, message}, which says where and which keyword but not Ajv's params
// (the missing property, the limit, the allowed values). So Prism's verdict decides that a body is refused, and the
// body's field errors come from the contract's own compiled validator and describer (src/contract/describe-body.ts),
// exactly as the sandbox makes them. Header violations are worded here: errors[] points into the body only.

import type { FieldError } from '../../generated/openapi.js';
import type { ContractOperation } from '../contract/contract-facts.js';
import type { DescribeBody } from '../contract/describe-body.js';
import { describePattern, findPatternFacts, type SchemaDocument, UNDESCRIBED_FORMAT } from '../contract/field-errors.js';
import type { PrismViolation } from './report-violations.js';

/** How to word the violations of one operation; without them, the generic pattern wording and no field errors. */
export interface DescribeOptions {
  /** Words a pattern violation of a header, `['header', name]`, in place of Prism's regex. */
  describePattern?: (location: string[]) => string;
  /** The field errors of the body Prism refused (the operation's describeBody, src/contract/contract-value.ts). */
  describeBody?: DescribeBody;
  /** The contract's FieldError codes: a code the describer gives that is not among them is sent as `invalid`. */
  codes?: readonly string[];
}

/**
 * Splits Prism's findings on `body` (the request body as Prism judged it) into body fields (FieldError) and everything
 * else (headers, the request as a whole).
 */
export function describeRequestViolations(
  violations: PrismViolation[],
  body: unknown,
  options: DescribeOptions = {},
): { fieldErrors: FieldError[]; otherMessages: string[] } {
  const { describePattern: describeHeaderPattern = () => describePattern({}), describeBody, codes } = options;
  const bodyMessages: string[] = [];
  const otherMessages: string[] = [];
  for (const violation of violations) {
    if (violation.severity !== 'Error' || !Array.isArray(violation.location)) continue;
    const [side, part, ...segments] = violation.location;
    if (side !== 'request') continue;
    if (part === 'body') {
      // Prism's sentence for a pattern quotes the regex; the contract's words replace it where it is shown at all.
      bodyMessages.push(violation.code === 'pattern' ? `Request body ${UNDESCRIBED_FORMAT}` : String(violation.message));
    } else if (violation.code === 'required' && part === undefined && /body/i.test(violation.message)) {
      // Prism takes a JSON null for no body at all. An empty body never reaches Prism (the mock answers 400 first),
      // so this is a body of null, which the contract's validator refuses as the sandbox does (not a JSON object).
      bodyMessages.push(String(violation.message));
    } else if (violation.code === 'pattern' && part === 'header' && segments.length === 1) {
      otherMessages.push(`Request header parameter ${segments[0]} ${describeHeaderPattern(['header', segments[0]])}`);
    } else otherMessages.push(String(violation.message));
  }
  const bodyErrors = bodyMessages.length > 0 && describeBody ? describeBody(body) : [];
  // A body Prism refuses and the contract's validator accepts (their Ajv set-ups differ): the 422 still says why,
  // in Prism's words.
  if (bodyErrors.length === 0) otherMessages.unshift(...new Set(bodyMessages));
  const fieldErrors = bodyErrors.map(({ pointer, code, detail }) => ({
    pointer,
    code: codes && !codes.includes(code) ? 'invalid' : code,
    detail,
  }));
  return { fieldErrors, otherMessages };
}

// ---- The contract's words for patterns ----

/**
 * `describePattern` for describeRequestViolations, for a request to `operation` (an entry of listOperations): the
 * contract's words for the pattern at `['header', name]` or `['body', ...segments]`.
 */
export function createPatternDescriber(contract: SchemaDocument, operation: ContractOperation | undefined) {
  return ([part, ...segments]: string[]): string =>
    describePattern(
      part === 'header'
        ? findPatternFacts(contract, operation?.headerSchemas[segments[0]?.toLowerCase()], '')
        : findPatternFacts(contract, operation?.requestSchema, segments.map((segment) => `/${segment}`).join('')),
    );
}
