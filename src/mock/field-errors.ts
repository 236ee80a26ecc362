// Prism's findings on a request (its violations: {location, severity, code, message}, `code` being the Ajv
// keyword) turned into the contract's FieldError entries: a JSON Pointer into the request body, the machine-readable
// code the contract lists and a short detail, so the caller reads which field is wrong, by name. A value that breaks
// a `pattern` is described in the words of the contract (the description of the component holding the pattern, as
// the sandbox words it in src/sandbox/validation/describe-field-errors.ts), never by the regex or the value.

import { codeForKeyword } from '../contract/field-error-codes.js';
import { type OpenApiDocument, resolveRef } from '../contract/load-contract.js';
import type { FieldError } from '../http/problems.js';
import type { ContractOperation } from './contract-facts.js';
import type { PrismViolation } from './prism-engine.js';

/** How to word and code pattern violations for one operation; without them, the generic wording and no code. */
export interface DescribeOptions {
  describePattern?: (location: string[]) => string;
  findPatternComponent?: (location: string[]) => string | undefined;
  /** The contract's FieldError codes; without them the entries carry no code. */
  codes?: string[];
}

export const UNDESCRIBED_FORMAT = 'does not have the expected format';

const COMPONENT_SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;
const MAX_REF_DEPTH = 32; // deeper than any real chain of $ref; stops a recursive schema from looping

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

/**
 * Splits errors into body fields (FieldError) and everything else (headers, the request as a whole).
 * `describePattern(['body', ...segments] | ['header', name])` words a pattern violation in place of Prism's regex;
 * `findPatternComponent(location)` names the component holding that pattern; `codes` are the FieldError codes the
 * contract lists (none: the entries carry no code).
 */
export function describeRequestViolations(
  violations: PrismViolation[],
  options: DescribeOptions = {},
): { fieldErrors: FieldError[]; otherMessages: string[] } {
  const { describePattern = () => UNDESCRIBED_FORMAT, findPatternComponent = () => undefined, codes } = options;
  const fieldErrors: FieldError[] = [];
  const otherMessages: string[] = [];
  const withCode = (error: FieldError, code: string): FieldError =>
    codes ? { pointer: error.pointer, code: codes.includes(code) ? code : 'invalid', detail: error.detail } : error;
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

// Prism's violation `code` is the Ajv keyword, so the contract's one mapping names the fault as the sandbox does.
function codeOf(violation: PrismViolation, findPatternComponent: () => string | undefined): string {
  const keyword = String(violation.code);
  if (keyword === 'pattern') return codeForKeyword(keyword, { patternComponent: findPatternComponent() });
  return codeForKeyword(keyword, { isUriFormat: /format "uri"/.test(String(violation.message)) });
}

function toFieldError(segments: string[], violation: PrismViolation, describePattern: (location: string[]) => string): FieldError {
  if (violation.code === 'pattern') return { pointer: toPointer(segments), detail: describePattern(['body', ...segments]) };
  const message = stripSubject(String(violation.message), segments);
  // [\s\S]: a field name may hold a line break.
  const named =
    message.match(/^must have required property '([\s\S]*)'$/) ?? message.match(/^must NOT have additional properties; found '([\s\S]*)'$/);
  if (named) {
    const pointer = toPointer([...segments, escapePointerSegment(named[1])]);
    const detail = violation.code === 'required' ? 'is required' : 'is not a field of this object (request fields are snake_case)';
    return { pointer, detail };
  }
  return { pointer: toPointer(segments), detail: message };
}

// Prism writes "Request body property invoice_items.0.quantity must be integer"; the pointer already names the
// field, so only "must be integer" is kept.
function stripSubject(message: string, segments: string[]): string {
  const subject = segments.length > 0 ? `Request body property ${segments.join('.')} ` : 'Request body ';
  return message.startsWith(subject) ? message.slice(subject.length) : message;
}

// Prism's location segments come from Ajv's instancePath, which is already a JSON Pointer split on "/", so each
// segment is escaped already; only names read out of a message need escaping.
function toPointer(segments: string[]): string {
  return segments.map((segment) => `/${segment}`).join('');
}

function escapePointerSegment(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}

// ---- Pattern wording, from the contract ----

/** The part of a contract pattern wording reads: its component schemas (tests pass a small one of their own). */
type SchemaDocument = { components: { schemas: Record<string, unknown> } };

interface SchemaCandidate {
  node: Record<string, any>;
  component: string | undefined;
}

/** `describePattern` for describeRequestViolations, for a request to `operation` (an entry of listOperations). */
export function createPatternDescriber(contract: SchemaDocument, operation: ContractOperation | undefined) {
  return (location: string[]): string => describePatternViolation(contract, ...locateSchema(operation, location));
}

/** `findPatternComponent` for describeRequestViolations: the component holding the broken pattern, if any. */
export function createPatternComponentFinder(contract: SchemaDocument, operation: ContractOperation | undefined) {
  return (location: string[]): string | undefined => findPatternHolder(contract, ...locateSchema(operation, location)).holder?.component;
}

function locateSchema(operation: ContractOperation | undefined, [part, ...segments]: string[]): [unknown, string[]] {
  return part === 'header' ? [operation?.headerSchemas[segments[0]?.toLowerCase()], []] : [operation?.requestSchema, segments];
}

/** The detail for a pattern violation at `segments` (an Ajv instancePath split on "/") inside `schema`. */
export function describePatternViolation(contract: SchemaDocument, schema: unknown, segments: string[]): string {
  const { holder, candidates } = findPatternHolder(contract, schema, segments);
  if (holder?.component && typeof holder.node.description === 'string') {
    return `does not have the form of ${holder.component}: ${foldWhitespace(holder.node.description)}`;
  }
  const described = [holder, ...candidates].find((candidate) => typeof candidate?.node.description === 'string');
  return described ? `${UNDESCRIBED_FORMAT}: ${foldWhitespace(described.node.description)}` : UNDESCRIBED_FORMAT;
}

// Every schema that applies at `segments`, and the first of them that holds a pattern.
function findPatternHolder(contract: SchemaDocument, schema: unknown, segments: string[]) {
  let candidates = expandSchema(contract, schema, undefined);
  for (const segment of segments) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    candidates = candidates.flatMap(({ node }) => expandSchema(contract, childSchema(node, key), undefined));
  }
  return { holder: candidates.find(({ node }) => typeof node.pattern === 'string'), candidates };
}

// A schema and every schema it stands for at the same place in the value: its $ref target and its
// allOf/anyOf/oneOf branches, each with the component name it was reached by, if any.
function expandSchema(contract: SchemaDocument, node: unknown, component: string | undefined, depth = 0): SchemaCandidate[] {
  if (!node || typeof node !== 'object' || depth > MAX_REF_DEPTH) return [];
  const schema = node as Record<string, any>;
  const expanded: SchemaCandidate[] = [{ node: schema, component }];
  if (typeof schema.$ref === 'string') {
    const name = COMPONENT_SCHEMA_REF.exec(schema.$ref)?.[1];
    expanded.push(...expandSchema(contract, resolveRef(contract as OpenApiDocument, { $ref: schema.$ref }), name, depth + 1));
  }
  for (const branch of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    expanded.push(...expandSchema(contract, branch, undefined, depth + 1));
  }
  return expanded;
}

function childSchema(node: Record<string, any>, key: string): unknown {
  if (node.properties && Object.hasOwn(node.properties, key)) return node.properties[key];
  if (/^(?:0|[1-9][0-9]*)$/.test(key) && (node.prefixItems || node.items)) return node.prefixItems?.[Number(key)] ?? node.items;
  return typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
}

function foldWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
