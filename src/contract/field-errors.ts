// The contract's field errors (D2) from broken schema rules: one describer for the sandbox (Ajv's errors) and the
// mock (Prism's violations, which are Ajv's errors retold), so one bad field reads the same from both. Each server
// maps its validator's findings to a Violation; from there the pointer, the code and the words are made here once:
// one entry per offending field, pointing at the field itself (for a missing or unknown field, the field that should
// or should not be there); when one field breaks several rules, the first one's code stands and the details join.
import type { FieldError, FieldErrorCode } from '../../generated/openapi.js';
import { type OpenApiDocument, resolveRef } from './load-contract.js';

/** One broken rule, as any Ajv-based validator reports it; the describer's only input. */
export interface Violation {
  /** The JSON Pointer of the value that broke the rule (Ajv's instancePath). */
  instancePath: string;
  /** The JSON Schema keyword that failed (Ajv's keyword, which Prism carries as a violation's `code`). */
  keyword: string;
  /** Ajv's params for the keyword, as far as the validator tells them. */
  params: ViolationParams;
  /** For `pattern`: what the contract says about the value's form (findPatternFacts). */
  pattern?: PatternFacts;
  /** Ajv's own sentence, the words of last resort for a keyword this module does not word. */
  message?: string;
}

/** The Ajv params the wording uses; a validator that does not tell one leaves it out. */
export interface ViolationParams {
  missingProperty?: string;
  additionalProperty?: string;
  limit?: number;
  type?: string | string[];
  allowedValues?: unknown[];
  allowedValue?: unknown;
  format?: string;
}

/** What the contract says about a pattern's meaning: a regex is unreadable to most people, its description is not. */
export interface PatternFacts {
  /** The component schema holding the pattern, if the pattern sits in one. */
  component?: string;
  /** That component's own description. */
  componentDescription?: string;
  /** Otherwise the nearest description of a schema that applies at the value. */
  description?: string;
}

export const UNDESCRIBED_FORMAT = 'does not have the expected format';

/** The component whose `pattern` is a URL's form: breaking it is `invalid_url`, not `pattern`. */
export const URL_COMPONENT = 'HttpUrl';

const KEYWORD_CODES: Record<string, FieldErrorCode> = {
  required: 'required',
  additionalProperties: 'unknown_field',
  type: 'wrong_type',
  minLength: 'too_short',
  maxLength: 'too_long',
  minimum: 'too_small',
  exclusiveMinimum: 'too_small',
  maximum: 'too_large',
  exclusiveMaximum: 'too_large',
  minItems: 'too_few_items',
  maxItems: 'too_many_items',
  enum: 'not_allowed_value',
  const: 'not_allowed_value',
};

/**
 * The code for a failed keyword. `patternComponent` names the component whose pattern failed (when known), and
 * `isUriFormat` says a `format` failure was of `uri`: a URL's form is `invalid_url` whichever keyword caught it.
 */
export function codeForKeyword(keyword: string, detail: { patternComponent?: string; isUriFormat?: boolean } = {}): FieldErrorCode {
  if (keyword === 'format') return detail.isUriFormat ? 'invalid_url' : 'invalid';
  if (keyword === 'pattern') return detail.patternComponent === URL_COMPONENT ? 'invalid_url' : 'pattern';
  return KEYWORD_CODES[keyword] ?? 'invalid';
}

/** The field a violation blames: the missing or unknown property itself, else the value that broke the rule. */
export function blamedPointer({ instancePath, keyword, params }: Violation): string {
  if (keyword === 'required' && params.missingProperty !== undefined) return `${instancePath}/${escapePointer(params.missingProperty)}`;
  if (keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
    return `${instancePath}/${escapePointer(params.additionalProperty)}`;
  }
  return instancePath;
}

/** The field errors for a request's violations: one entry per blamed field, in the order first blamed. */
export function describeViolations(violations: Violation[]): FieldError[] {
  const byPointer = new Map<string, { code: FieldErrorCode; details: string[] }>();
  for (const violation of violations) {
    const pointer = blamedPointer(violation);
    const detail = describeViolation(violation);
    const entry = byPointer.get(pointer) ?? { code: codeOf(violation), details: [] };
    if (!entry.details.includes(detail)) entry.details.push(detail);
    byPointer.set(pointer, entry);
  }
  return [...byPointer].map(([pointer, { code, details }]) => ({ pointer, code, detail: details.join('; ') }));
}

function codeOf({ keyword, params, pattern }: Violation): FieldErrorCode {
  return codeForKeyword(keyword, { patternComponent: pattern?.component, isUriFormat: params.format === 'uri' });
}

// ---- Wording ----

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer (a whole JSON number)',
  number: 'a number',
  object: 'a JSON object',
  array: 'an array',
  boolean: 'true or false',
  null: 'null',
};

const BOUNDS: Record<string, string> = {
  minimum: 'at least',
  maximum: 'at most',
  exclusiveMinimum: 'more than',
  exclusiveMaximum: 'less than',
};

/** The detail of one violation: what the value must be, never the value itself nor a regex. */
export function describeViolation({ keyword, params, pattern, message }: Violation): string {
  const { limit } = params;
  switch (keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a field of this object; remove it (request field names are snake_case)';
    case 'type':
      return `must be ${listTypes(params.type)
        .map((type) => TYPE_NAMES[type] ?? type)
        .join(' or ')}`;
    case 'minLength':
      return `must be at least ${plural(limit, 'character')} long`;
    case 'maxLength':
      return `must be at most ${plural(limit, 'character')} long`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${BOUNDS[keyword]} ${limit}`;
    case 'minItems':
      return `must have at least ${plural(limit, 'item')}`;
    case 'maxItems':
      return `must have at most ${plural(limit, 'item')}`;
    case 'enum':
      return `must be one of: ${(params.allowedValues ?? []).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'const':
      return 'allowedValue' in params ? `must be ${JSON.stringify(params.allowedValue)}` : 'must be the one value the contract allows';
    case 'format':
      return params.format === 'uri' ? 'must be an absolute URL' : `must be a valid ${params.format}`;
    case 'pattern':
      return describePattern(pattern ?? {});
    default:
      return message ?? 'is invalid';
  }
}

/** A pattern violation in the contract's words: the component's description, else the nearest one, else a sentence. */
export function describePattern({ component, componentDescription, description }: PatternFacts): string {
  if (component && componentDescription) return `does not have the form of ${component}: ${componentDescription}`;
  return description ? `${UNDESCRIBED_FORMAT}: ${description}` : UNDESCRIBED_FORMAT;
}

function listTypes(type: string | string[] | undefined): string[] {
  return Array.isArray(type) ? type : String(type).split(',');
}

function plural(count: number | undefined, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** A property name as one segment of a JSON Pointer (RFC 6901). */
export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

// ---- Pattern facts, from the contract ----

/** The part of a contract the pattern facts are read from (tests pass a small one of their own). */
export type SchemaDocument = { components: { schemas: Record<string, unknown> } };

interface SchemaCandidate {
  node: Record<string, any>;
  component: string | undefined;
}

/** A reference to a named schema component; group 1 is its name. */
export const COMPONENT_SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;
const MAX_REF_DEPTH = 32; // deeper than any real chain of $ref; stops a recursive schema from looping

/**
 * What the contract says about the pattern a value at `instancePath` (a JSON Pointer) inside `schema` must match:
 * found by walking the schema itself, so the mock and the sandbox, whatever their validator reports, quote the same.
 */
export function findPatternFacts(contract: SchemaDocument, schema: unknown, instancePath: string): PatternFacts {
  let candidates = expandSchema(contract, schema, undefined);
  for (const segment of instancePath.split('/').slice(1)) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    candidates = candidates.flatMap(({ node }) => expandSchema(contract, childSchema(node, key), undefined));
  }
  const holder = candidates.find(({ node }) => typeof node.pattern === 'string');
  const componentDescription = holder?.component && typeof holder.node.description === 'string' ? holder.node.description : undefined;
  const described = [holder, ...candidates].find((candidate) => typeof candidate?.node.description === 'string');
  return {
    component: holder?.component,
    componentDescription: componentDescription && foldWhitespace(componentDescription),
    description: described && foldWhitespace(described.node.description),
  };
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
