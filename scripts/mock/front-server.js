// The loopback server callers talk to. It checks what the sandbox checks before validation (request-checks.js),
// hands every other request to Prism unchanged in meaning and makes Prism's answers useful: violations Prism only
// lists in its `sl-violations` header become the contract's problem body, Prism's routing errors become the
// contract's 404/405, named request examples get their matching named response, and callbacks go through the
// relay. Validation against the schemas stays Prism's job.
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, Agent } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { parseViolationsHeader, describeRequestViolations } from './violations.js';
import { createProblemFactory, MAX_BODY_BYTES } from './problems.js';
import { createRequestChecks } from './request-checks.js';
import { compileHttpUrlCheck, listOperations, readFieldErrorCodes, readProblemTemplate, readRequestIdExample } from './contract-facts.js';
import { createPatternComponentFinder, createPatternDescriber } from './pattern-details.js';
import { canConnect } from './prism-process.js';
import { buildCorsHeaders } from './cors.js';

const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade', 'te', 'trailer', 'proxy-connection',
]);
// Prism's violations header can reach 8 KB of JSON, six times that once the preload escapes non-ASCII characters.
const PRISM_MAX_HEADER_BYTES = 65_536;
const PRISM_RESTART_WAIT_MS = 60_000; // Prism's own start-up bound (prism-process.js)
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

export function createFrontServer({ prismOrigin, waitForPrism = async () => 0, pairExamples = true, contract, relay, log }) {
  const problems = createProblemFactory(contract);
  const checkRequest = createRequestChecks(problems);
  const internalError = readProblemTemplate(contract, 'InternalError');
  const codes = readFieldErrorCodes(contract);
  const operations = listOperations(contract).map((operation) => ({
    ...operation,
    describeOptions: {
      describePattern: createPatternDescriber(contract, operation),
      findPatternComponent: createPatternComponentFinder(contract, operation),
      codes,
    },
  }));
  const isHttpUrl = compileHttpUrlCheck(contract);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const { hostname: prismHost, port: prismPort } = new URL(prismOrigin);
  const nextRequestId = createRequestIds(readRequestIdExample(contract));
  const reply = (response, request, pathname, answer, exampleName) =>
    send(response, log, request, pathname, stampRequestId(answer, nextRequestId()), exampleName);

  async function handle(request, response) {
    const { body, tooLarge } = await readLimited(request, MAX_BODY_BYTES);
    const pathname = (request.url ?? '/').split('?')[0];
    const operation = operations.find((op) => op.method === request.method && op.pathPattern.test(pathname));
    const checked = checkRequest({ operation, request, body, tooLarge });
    if (checked.refusal) {
      const { problem, headers } = checked.refusal;
      return reply(response, request, pathname, ownProblemAnswer(problem, request, headers));
    }

    const headers = forwardableHeaders(request.headers);
    const adapted = operation && isPlainObject(checked.value) ? adaptCreate(operation, checked.value, headers) : {};
    const outgoing = { origin: prismOrigin, agent, method: request.method, url: request.url, headers, body: adapted.body ?? checked.body };
    let answer;
    try {
      answer = await forwardToLivePrism(outgoing);
    } catch (error) {
      adapted.callback?.settle(false);
      const detail = `The mock could not reach Prism (${error.code ?? error.message}); retry, or restart the mock with npm start.`;
      return reply(response, request, pathname, ownProblemAnswer({ ...internalError, detail }, request));
    }
    adapted.callback?.settle(answer.status >= 200 && answer.status < 300);
    const context = { problems, operation, pathname, allowed: listAllowedMethods(pathname), contentType: request.headers['content-type'] };
    return reply(response, request, pathname, rewriteAnswer(answer, context), adapted.exampleName);
  }

  // A connection Prism refused or reset while its port no longer listens means Prism has died, and the supervisor is
  // starting the next one: the request waits for that one (within a bound) and is sent to it once. Had this request
  // killed Prism, it kills the next one too and gets the 500; any other request goes through.
  async function forwardToLivePrism(outgoing) {
    const generation = await waitForPrism();
    try {
      return await forward(outgoing);
    } catch (error) {
      if (!CONNECTION_LOST.has(error.code) || await canConnect(prismHost, prismPort)) throw error;
      const next = await withDeadline(waitForPrism(generation), PRISM_RESTART_WAIT_MS);
      if (next === generation) throw error;
      return forward(outgoing);
    }
  }

  // A valid JSON object sent to an operation: pick the response example named like the request example it equals
  // (request and response examples share names), and route a valid callback_url through the relay.
  function adaptCreate(operation, parsed, headers) {
    const adapted = {};
    // isDeepStrictEqual stops at the first difference, so it never descends deeper than the (shallow) example.
    const name = operation.requestExamples.find((example) => isDeepStrictEqual(parsed, example.value))?.name;
    if (pairExamples && name && !headers.prefer && operation.responseExampleNames.includes(name)) {
      headers.prefer = `example=${name}`;
      adapted.exampleName = name;
    }
    if (operation.hasCallbacks && parsed.callback_url !== undefined && isHttpUrl(parsed.callback_url)) {
      adapted.callback = relay.register(parsed.callback_url);
      adapted.body = Buffer.from(JSON.stringify({ ...parsed, callback_url: adapted.callback.relayUrl }));
    }
    return adapted;
  }

  function listAllowedMethods(pathname) {
    return operations.filter((op) => op.pathPattern.test(pathname)).map((op) => op.method);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      const detail = `The mock failed on this request (${error.message}).`;
      const pathname = (request.url ?? '').split('?')[0];
      if (!response.headersSent) reply(response, request, pathname, ownProblemAnswer({ ...internalError, detail }, request));
      else response.destroy();
    });
  });
  server.on('clientError', (error, socket) => answerClientError(error, socket, problems, nextRequestId()));
  server.on('close', () => agent.destroy());
  return server;
}

function rewriteAnswer(answer, { problems, operation, pathname, allowed, contentType }) {
  const violations = parseViolationsHeader(answer.headers['sl-violations']);
  const requestViolations = violations.filter((v) => v.location?.[0] === 'request');
  if (answer.status === 415 && requestViolations.length > 0) {
    return problemAnswer(problems.unsupportedMediaType(contentType?.slice(0, 100)), answer);
  }
  if (answer.status === 422 && requestViolations.length > 0) {
    const described = describeRequestViolations(requestViolations, operation?.describeOptions);
    return problemAnswer(problems.validationFailed(described), answer);
  }
  // No operation has this method and path, so the 404 or 405 is Prism's routing answer, in Prism's own words.
  if (!operation && answer.status === 404 && problems.notFound) return problemAnswer(problems.notFound(pathname), answer);
  if (!operation && answer.status === 405 && problems.methodNotAllowed && allowed.length > 0) {
    const rewritten = problemAnswer(problems.methodNotAllowed(pathname, allowed), answer);
    return { ...rewritten, headers: { ...rewritten.headers, allow: allowed.join(', ') } };
  }
  if (answer.status >= 200 && answer.status < 300) {
    // Prism fills every declared response header from its example; this mock never replays a create.
    const { 'idempotent-replayed': _replayed, ...headers } = answer.headers;
    return { ...answer, headers };
  }
  return answer;
}

function problemAnswer(problem, base) {
  const { 'sl-violations': _moved, 'content-type': _type, ...headers } = base.headers;
  return {
    status: problem.status,
    headers: { ...headers, 'content-type': 'application/problem+json' },
    body: Buffer.from(JSON.stringify(problem)),
    problem,
  };
}

// An answer the front makes itself has no Prism answer to take headers from; it gets the CORS headers Prism would
// have sent to this request.
function ownProblemAnswer(problem, request, headers = {}) {
  return problemAnswer(problem, { headers: { ...buildCorsHeaders(request.headers), ...headers } });
}

function send(response, log, request, pathname, answer, exampleName) {
  response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
  response.end(answer.body);
  log(describeExchange(request.method, pathname, answer, exampleName));
}

// A request Node's parser refuses (headers over its limit, broken HTTP) never reaches `handle`; Node's own answer
// would have an empty body, so it gets a problem document as the sandbox answers it.
function answerClientError(error, socket, problems, requestId) {
  if (!socket.writable || socket._httpMessage) {
    socket.destroy();
    return;
  }
  const problem = error.code === 'HPE_HEADER_OVERFLOW' ? problems.headersTooLarge() : problems.badRequest();
  const body = JSON.stringify(requestId ? { ...problem, instance: requestId } : problem);
  const requestIdLine = requestId ? `request-id: ${requestId}\r\n` : '';
  socket.end(`HTTP/1.1 ${problem.status} ${problem.title}\r\ncontent-type: application/problem+json\r\n${requestIdLine}`
    + `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

// Each answer's own Request-Id, shaped like the contract's example (`urn:uuid:` and a UUID), when the contract
// declares the header; Prism would send the example's value on every answer.
function createRequestIds(example) {
  if (example === undefined) return () => undefined;
  const prefix = example.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, '');
  return () => `${prefix}${randomUUID()}`;
}

// The Request-Id on the answer and, on a problem document, as its `instance`: the contract makes them equal (D2).
function stampRequestId(answer, requestId) {
  if (requestId === undefined) return answer;
  const headers = { ...answer.headers, 'request-id': requestId };
  const problem = answer.problem ?? (isProblemAnswer(answer) ? parseJsonOrUndefined(answer.body) : undefined);
  if (!isPlainObject(problem)) return { ...answer, headers };
  const stamped = { ...problem, instance: requestId };
  return { ...answer, headers, problem: stamped, body: Buffer.from(JSON.stringify(stamped)) };
}

function isProblemAnswer(answer) {
  return /problem\+json/.test(String(answer.headers['content-type']));
}

function parseJsonOrUndefined(body) {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function describeExchange(method, pathname, answer, exampleName) {
  const problem = answer.problem ?? (isProblemAnswer(answer) ? parseJsonOrUndefined(answer.body) : undefined);
  const slug = typeof problem?.type === 'string' ? ` ${problem.type.split(/[/#]/).pop()}` : '';
  const describeError = (e) => `${printable(e.pointer) || '(body)'} ${printable(e.detail, 300)}`;
  const fields = problem?.errors?.length ? `: ${problem.errors.map(describeError).join('; ')}` : '';
  const example = exampleName && answer.status < 300 ? ` (example ${exampleName})` : '';
  return `${method} ${pathname} → ${answer.status}${slug}${example}${fields}`;
}

// Pointers and details name the caller's fields: control characters are escaped, so that a field name holding a
// line break cannot forge a log line, and the text is cut short, so that a long name cannot flood the log.
function printable(text, max = 200) {
  const escape = (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  const escaped = String(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, escape);
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}

// Prism closes idle keep-alive connections after 5 s, and all of them when it dies; a request that failed on a
// reused socket never reached Prism, so it is sent once more on a connection of its own (what Node's docs advise
// for reusedSocket): another pooled socket may be just as dead.
async function forward(options) {
  try {
    return await forwardOnce(options);
  } catch (error) {
    if (!error.reusedSocket || (error.code !== 'ECONNRESET' && error.code !== 'EPIPE')) throw error;
    return forwardOnce({ ...options, agent: false });
  }
}

function forwardOnce({ origin, agent, method, url, headers, body }) {
  return new Promise((resolve, reject) => {
    // The path goes to Prism verbatim: resolving it against the origin would let "//host/x" leave loopback.
    const { hostname, port } = new URL(origin);
    const options = {
      hostname, port, path: url, method, agent, maxHeaderSize: PRISM_MAX_HEADER_BYTES,
      headers: { ...headers, 'content-length': String(body.length) },
    };
    const outgoing = httpRequest(options, (incoming) => {
      const chunks = [];
      incoming.on('data', (chunk) => chunks.push(chunk));
      incoming.on('end', () => resolve({
        status: incoming.statusCode ?? 502, headers: forwardableHeaders(incoming.headers), body: Buffer.concat(chunks),
      }));
      incoming.on('error', reject);
    });
    outgoing.on('error', (error) => reject(Object.assign(error, { reusedSocket: outgoing.reusedSocket })));
    outgoing.end(body);
  });
}

function forwardableHeaders(headers) {
  const kept = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
  }
  return kept;
}

// Reads the body, but keeps at most `limit` bytes: a larger body is drained and reported, never held in memory.
function readLimited(stream, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    stream.on('data', (chunk) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    stream.on('end', () => resolve({ body: Buffer.concat(chunks), tooLarge: size > limit }));
    stream.on('error', reject);
  });
}

function withDeadline(promise, ms) {
  let timer;
  const deadline = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`Prism was not back within ${ms / 1000} s`), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
