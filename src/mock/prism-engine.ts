// Prism's HTTP engine (@stoplight/prism-http 5.12.0, the version @stoplight/prism-cli 5.14.2 runs) in this process:
// the contract's operations, and one function from a request to Prism's answer and its findings. It mirrors what
// the CLI wires (prism-cli dist/util/createServer.js, prism-http-server dist/server.js): the same config, the same
// per-request `Prefer` reading (unless the mock hands it the preferences it honours, preferences.ts), the same
// serialisation, so answers match `prism mock`; only the socket, the logging and the callbacks are this package's
// own. The proxy does not use it: it forwards on its own and asks Prism's validator alone (proxy-judge.ts).
import { Writable } from 'node:stream';
import { createLogger } from '@stoplight/prism-core';
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpConfig,
  type IHttpRequest,
  ProblemJsonError,
  resetJSONSchemaGenerator,
} from '@stoplight/prism-http';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
import type { IHttpOperation } from '@stoplight/types';
import { JSONSchemaFaker } from 'json-schema-faker';
import type { MockPreferences } from './preferences.js';
import { describeViolation, type PrismViolation, toViolation, violationLogLevel } from './report-violations.js';

/** What Prism answers to one request, ready to send: headers lower-case, body serialised. */
export interface PrismAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  violations: PrismViolation[];
}

/** The request as Prism reads it: `body` is the parsed JSON, the text, or null when there is none. */
export interface PrismRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The preferences to answer with, already chosen (preferences.ts); without them, Prism reads the request's own. */
  preferences?: MockPreferences;
}

export interface PrismEngineOptions {
  /** The bundled contract's path (YAML or JSON). */
  document: string;
  logLevel: string;
  log: (line: string) => void;
  dynamic?: boolean;
}

export interface PrismEngine {
  /** The contract's operations as Prism reads them, callbacks included (the mock sends them itself). */
  operations: IHttpOperation[];
  answer(request: PrismRequest): Promise<PrismAnswer>;
}

export async function createPrismEngine(options: PrismEngineOptions): Promise<PrismEngine> {
  const operations = await getHttpOperationsFromSpec(options.document);
  if (operations.length === 0) throw new Error(`No operations found in ${options.document}.`);
  // What `prism mock --json-schema-faker-fillProperties=false` sets: generated records hold only declared fields.
  resetJSONSchemaGenerator();
  JSONSchemaFaker.option('fillProperties', false);
  // Prism would fire each operation's callbacks itself, after every answer, rejections included, without the
  // headers the contract declares; the mock sends the completion callback itself (completion-callback.ts).
  const served = operations.map((operation) => ({ ...operation, callbacks: undefined }));
  const shared = {
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    errors: false,
    upstreamProxy: undefined,
    mock: { dynamic: options.dynamic ?? false, ignoreExamples: false },
  };
  const config: IHttpConfig = { ...shared, isProxy: false };
  const logger = createLogger(
    'CLI',
    { level: options.logLevel, formatters: { level: (level: string) => ({ level }) } },
    createLogStream(options.log),
  );
  const prism = createInstance(config, { logger: logger.child({ name: 'HTTP SERVER' }) });

  async function answer(request: PrismRequest): Promise<PrismAnswer> {
    const { searchParams, pathname } = new URL(request.url, 'http://example.com');
    const input: IHttpRequest = {
      method: request.method.toLowerCase() as IHttpRequest['method'],
      url: { path: pathname, baseUrl: searchParams.get('__server') || undefined, query: readQuery(searchParams) },
      headers: request.headers as Record<string, string>,
      body: request.body,
    };
    let preferences: MockPreferences | undefined = request.preferences;
    if (!preferences) {
      const read = getHttpConfigFromRequest(input);
      if (read._tag === 'Left') return answerError(read.left);
      preferences = read.right;
    }
    const requestConfig = { ...config, mock: { ...config.mock, ...withoutUndefined(preferences) } } as IHttpConfig;
    const result = await prism.request(input, served, requestConfig)();
    if (result._tag === 'Left') return answerError(result.left);
    const { output, validations } = result.right;
    const violations = [
      ...validations.input.map((detail) => toViolation('request', detail)),
      ...validations.output.map((detail) => toViolation('response', detail)),
    ];
    for (const violation of violations) logViolation(logger, violation);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(output.headers ?? {})) headers[name.toLowerCase()] = value;
    const text = serialize(output.body, headers['content-type']);
    return { status: output.statusCode, headers, body: Buffer.from(text ?? ''), violations };
  }

  return { operations, answer };
}

// Prism's own error answers (no route, no method, a bad Prefer), as its server sends them.
function answerError(error: Error): PrismAnswer {
  const problem = ProblemJsonError.toProblemJson(error);
  const additional = (error as { additional?: { headers?: Record<string, string> } }).additional;
  const headers: Record<string, string> = { 'content-type': 'application/problem+json' };
  for (const [name, value] of Object.entries(additional?.headers ?? {})) headers[name.toLowerCase()] = value;
  const status = (error as { status?: number }).status || 500;
  return { status, headers, body: Buffer.from(JSON.stringify(problem)), violations: [] };
}

function logViolation(logger: ReturnType<typeof createLogger>, violation: PrismViolation): void {
  logger.child({ name: 'VALIDATOR' })[violationLogLevel(violation)](describeViolation(violation));
}

function readQuery(searchParams: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(searchParams.keys())) {
    const values = searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  return query;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

// prism-http-server's serialize(): JSON for JSON media types, text as it is; Prism's mock only answers those.
function serialize(payload: unknown, contentType: string | string[] | undefined): string | undefined {
  if (!contentType && !payload) return undefined;
  const type = String(contentType ?? '').toLowerCase();
  if (/^application\/(?:[\w.+-]+\+)?json\b/.test(type)) return JSON.stringify(payload);
  return typeof payload === 'string' ? payload : JSON.stringify(payload);
}

// Prism logs pino JSON lines; the CLI prints each as "[NAME] message" (signale). The same here, without the
// request objects pino carries beside the message: a line never holds a header, so never the API key.
function createLogStream(log: (line: string) => void): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        try {
          const entry = JSON.parse(line) as { level?: unknown; name?: unknown; msg?: unknown };
          log(`[${String(entry.name ?? 'PRISM')}] ${String(entry.level ?? '')} ${String(entry.msg ?? '')}`);
        } catch {
          // a line pino could not finish; nothing of it is worth printing
        }
      }
      done();
    },
  });
}
