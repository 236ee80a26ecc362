// Prism's findings on a request turned into the contract's FieldError entries by the describer the sandbox uses too
// (src/contract/field-errors.ts). Prism validates with Ajv and retells each Ajv error as a violation {location,
// severity, code, message}: `location` is the instancePath split on "/" (after "request", "body"), `code` the
// keyword, and `message` Ajv's sentence with Prism's subject in front and, for `enum` and `additionalProperties`,
// the allowed values or the unknown name behind. Ajv's params are read back from that sentence; a pattern's meaning
// is looked up in the contract, as the sandbox looks it up. Header violations are worded here: errors[] points into
// the body only.

import type { ContractOperation } from '../contract/contract-facts.js';
import {
  describePattern,
  describeViolations,
  findPatternFacts,
  type PatternFacts,
  type SchemaDocument,
  type Violation,
} from '../contract/field-errors.js';
import type { FieldError } from '../http/problems.js';
import type { PrismViolation } from './prism-engine.js';

/** How to word the violations of one operation; without them, the generic pattern wording and no code. */
export interface DescribeOptions {
  /** Words a pattern violation of a header, `['header', name]`, in place of Prism's regex. */
  describePattern?: (location: string[]) => string;
  /** What the contract says about the pattern at `['body', ...segments]` (the component holding it, descriptions). */
  findPatternComponent?: (location: string[]) => PatternFacts;
  /** The contract's FieldError codes; without them the entries carry no code. */
  codes?: string[];
}

/** Reads an `sl-violations` header (the proxy's answers carry one); anything unreadable is no violation. */
export function parseViolationsHeader(headerValue: string | undefined): PrismViolation[] {
  if (typeof headerValue !== 'string' || headerValue === '') return [];
  try {
    const parsed: unknown = JSON.parse(headerValue);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Splits errors into body fields (FieldError) and everything else (headers, the request as a whole). */
export function describeRequestViolations(
  violations: PrismViolation[],
  options: DescribeOptions = {},
): { fieldErrors: FieldError[]; otherMessages: string[] } {
  const { describePattern: describeHeaderPattern = () => describePattern({}), findPatternComponent = () => ({}), codes } = options;
  const bodyViolations: Violation[] = [];
  const otherMessages: string[] = [];
  for (const violation of violations) {
    if (violation.severity !== 'Error' || !Array.isArray(violation.location)) continue;
    const [side, part, ...segments] = violation.location;
    if (side !== 'request') continue;
    if (part === 'body') {
      bodyViolations.push(toViolation(segments, violation, findPatternComponent));
    } else if (violation.code === 'required' && part === undefined && /body/i.test(violation.message)) {
      // Prism takes a JSON null for no body at all. An empty body never reaches Prism (the mock answers 400 first),
      // so this is a body of null, which breaks the request schema's type: a JSON object, as the 400 asks for.
      bodyViolations.push({ instancePath: '', keyword: 'type', params: { type: 'object' } });
    } else if (violation.code === 'pattern' && part === 'header' && segments.length === 1) {
      otherMessages.push(`Request header parameter ${segments[0]} ${describeHeaderPattern(['header', segments[0]])}`);
    } else otherMessages.push(String(violation.message));
  }
  const fieldErrors = describeViolations(bodyViolations).map(({ pointer, code, detail }) =>
    codes ? { pointer, code: codes.includes(code) ? code : 'invalid', detail } : { pointer, detail },
  );
  return { fieldErrors, otherMessages };
}

// Prism's location segments come from Ajv's instancePath split on "/", each still escaped, so joining them back
// gives the instancePath; every param the describer needs is in Ajv's sentence.
function toViolation(segments: string[], violation: PrismViolation, findFacts: (location: string[]) => PatternFacts): Violation {
  const keyword = String(violation.code);
  const message = stripSubject(String(violation.message), segments);
  const instancePath = toInstancePath(segments);
  const pattern = keyword === 'pattern' ? findFacts(['body', ...segments]) : undefined;
  return { instancePath, keyword, params: readParams(keyword, message), pattern, message };
}

// Ajv's sentences (ajv/dist/vocabularies) with Prism's tails; [\s\S]: a field name may hold a line break.
function readParams(keyword: string, message: string): Violation['params'] {
  const quoted = (pattern: RegExp) => pattern.exec(message)?.[1];
  switch (keyword) {
    case 'required':
      return { missingProperty: quoted(/^must have required property '([\s\S]*)'$/) };
    case 'additionalProperties':
      return { additionalProperty: quoted(/; found '([\s\S]*)'$/) };
    case 'type':
      return { type: quoted(/^must be (\S+)$/) };
    case 'format':
      return { format: quoted(/^must match format "(.*)"$/) };
    // Prism joins the values with ", " unquoted: exact for string values, which are all an enum of the contract holds.
    // (Ajv's sentence for `const` holds no value at all, and no request schema of the contract has one.)
    case 'enum':
      return { allowedValues: quoted(/: ([\s\S]*)$/)?.split(', ') };
    default: {
      const limit = quoted(/(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)(?: \w+)?$/i);
      return limit === undefined ? {} : { limit: Number(limit) };
    }
  }
}

// Prism writes "Request body property invoice_items.0.quantity must be integer"; the pointer already names the
// field, so only Ajv's "must be integer" is kept.
function stripSubject(message: string, segments: string[]): string {
  const subject = segments.length > 0 ? `Request body property ${segments.join('.')} ` : 'Request body ';
  return message.startsWith(subject) ? message.slice(subject.length) : message;
}

// ---- The contract's words for patterns ----

/** `describePattern` for describeRequestViolations, for a request to `operation` (an entry of listOperations). */
export function createPatternDescriber(contract: SchemaDocument, operation: ContractOperation | undefined) {
  const findFacts = createPatternComponentFinder(contract, operation);
  return (location: string[]): string => describePattern(findFacts(location));
}

/** `findPatternComponent` for describeRequestViolations: the contract's facts about the pattern at `location`. */
export function createPatternComponentFinder(contract: SchemaDocument, operation: ContractOperation | undefined) {
  return ([part, ...segments]: string[]): PatternFacts =>
    part === 'header'
      ? findPatternFacts(contract, operation?.headerSchemas[segments[0]?.toLowerCase()], '')
      : findPatternFacts(contract, operation?.requestSchema, toInstancePath(segments));
}

function toInstancePath(segments: string[]): string {
  return segments.map((segment) => `/${segment}`).join('');
}
