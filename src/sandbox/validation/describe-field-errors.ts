// Ajv errors → the contract's `errors[]` of {pointer, code, detail} (D2): one entry per offending field, pointing at
// the field itself (for a missing or unknown field, the field that should or should not be there). When one field
// breaks several keywords, the first one's code stands for the entry and the details are joined.
import type { ErrorObject } from 'ajv';
import type { FieldError, FieldErrorCode } from '../../../generated/openapi.js';
import { codeForKeyword } from '../../contract/field-error-codes.js';

type SchemaDescriptions = Record<string, string | undefined>;

/** @param descriptions the contract's component descriptions by name, quoted when a value breaks a component's pattern. */
export function describeFieldErrors(errors: ErrorObject[], descriptions: SchemaDescriptions): FieldError[] {
  const byPointer = new Map<string, { code: FieldErrorCode; details: string[] }>();
  for (const error of errors) {
    const pointer = pointerOf(error);
    const detail = detailOf(error, descriptions);
    const entry = byPointer.get(pointer) ?? { code: codeOf(error), details: [] };
    if (!entry.details.includes(detail)) entry.details.push(detail);
    byPointer.set(pointer, entry);
  }
  return [...byPointer].map(([pointer, { code, details }]) => ({ pointer, code, detail: details.join('; ') }));
}

/** The field error's machine-readable code (D2), from the contract's one keyword mapping. */
function codeOf(error: ErrorObject): FieldErrorCode {
  const patternComponent = /#\/components\/schemas\/([^/]+)\/pattern$/.exec(error.schemaPath)?.[1];
  const isUriFormat = (error.params as { format?: string }).format === 'uri';
  return codeForKeyword(error.keyword, { patternComponent, isUriFormat });
}

function pointerOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `${error.instancePath}/${escapePointer(String(params.missingProperty))}`;
  if (error.keyword === 'additionalProperties') return `${error.instancePath}/${escapePointer(String(params.additionalProperty))}`;
  return error.instancePath;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer (a whole JSON number)',
  number: 'a number',
  object: 'a JSON object',
  array: 'an array',
  boolean: 'true or false',
  null: 'null',
};

function detailOf(error: ErrorObject, descriptions: SchemaDescriptions): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a field of this object; remove it (request field names are snake_case)';
    case 'type':
      return `must be ${String(params.type)
        .split(',')
        .map((type) => TYPE_NAMES[type] ?? type)
        .join(' or ')}`;
    case 'minLength':
      return `must be at least ${params.limit} character${params.limit === 1 ? '' : 's'} long`;
    case 'maxLength':
      return `must be at most ${params.limit} characters long`;
    case 'minimum':
      return `must be at least ${params.limit}`;
    case 'maximum':
      return `must be at most ${params.limit}`;
    case 'minItems':
      return `must have at least ${params.limit} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must have at most ${params.limit} items`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'format':
      return params.format === 'uri' ? 'must be an absolute URL' : `must be a valid ${params.format}`;
    case 'pattern':
      return describePattern(error, descriptions);
    default:
      return error.message ?? 'is invalid';
  }
}

// A pattern is unreadable to most people; the component's own description says the same in words.
function describePattern(error: ErrorObject, descriptions: SchemaDescriptions): string {
  const component = /#\/components\/schemas\/([^/]+)\/pattern$/.exec(error.schemaPath)?.[1];
  const description = component ? descriptions[component] : undefined;
  if (description) return `does not have the form of ${component}: ${description.replace(/\s+/g, ' ').trim()}`;
  return `must match the pattern ${(error.params as { pattern: string }).pattern}`;
}
