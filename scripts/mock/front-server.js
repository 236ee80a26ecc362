// The loopback server callers talk to. It hands every request to Prism unchanged in meaning and makes Prism's
// answers useful: violations Prism only lists in its `sl-violations` header become the contract's problem body,
// the body limit is enforced, named request examples get their matching named response, and callbacks go through
// the relay. Validation itself stays Prism's job.
import { createServer, request as httpRequest, Agent } from 'node:http';
import { parseViolationsHeader, describeRequestViolations } from './violations.js';
import { createProblemFactory, MAX_BODY_BYTES } from './problems.js';
import { compileHttpUrlCheck, listOperations, readProblemTemplate } from './contract-facts.js';
import { createPatternDescriber } from './pattern-details.js';
import { buildCorsHeaders } from './cors.js';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade', 'te', 'trailer', 'proxy-connection']);
const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function createFrontServer({ prismOrigin, prismReady = Promise.resolve(), pairExamples = true, contract, relay, log }) {
  const problems = createProblemFactory(contract);
  const internalError = readProblemTemplate(contract, 'InternalError');
  const operations = listOperations(contract).map((operation) => ({
    ...operation,
    requestExamples: operation.requestExamples.map((example) => ({ ...example, canonical: canonicalJson(example.value) })),
    describePattern: createPatternDescriber(contract, operation),
  }));
  const isHttpUrl = compileHttpUrlCheck(contract);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });

  async function handle(request, response) {
    const { body, tooLarge } = await readLimited(request, MAX_BODY_BYTES);
    const pathname = (request.url ?? '/').split('?')[0];
    if (tooLarge) return send(response, log, request, pathname, ownProblemAnswer(problems.payloadTooLarge(), request));

    const headers = forwardableHeaders(request.headers);
    const contentType = request.headers['content-type'];
    // Prism treats a body without Content-Type as text and reports a schema error; naming a non-JSON type makes
    // it answer 415, after its own authentication check, like every other wrong type.
    if (body.length > 0 && !contentType) headers['content-type'] = 'application/octet-stream';
    const { parsed, parseError } = parseJsonBody(body, contentType);
    const operation = operations.find((op) => op.method === request.method && op.path === pathname);
    const adapted = operation && isPlainObject(parsed) ? adaptCreate(operation, parsed, headers) : {};

    let answer;
    try {
      await prismReady;
      answer = await forward({ origin: prismOrigin, agent, method: request.method, url: request.url, headers, body: adapted.body ?? body });
    } catch (error) {
      adapted.callback?.settle(false);
      const detail = `The mock could not reach Prism (${error.code ?? error.message}); restart it with npm start.`;
      return send(response, log, request, pathname, ownProblemAnswer({ ...internalError, detail }, request));
    }
    adapted.callback?.settle(answer.status >= 200 && answer.status < 300);
    const describePattern = operation?.describePattern;
    return send(response, log, request, pathname, rewriteAnswer(answer, { problems, contentType, parseError, describePattern }), adapted.exampleName);
  }

  // A valid JSON object sent to an operation: pick the response example named like the request example it equals
  // (request and response examples share names), and route a valid callback_url through the relay.
  function adaptCreate(operation, parsed, headers) {
    const adapted = {};
    const canonical = canonicalJson(parsed);
    const name = operation.requestExamples.find((example) => example.canonical === canonical)?.name;
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

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      const detail = `The mock failed on this request (${error.message}).`;
      if (!response.headersSent) send(response, log, request, (request.url ?? '').split('?')[0], ownProblemAnswer({ ...internalError, detail }, request));
      else response.destroy();
    });
  });
  server.on('close', () => agent.destroy());
  return server;
}

function rewriteAnswer(answer, { problems, contentType, parseError, describePattern }) {
  const violations = parseViolationsHeader(answer.headers['sl-violations']);
  const requestViolations = violations.filter((v) => v.location?.[0] === 'request');
  if (answer.status === 400 && parseError) return problemAnswer(problems.malformedJson(parseError.message), answer);
  if (answer.status === 415 && requestViolations.length > 0) return problemAnswer(problems.unsupportedMediaType(contentType?.slice(0, 100)), answer);
  if (answer.status === 422 && requestViolations.length > 0) {
    return problemAnswer(problems.validationFailed(describeRequestViolations(requestViolations, describePattern)), answer);
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
function ownProblemAnswer(problem, request) {
  return problemAnswer(problem, { headers: buildCorsHeaders(request.headers) });
}

function send(response, log, request, pathname, answer, exampleName) {
  response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
  response.end(answer.body);
  log(describeExchange(request.method, pathname, answer, exampleName));
}

function describeExchange(method, pathname, answer, exampleName) {
  let problem = answer.problem;
  if (!problem && /problem\+json/.test(String(answer.headers['content-type']))) {
    try { problem = JSON.parse(answer.body.toString('utf8')); } catch { problem = undefined; }
  }
  const slug = typeof problem?.type === 'string' ? ` ${problem.type.split(/[/#]/).pop()}` : '';
  const fields = problem?.errors?.length ? `: ${problem.errors.map((e) => `${e.pointer || '(body)'} ${e.detail}`).join('; ')}` : '';
  const example = exampleName && answer.status < 300 ? ` (example ${exampleName})` : '';
  return `${method} ${pathname} → ${answer.status}${slug}${example}${fields}`;
}

// Prism closes idle keep-alive connections after 5 s; a request that raced that close on a reused socket never
// reached Prism, so it is sent once more on a fresh connection (what Node's docs advise for reusedSocket).
async function forward(options) {
  try {
    return await forwardOnce(options);
  } catch (error) {
    if (!error.reusedSocket || (error.code !== 'ECONNRESET' && error.code !== 'EPIPE')) throw error;
    return forwardOnce(options);
  }
}

function forwardOnce({ origin, agent, method, url, headers, body }) {
  return new Promise((resolve, reject) => {
    // The path goes to Prism verbatim: resolving it against the origin would let "//host/x" leave loopback.
    const { hostname, port } = new URL(origin);
    const outgoing = httpRequest({ hostname, port, path: url, method, agent, headers: { ...headers, 'content-length': String(body.length) } }, (incoming) => {
      const chunks = [];
      incoming.on('data', (chunk) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 502, headers: forwardableHeaders(incoming.headers), body: Buffer.concat(chunks) }));
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

function parseJsonBody(body, contentType) {
  if (body.length === 0 || !contentType || !JSON_MEDIA_TYPE.test(contentType)) return {};
  try {
    return { parsed: JSON.parse(body.toString('utf8')) };
  } catch (error) {
    return { parseError: error };
  }
}

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
