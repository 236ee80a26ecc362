// Words for a value that breaks a `pattern`, taken from the contract: the description of the component that holds
// the pattern, worded as the sandbox words it (src/sandbox/validation/describe-field-errors.ts) so that the mock
// and the sandbox say the same thing. Never the regex (unreadable) and never the value (it may be long or secret).
import { resolveRef } from './contract-facts.js';

export const UNDESCRIBED_FORMAT = 'does not have the expected format';

const COMPONENT_SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;
const MAX_REF_DEPTH = 32; // deeper than any real chain of $ref; stops a recursive schema from looping

/** `describePattern` for describeRequestViolations, for a request to `operation` (an entry of listOperations). */
export function createPatternDescriber(contract, operation) {
  return (location) => describePatternViolation(contract, ...locateSchema(operation, location));
}

/** `findPatternComponent` for describeRequestViolations: the component holding the broken pattern, if any. */
export function createPatternComponentFinder(contract, operation) {
  return (location) => findPatternHolder(contract, ...locateSchema(operation, location)).holder?.component;
}

function locateSchema(operation, [part, ...segments]) {
  return part === 'header' ? [operation?.headerSchemas[segments[0]?.toLowerCase()], []] : [operation?.requestSchema, segments];
}

/** The detail for a pattern violation at `segments` (an Ajv instancePath split on "/") inside `schema`. */
export function describePatternViolation(contract, schema, segments) {
  const { holder, candidates } = findPatternHolder(contract, schema, segments);
  if (holder?.component && typeof holder.node.description === 'string') {
    return `does not have the form of ${holder.component}: ${foldWhitespace(holder.node.description)}`;
  }
  const described = [holder, ...candidates].find((candidate) => typeof candidate?.node.description === 'string');
  return described ? `${UNDESCRIBED_FORMAT}: ${foldWhitespace(described.node.description)}` : UNDESCRIBED_FORMAT;
}

// Every schema that applies at `segments`, and the first of them that holds a pattern.
function findPatternHolder(contract, schema, segments) {
  let candidates = expandSchema(contract, schema);
  for (const segment of segments) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    candidates = candidates.flatMap(({ node }) => expandSchema(contract, childSchema(node, key)));
  }
  return { holder: candidates.find(({ node }) => typeof node.pattern === 'string'), candidates };
}

// A schema and every schema it stands for at the same place in the value: its $ref target and its
// allOf/anyOf/oneOf branches, each with the component name it was reached by, if any.
function expandSchema(contract, node, component, depth = 0) {
  if (!node || typeof node !== 'object' || depth > MAX_REF_DEPTH) return [];
  const expanded = [{ node, component }];
  if (typeof node.$ref === 'string') {
    const name = COMPONENT_SCHEMA_REF.exec(node.$ref)?.[1];
    expanded.push(...expandSchema(contract, resolveRef(contract, { $ref: node.$ref }), name, depth + 1));
  }
  for (const branch of [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
    expanded.push(...expandSchema(contract, branch, undefined, depth + 1));
  }
  return expanded;
}

function childSchema(node, key) {
  if (node.properties && Object.hasOwn(node.properties, key)) return node.properties[key];
  if (/^(?:0|[1-9][0-9]*)$/.test(key) && (node.prefixItems || node.items)) return node.prefixItems?.[Number(key)] ?? node.items;
  return typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
}

function foldWhitespace(text) {
  return text.replace(/\s+/g, ' ').trim();
}
