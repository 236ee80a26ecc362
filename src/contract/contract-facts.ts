// Facts read from the contract, each by one function here: its operations (paths, methods, what they require), the
// auth scheme and its challenge, the problem templates, header schemas, the named examples, the callback's delivery
// headers, the Request-Id's form and the field error codes. Nothing here compiles a schema: contract-value.ts compiles
// them once, beside these facts. `$ref`s are followed by load-contract.ts's resolveRef, the one resolver.
import { randomUUID } from 'node:crypto';
import { type OpenApiDocument, resolveRef } from './load-contract.js';

/** One operation of the contract, with the facts the servers route, authenticate and check requests by. */
export interface ContractOperation {
  /** The operation's `operationId`, or undefined when it has none. */
  operationId: string | undefined;
  method: string;
  path: string;
  /** Matches the request paths this operation serves. */
  pathPattern: RegExp;
  requestExamples: Array<{ name: string; value: unknown }>;
  responseExampleNames: string[];
  /** The status of its success answer (its first 2xx), if it declares one. */
  successStatus: number | undefined;
  /** Each status it declares one by one (not `default` or a range like `4XX`), with its answer's named examples. */
  responseExamples: Map<number, string[]>;
  hasCallbacks: boolean;
  requestSchema: unknown;
  /** The request body's media types, lower-case; empty when the operation takes no body. */
  requestMediaTypes: string[];
  headerSchemas: Record<string, unknown>;
  /** The lower-case name of the API key header the operation requires, if it requires one. */
  apiKeyHeader: string | undefined;
  /** The WWW-Authenticate value of the operation's 401 answer, if the contract declares one. */
  authChallenge: string | undefined;
}

/**
 * Every operation with its named JSON request examples, the names its success response can answer with, its JSON
 * request body schema and its header parameters' schemas by lower-case name; the request body's media types, the
 * API key header it requires (lower-case, undefined when it requires none) and the challenge its 401 answers with.
 */
export function listOperations(contract: OpenApiDocument): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || !operation?.responses) continue;
      const requestBody = resolveRef(contract, operation.requestBody);
      const requestMedia = requestBody?.content?.['application/json'];
      const requestExamples = Object.entries(requestMedia?.examples ?? {}).map(([name, example]) => ({
        name,
        value: resolveRef(contract, example).value,
      }));
      const [successStatus, success] = findSuccessResponse(operation.responses);
      const successMedia = resolveRef(contract, success)?.content?.['application/json'];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        pathPattern: compilePathPattern(path),
        requestExamples,
        responseExampleNames: Object.keys(successMedia?.examples ?? {}),
        successStatus: successStatus === undefined ? undefined : Number(successStatus),
        responseExamples: readResponseExamples(contract, operation.responses),
        hasCallbacks: Boolean(operation.callbacks),
        requestSchema: requestMedia?.schema,
        requestMediaTypes: Object.keys(requestBody?.content ?? {}).map((type) => type.toLowerCase()),
        headerSchemas: readHeaderSchemas(contract, [...(item.parameters ?? []), ...(operation.parameters ?? [])]),
        apiKeyHeader: readApiKeyHeader(contract, operation.security ?? contract.security ?? []),
        authChallenge: readHeaderExample(contract, operation.responses['401'], 'WWW-Authenticate'),
      });
    }
  }
  return operations;
}

/**
 * The status a server of the contract answers a valid request with, and its response: `201` where the operation
 * declares it beside another 2xx (D1: a create answers 201 Created, and documents 200 with the same record only so
 * that tools read a service answering 200 as succeeding), else its first 2xx.
 */
function findSuccessResponse(responses: Record<string, unknown>): [string, unknown] | [] {
  const successes = Object.entries(responses).filter(([status]) => /^2[0-9]{2}$/.test(status));
  return successes.find(([status]) => status === '201') ?? successes[0] ?? [];
}

/** The operation named `operationId`; throws when the contract has none, so a server fails at start-up. */
export function findOperation(contract: OpenApiDocument, operationId: string): ContractOperation {
  const operation = listOperations(contract).find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`The contract has no operation "${operationId}".`);
  return operation;
}

/**
 * The auth scheme word an operation's `Authorization` header must start with (`Api-Key`): the first word of the
 * challenge its 401 answers with (RFC 9110, section 11.6.1). Throws when the operation declares no challenge.
 */
export function readAuthScheme(operation: ContractOperation): string {
  const scheme = operation.authChallenge?.split(/[ \t,]/)[0];
  if (!scheme) throw new Error(`The contract's ${operation.method} ${operation.path} declares no WWW-Authenticate challenge.`);
  return scheme;
}

/** The type, title and status every problem of one kind shares. */
export interface ProblemTemplate {
  type: string;
  title: string;
  status: number;
}

/**
 * The problem examples of one response (`example` and every named example of its application/problem+json
 * content), or undefined when the response is no problem. The one way problem examples are read.
 */
export function readProblemExamples(contract: OpenApiDocument, responseNode: unknown): unknown[] | undefined {
  const media = resolveRef(contract, responseNode)?.content?.['application/problem+json'];
  if (!media) return undefined;
  const named = Object.values(media.examples ?? {}).map((example) => resolveRef(contract, example)?.value);
  return [media.example, ...named].filter((example) => example !== undefined);
}

/** Every problem type the contract's responses give an example of, by its slug (the last segment of its type). */
export function readProblemTemplates(contract: OpenApiDocument): Map<string, ProblemTemplate> {
  const templates = new Map<string, ProblemTemplate>();
  for (const response of Object.values(contract.components.responses ?? {})) {
    for (const example of readProblemExamples(contract, response) ?? []) {
      const { type, title, status } = example as Partial<ProblemTemplate>;
      if (typeof type !== 'string') continue;
      const slug = readProblemSlug(type);
      if (!templates.has(slug)) templates.set(slug, { type, title: title as string, status: status as number });
    }
  }
  return templates;
}

/** The slug of a problem type URI: its last path segment. */
function readProblemSlug(type: string): string {
  return type.split(/[/#]/).pop() ?? type;
}

// The statuses declared one by one, each with the example names of every media type of its answer.
function readResponseExamples(contract: OpenApiDocument, responses: Record<string, unknown>): Map<number, string[]> {
  const examples = new Map<number, string[]>();
  for (const [status, response] of Object.entries(responses)) {
    if (!/^[1-5][0-9]{2}$/.test(status)) continue;
    const contents: Array<{ examples?: Record<string, unknown> }> = Object.values(resolveRef(contract, response)?.content ?? {});
    examples.set(Number(status), [...new Set(contents.flatMap((media) => Object.keys(media.examples ?? {})))]);
  }
  return examples;
}

/**
 * A path template as a pattern over request paths: each parameter (`{id}`) stands for one non-empty segment, as Prism
 * routes it, and is a group of the pattern, in order (the request front reads the first as the route's id).
 */
export function compilePathPattern(path: string): RegExp {
  const parts = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('([^/]+)')}$`);
}

// The header of an apiKey scheme every alternative of `security` needs; none when an alternative needs no key.
function readApiKeyHeader(contract: OpenApiDocument, security: Array<Record<string, unknown>>): string | undefined {
  let header: string | undefined;
  for (const requirement of security) {
    const schemes = Object.keys(requirement).map((name) => resolveRef(contract, contract.components.securitySchemes?.[name]));
    const scheme = schemes.find((candidate) => candidate?.type === 'apiKey' && candidate.in === 'header');
    if (!scheme) return undefined;
    header ??= String(scheme.name).toLowerCase();
  }
  return header;
}

function readHeaderExample(contract: OpenApiDocument, responseNode: unknown, headerName: string): string | undefined {
  const headers: Record<string, unknown> = resolveRef(contract, responseNode)?.headers ?? {};
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === headerName.toLowerCase())?.[1];
  const header = resolveRef(contract, entry);
  const value = header?.schema?.const ?? header?.example;
  return value === undefined ? undefined : String(value);
}

function readHeaderSchemas(contract: OpenApiDocument, parameters: unknown[]): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const parameter of parameters.map((p) => resolveRef(contract, p))) {
    if (parameter?.in === 'header') schemas[String(parameter.name).toLowerCase()] = parameter.schema;
  }
  return schemas;
}

/** The header parameters of every callback request, each with the example value the contract gives it. */
export function readCallbackHeaderExamples(contract: OpenApiDocument): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const item of Object.values(contract.paths)) {
    for (const operation of Object.values(item)) {
      for (const callback of Object.values(operation?.callbacks ?? {})) {
        for (const expression of Object.values(resolveRef(contract, callback) as Record<string, Record<string, any>>)) {
          for (const callbackOperation of Object.values(expression)) {
            for (const parameter of callbackOperation.parameters ?? []) {
              const resolved = resolveRef(contract, parameter);
              if (resolved.in === 'header' && resolved.example !== undefined) headers[resolved.name] = String(resolved.example);
            }
          }
        }
      }
    }
  }
  return headers;
}

/** The example value of the Request-Id header the contract's responses declare, or undefined when they declare none. */
export function readRequestIdExample(contract: OpenApiDocument): string | undefined {
  const responses = [
    ...Object.values(contract.components.responses ?? {}),
    ...Object.values(contract.paths).flatMap((item) => Object.values(item).flatMap((op) => Object.values(op?.responses ?? {}))),
  ];
  for (const response of responses) {
    const example = readHeaderExample(contract, response, 'Request-Id');
    if (example !== undefined) return example;
  }
  return undefined;
}

/**
 * A maker of fresh Request-Ids shaped like the contract's example (`urn:uuid:` and a UUID): the example's prefix
 * before its UUID, then a new UUID. Undefined when the contract's responses declare no Request-Id example.
 */
export function createRequestIdMaker(contract: OpenApiDocument): (() => string) | undefined {
  const example = readRequestIdExample(contract);
  if (example === undefined) return undefined;
  const prefix = example.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, '');
  return () => `${prefix}${randomUUID()}`;
}

/**
 * The machine-readable codes a FieldError may carry (its `code` property's enum), or undefined when the contract's
 * FieldError has no `code`.
 */
export function readFieldErrorCodes(contract: OpenApiDocument): string[] | undefined {
  const fieldError = contract.components.schemas.FieldError as { properties?: Record<string, unknown> } | undefined;
  const code = resolveRef(contract, fieldError?.properties?.code);
  if (!code) return undefined;
  const codes = new Set<string>([...(code['x-extensible-enum'] ?? []), ...(code.enum ?? [])]);
  for (const branch of [...(code.anyOf ?? []), ...(code.oneOf ?? [])]) {
    for (const value of resolveRef(contract, branch).enum ?? []) codes.add(value);
  }
  return [...codes];
}
