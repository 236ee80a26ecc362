// The half of the breaking-change gate (`npm run check:breaking`) that Optic does not do. Optic 1.0.9 compares the
// paths and the schemas of requests and responses, but it ignores callbacks, `x-extensible-enum`, documented problem
// types, and narrowed bounds and patterns. This module compares two bundled contracts for exactly those, in the
// direction the data flows: what a client sends (request) may only get looser; what it receives (response, and the
// callback the service sends) may only get tighter, except that values are never removed from an enum (D26).
import { readProblemExamples } from '../contract/contract-facts.js';
import { type OpenApiDocument, resolveRef } from '../contract/load-contract.js';

export interface BreakingChange {
  /** Short rule name, such as `enum-value-removed`; stable for tests and scripts. */
  rule: string;
  /** Where it happened: operation, part and field path. */
  where: string;
  detail: string;
}

/** A breaking change with the tool that found it: Optic, or this module's own checks. */
export interface GateFinding extends BreakingChange {
  tool: 'optic' | 'contract-check';
}

/** `request`: data the client sends, so narrowing breaks. `response`: data the client receives, so widening breaks. */
type Flow = 'request' | 'response';

/** `full` compares everything (callbacks, which Optic skips); `constraints` only what Optic skips everywhere. */
type Scope = 'full' | 'constraints';

interface Walk {
  base: OpenApiDocument;
  head: OpenApiDocument;
  flow: Flow;
  scope: Scope;
  found: BreakingChange[];
  /** `$ref` pairs already compared, so recursive schemas end. */
  seen: Set<string>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// A larger value is tighter for the upper bounds and looser for the lower ones.
const UPPER_BOUNDS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'];
const LOWER_BOUNDS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'];

/** Every change from `base` to `head` that the checks of this module call breaking; empty when there is none. */
export function findBreakingChanges(base: OpenApiDocument, head: OpenApiDocument): BreakingChange[] {
  const found: BreakingChange[] = [];
  for (const [path, baseItem] of Object.entries(base.paths ?? {})) {
    for (const method of METHODS) {
      const baseOperation = baseItem?.[method];
      const headOperation = head.paths?.[path]?.[method];
      // A removed operation is Optic's finding; there is nothing left to compare here.
      if (!baseOperation || !headOperation) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const walk = (flow: Flow, scope: Scope): Walk => ({ base, head, flow, scope, found, seen: new Set() });
      compareOperation(walk('request', 'constraints'), walk('response', 'constraints'), baseOperation, headOperation, where);
      compareProblemTypes(walk('response', 'constraints'), baseOperation, headOperation, where);
      compareCallbacks(walk('response', 'full'), baseOperation, headOperation, where);
    }
  }
  return found;
}

function compareOperation(sent: Walk, received: Walk, baseOperation: any, headOperation: any, where: string): void {
  compareParameters(sent, baseOperation.parameters, headOperation.parameters, where);
  const requestBodies = [resolveRef(sent.base, baseOperation.requestBody), resolveRef(sent.head, headOperation.requestBody)];
  compareContent(sent, requestBodies[0], requestBodies[1], `${where} request body`);
  for (const [status, baseResponse] of Object.entries<any>(baseOperation.responses ?? {})) {
    const headResponse = headOperation.responses?.[status];
    if (!headResponse) continue;
    const base = resolveRef(received.base, baseResponse);
    const head = resolveRef(received.head, headResponse);
    compareContent(received, base, head, `${where} response ${status}`);
    for (const [name, header] of Object.entries<any>(base.headers ?? {})) {
      const headHeader = head.headers?.[name];
      if (!headHeader) continue;
      const at = `${where} response ${status} header ${name}`;
      compareSchema(received, resolveRef(received.base, header).schema, resolveRef(received.head, headHeader).schema, at);
    }
  }
}

// The callback is an operation the service calls: its body and headers flow to the receiver like a response, and
// Optic compares none of it, so every rule applies here.
function compareCallbacks(walk: Walk, baseOperation: any, headOperation: any, where: string): void {
  const { base, head, found } = walk;
  for (const [name, baseCallback] of Object.entries<any>(baseOperation.callbacks ?? {})) {
    const headCallback = resolveRef(head, headOperation.callbacks?.[name]);
    if (!headCallback) {
      found.push({ rule: 'callback-removed', where: `${where} callback ${name}`, detail: `the callback "${name}" was removed` });
      continue;
    }
    for (const [expression, baseItem] of Object.entries<any>(resolveRef(base, baseCallback))) {
      for (const method of METHODS.filter((m) => baseItem?.[m])) {
        const at = `${where} callback ${name}`;
        const headCallOperation = headCallback[expression]?.[method];
        if (!headCallOperation) {
          found.push({ rule: 'callback-removed', where: at, detail: `${method.toUpperCase()} ${expression} is no longer sent` });
          continue;
        }
        const call: Walk = { ...walk, seen: new Set() };
        compareParameters(call, baseItem[method].parameters, headCallOperation.parameters, at);
        compareContent(call, resolveRef(base, baseItem[method].requestBody), resolveRef(head, headCallOperation.requestBody), `${at} body`);
      }
    }
  }
}

function compareParameters(walk: Walk, baseParameters: any[] = [], headParameters: any[] = [], where: string): void {
  const key = (parameter: any) => `${parameter.in} ${String(parameter.name).toLowerCase()}`;
  const headByKey = new Map(headParameters.map((p) => resolveRef(walk.head, p)).map((p) => [key(p), p]));
  for (const baseParameter of baseParameters.map((p) => resolveRef(walk.base, p))) {
    const at = `${where} ${baseParameter.in} parameter ${baseParameter.name}`;
    const headParameter = headByKey.get(key(baseParameter));
    if (!headParameter) {
      // A client may still send a removed request parameter harmlessly; a receiver that reads a header loses it.
      if (walk.scope === 'full' && walk.flow === 'response') {
        walk.found.push({ rule: 'parameter-removed', where: at, detail: 'is no longer sent' });
      }
      continue;
    }
    if (walk.scope === 'full' && walk.flow === 'response' && baseParameter.required && !headParameter.required) {
      walk.found.push({ rule: 'parameter-made-optional', where: at, detail: 'was always sent and now may be left out' });
    }
    compareSchema(walk, baseParameter.schema, headParameter.schema, at);
  }
}

function compareContent(walk: Walk, base: any, head: any, where: string): void {
  for (const [mediaType, baseMedia] of Object.entries<any>(base?.content ?? {})) {
    const headMedia = head?.content?.[mediaType];
    if (!headMedia) {
      if (walk.scope === 'full') walk.found.push({ rule: 'media-type-removed', where, detail: `${mediaType} is no longer sent` });
      continue;
    }
    compareSchema(walk, baseMedia.schema, headMedia.schema, `${where} (${mediaType})`);
  }
}

/** Compare one schema position; `where` names it and grows with each property, item and branch. */
function compareSchema(walk: Walk, baseNode: any, headNode: any, where: string): void {
  if (!isObject(baseNode) || !isObject(headNode)) return;
  const pairKey = `${walk.flow} ${baseNode.$ref ?? where} ${headNode.$ref ?? where}`;
  if (baseNode.$ref && walk.seen.has(pairKey)) return;
  walk.seen.add(pairKey);
  const base = resolveRef(walk.base, baseNode);
  const head = resolveRef(walk.head, headNode);

  if (Array.isArray(base['x-extensible-enum'])) {
    compareOpenEnum(walk, base, head, where);
    return;
  }
  compareEnum(walk, base, head, where);
  compareBounds(walk, base, head, where);
  compareKeyword(walk, base, head, where, 'pattern');
  compareKeyword(walk, base, head, where, 'format');
  if (walk.scope === 'full') {
    compareTypes(walk, base, head, where);
    compareProperties(walk, base, head, where);
  }
  for (const [name, baseProperty] of Object.entries<any>(base.properties ?? {})) {
    compareSchema(walk, baseProperty, head.properties?.[name], `${where} ${name}`);
  }
  compareSchema(walk, base.items, head.items, `${where}[]`);
  compareSchema(walk, base.additionalProperties, head.additionalProperties, `${where}{}`);
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    (base[keyword] ?? []).forEach((branch: any, index: number) => {
      compareSchema(walk, branch, head[keyword]?.[index], `${where} (${keyword} ${index})`);
    });
  }
}

// An open enum (D26) may gain values in any direction, but it may never lose one or stop accepting other strings.
function compareOpenEnum(walk: Walk, base: any, head: any, where: string): void {
  const headValues: unknown[] = head['x-extensible-enum'] ?? [];
  for (const value of base['x-extensible-enum']) {
    if (!headValues.includes(value)) {
      walk.found.push({ rule: 'enum-value-removed', where, detail: `the open enum lost ${JSON.stringify(value)}` });
    }
  }
  if (!isOpenEnum(walk.head, head)) {
    walk.found.push({ rule: 'open-enum-closed', where, detail: 'the open enum no longer accepts values it does not list' });
  }
}

/** Open, as D26 writes it: `x-extensible-enum` and an `anyOf` branch that takes any string. */
function isOpenEnum(document: OpenApiDocument, schema: any): boolean {
  if (!Array.isArray(schema['x-extensible-enum'])) return false;
  return (schema.anyOf ?? [])
    .map((branch: any) => resolveRef(document, branch))
    .some((branch: any) => branch.enum === undefined && branch.const === undefined && listTypes(branch)?.includes('string'));
}

function compareEnum(walk: Walk, base: any, head: any, where: string): void {
  const baseValues = listEnumValues(base);
  const headValues = listEnumValues(head);
  if (baseValues && headValues) {
    for (const value of baseValues.filter((v) => !headValues.includes(v))) {
      walk.found.push({ rule: 'enum-value-removed', where, detail: `lost ${JSON.stringify(value)}` });
    }
    if (walk.flow === 'response') {
      for (const value of headValues.filter((v) => !baseValues.includes(v))) {
        walk.found.push({ rule: 'closed-enum-value-added', where, detail: `gained ${JSON.stringify(value)}, which clients do not expect` });
      }
    }
  } else if (baseValues && walk.flow === 'response') {
    // Opening a closed enum (D26's `x-extensible-enum`) is as breaking as dropping it: clients expect only the list.
    const rule = isOpenEnum(walk.head, head) ? 'closed-enum-opened' : 'enum-removed';
    walk.found.push({ rule, where, detail: 'no longer limited to its listed values' });
  } else if (headValues && walk.flow === 'request') {
    walk.found.push({ rule: 'enum-added', where, detail: `now limited to ${JSON.stringify(headValues)}` });
  }
}

function compareBounds(walk: Walk, base: any, head: any, where: string): void {
  for (const keyword of [...UPPER_BOUNDS, ...LOWER_BOUNDS]) {
    const before: number | undefined = base[keyword];
    const after: number | undefined = head[keyword];
    if (before === after) continue;
    const upper = UPPER_BOUNDS.includes(keyword);
    // No bound at all is the loosest one.
    const tighter = after !== undefined && (before === undefined || (upper ? after < before : after > before));
    const detail = `${keyword} ${before ?? 'none'} → ${after ?? 'none'}`;
    if (tighter && walk.flow === 'request') walk.found.push({ rule: 'bound-narrowed', where, detail });
    if (!tighter && walk.flow === 'response') walk.found.push({ rule: 'bound-widened', where, detail });
  }
}

// Two patterns (or formats) cannot be proven equivalent, so any edit of one counts as breaking in both directions.
function compareKeyword(walk: Walk, base: any, head: any, where: string, keyword: 'pattern' | 'format'): void {
  const before: string | undefined = base[keyword];
  const after: string | undefined = head[keyword];
  if (before === after) return;
  const detail = `${keyword} ${JSON.stringify(before ?? null)} → ${JSON.stringify(after ?? null)}`;
  if (before !== undefined && after !== undefined) walk.found.push({ rule: `${keyword}-changed`, where, detail });
  else if (after !== undefined && walk.flow === 'request') walk.found.push({ rule: `${keyword}-added`, where, detail });
  else if (before !== undefined && walk.flow === 'response') walk.found.push({ rule: `${keyword}-removed`, where, detail });
}

function compareTypes(walk: Walk, base: any, head: any, where: string): void {
  const before = listTypes(base);
  const after = listTypes(head);
  if (!before || !after) return;
  // A request may accept more types; a response may send fewer.
  const lost = before.filter((type) => !after.includes(type));
  const gained = after.filter((type) => !before.includes(type));
  if ((walk.flow === 'request' && lost.length > 0) || (walk.flow === 'response' && gained.length > 0)) {
    walk.found.push({ rule: 'type-changed', where, detail: `type ${before.join('|')} → ${after.join('|')}` });
  }
}

function compareProperties(walk: Walk, base: any, head: any, where: string): void {
  const baseRequired: string[] = base.required ?? [];
  const headRequired: string[] = head.required ?? [];
  for (const name of Object.keys(base.properties ?? {})) {
    if (!(name in (head.properties ?? {}))) {
      walk.found.push({ rule: 'property-removed', where: `${where} ${name}`, detail: 'the property was removed' });
    } else if (walk.flow === 'response' && baseRequired.includes(name) && !headRequired.includes(name)) {
      walk.found.push({ rule: 'property-made-optional', where: `${where} ${name}`, detail: 'was always sent and now may be left out' });
    }
  }
  if (walk.flow === 'request') {
    for (const name of headRequired.filter((n) => !baseRequired.includes(n))) {
      walk.found.push({ rule: 'property-made-required', where: `${where} ${name}`, detail: 'clients that leave it out now fail' });
    }
  }
}

// Problem types are documented by the examples of each problem response (D2, D3); a client branches on them.
function compareProblemTypes(walk: Walk, baseOperation: any, headOperation: any, where: string): void {
  const headTypes = new Set(listProblemTypes(walk.head, headOperation));
  for (const entry of listProblemTypes(walk.base, baseOperation)) {
    if (!headTypes.has(entry)) walk.found.push({ rule: 'problem-type-removed', where, detail: `no longer documents ${entry}` });
  }
}

/** `<status> <type>` for every problem example of the operation, and `<status>` for the status itself. */
function listProblemTypes(document: OpenApiDocument, operation: any): string[] {
  const entries: string[] = [];
  for (const [status, response] of Object.entries<any>(operation.responses ?? {})) {
    const examples = readProblemExamples(document, response);
    if (!examples) continue;
    entries.push(status);
    for (const example of examples as any[]) if (typeof example?.type === 'string') entries.push(`${status} ${example.type}`);
  }
  return entries;
}

function listEnumValues(schema: any): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  return schema.const !== undefined ? [schema.const] : undefined;
}

function listTypes(schema: any): string[] | undefined {
  if (schema.type === undefined) return undefined;
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function isObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
