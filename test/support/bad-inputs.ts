// One table of bad requests to the create call, as raw bytes and header lines, each with the one answer every
// implementation of the contract gives: a status and a problem type. The mock (npm start) and the sandbox both run
// it (test/mock/bad-inputs-agree.test.ts), so the two cannot drift apart on the same input. Statuses and types are
// read from the contract's problem responses; only the two answers Node's HTTP parser makes before any route (431,
// 400 bad-request), which the contract does not declare, are named here, under the contract's problem type base.
import { connect } from 'node:net';
import { loadContract } from '../../src/contract/load-contract.js';
import { CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN } from './canary.js';
import { CREATE_PATH } from './create-path.js';

/** What a row must be answered with. */
export interface ExpectedAnswer {
  status: number;
  /** The problem document's `type`. */
  type: string;
  /** Headers the answer must carry, lower-case names. */
  headers?: Record<string, string>;
}

/** A request as a client sends it, byte for byte. */
export interface RawRequest {
  name: string;
  method: string;
  path: string;
  /** Header lines in the order sent, after Host (repeated names are sent as separate lines). */
  headers: Array<[string, string]>;
  body: Buffer;
  /** The whole request, for one that is not HTTP as the others are built. */
  raw?: Buffer;
}

export interface BadInput extends RawRequest {
  expected: ExpectedAnswer;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string[]>;
  body: string;
}

const contract = loadContract();

/** {status, type} of the contract's problem response `name` (#/components/responses/<name>), from its example. */
export function readContractProblem(name: string): { status: number; type: string } {
  const media = contract.components.responses[name]?.content?.['application/problem+json'];
  const example = media?.example ?? Object.values<any>(media?.examples ?? {})[0]?.value;
  if (!example) throw new Error(`The contract has no problem example in #/components/responses/${name}.`);
  return { status: example.status, type: example.type };
}

// The answers Node's parser gives before any route, which the contract does not declare (the sandbox's slugs).
function parserProblem(slug: string, status: number): ExpectedAnswer {
  return { status, type: new URL(slug, readContractProblem('MalformedJson').type).href };
}

/** The well-formed create request every row is made from: the contract's `usdtOnTron` sample. */
export function readValidCreateBody(): Record<string, unknown> {
  return structuredClone(contract.components.examples.CreateCheckoutUsdtOnTron.value as Record<string, unknown>);
}

/** A body of `depth` nested arrays around nothing, placed at `client_reference_id` of the sample (a string field). */
function nestInField(depth: number): Buffer {
  const text = JSON.stringify({ ...readValidCreateBody(), client_reference_id: 0 });
  return Buffer.from(text.replace('"client_reference_id":0', `"client_reference_id":${'['.repeat(depth)}${']'.repeat(depth)}`));
}

/** Every bad input, each sent with `apiKey` as the credential unless the row is about the credential. */
export function listBadInputs(apiKey: string): BadInput[] {
  const valid = Buffer.from(JSON.stringify(readValidCreateBody()));
  const auth: [string, string] = ['Authorization', `Api-Key ${apiKey}`];
  const json: [string, string] = ['Content-Type', 'application/json'];
  const create = (name: string, headers: Array<[string, string]>, body: Buffer | string, expected: ExpectedAnswer): BadInput => ({
    name,
    method: 'POST',
    path: CREATE_PATH,
    headers,
    body: Buffer.isBuffer(body) ? body : Buffer.from(body),
    expected,
  });
  const malformed = readContractProblem('MalformedJson');
  const invalid = readContractProblem('ValidationFailed');
  const mediaType = readContractProblem('UnsupportedMediaType');
  const unauthorized = { ...readContractProblem('Unauthorized'), headers: { 'www-authenticate': readAuthChallenge() } };
  const withClientReference = (bytes: Buffer) =>
    Buffer.concat([valid.subarray(0, -1), Buffer.from(',"client_reference_id":"'), bytes, Buffer.from('"}')]);
  const idempotencyKey: [string, string] = ['Idempotency-Key', String(contract.components.parameters.IdempotencyKey.example)];
  const notUtf8Name = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);

  const rows: BadInput[] = [
    create('invalid UTF-8 in a field name ({"\\xff\\xfe":1})', [auth, json], notUtf8Name, malformed),
    create('invalid UTF-8 inside a string value', [auth, json], withClientReference(Buffer.from([0x6f, 0x72, 0xc3, 0x28])), malformed),
    create('a UTF-16 surrogate encoded as UTF-8 (CESU)', [auth, json], withClientReference(Buffer.from([0xed, 0xa0, 0x80])), malformed),
    create('a UTF-8 byte order mark before the JSON', [auth, json], Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), valid]), malformed),
    create('an empty body', [auth, json], '', malformed),
    create('a body of white space', [auth, json], ' \r\n\t ', malformed),
    create('JSON cut short: {', [auth, json], '{', malformed),
    create('two JSON documents', [auth, json], Buffer.concat([valid, valid]), malformed),
    create('a JSON array at the top level', [auth, json], `[${valid}]`, invalid),
    create('a JSON string at the top level', [auth, json], '"checkout"', invalid),
    create('a JSON number at the top level', [auth, json], '42', invalid),
    create('JSON nested 4,000 deep inside a field (about 8 KB)', [auth, json], nestInField(4_000), invalid),
    create('JSON nested 500,000 deep inside a field (just under 1 MiB)', [auth, json], nestInField(500_000), invalid),
    ...[
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json; charset=utf8',
      'text/plain',
      'application/merge-patch+json',
    ].map((type) => create(type, [auth, ['Content-Type', type]], valid, mediaType)),
    create('no Content-Type', [auth], valid, mediaType),
    create('no Content-Type and no body', [auth], '', mediaType),
    create('a body over 1 MiB', [auth, json], Buffer.alloc(1_048_577, 0x20), readContractProblem('PayloadTooLarge')),
    create('two Authorization headers, the valid one first', [auth, ['Authorization', 'Bearer x'], json], valid, unauthorized),
    create('two Authorization headers, the valid one last', [['Authorization', 'Bearer x'], auth, json], valid, unauthorized),
    create('the same valid Authorization header twice', [auth, auth, json], valid, unauthorized),
    create('no Authorization header', [json], valid, unauthorized),
    create('an empty Authorization header', [['Authorization', ''], json], valid, unauthorized),
    create('another scheme (Bearer)', [['Authorization', `Bearer ${apiKey}`], json], valid, unauthorized),
    create('the scheme word alone', [['Authorization', 'Api-Key'], json], valid, unauthorized),
    ...[
      ['an empty Idempotency-Key', ''],
      ['an Idempotency-Key of 256 characters', 'k'.repeat(256)],
      ['an Idempotency-Key with a space', 'order 1001'],
      ['an Idempotency-Key with a non-ASCII character (é)', 'commandé-1001'],
    ].map(([name, key]) => create(name, [auth, json, ['Idempotency-Key', key]], valid, invalid)),
    create('the same valid Idempotency-Key twice', [auth, json, idempotencyKey, idempotencyKey], valid, invalid),
    create(
      'headers over 16 KiB',
      [auth, json, ['X-Padding', 'p'.repeat(20_000)]],
      valid,
      parserProblem('request-header-fields-too-large', 431),
    ),
    {
      ...create('a header line without a colon', [], '', parserProblem('bad-request', 400)),
      raw: Buffer.from(`POST ${CREATE_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header line\r\nContent-Length: 0\r\n\r\n`),
    },
  ];
  if (contract.components.responses.NotFound) {
    rows.push({ ...create('an unknown path', [auth, json], valid, readContractProblem('NotFound')), path: '/api/v1/checkout/' });
    // Issue 28, R16: dot segments are removed before routing (D3), so this one reaches the unknown path above.
    rows.push({
      ...create('a dot segment that leads to an unknown path', [auth, json], valid, readContractProblem('NotFound')),
      path: '/api/v1/checkouts/../checkout/',
    });
  }
  if (contract.components.responses.MethodNotAllowed) {
    const notAllowed = { ...readContractProblem('MethodNotAllowed'), headers: { allow: 'POST' } };
    rows.push({ ...create('GET on the create path', [auth], '', notAllowed), method: 'GET' });
    // Issue 28, R16: the create path reached through dot segments is the create path, for every method.
    rows.push({
      ...create('DELETE on the create path reached through x/..', [auth], '', notAllowed),
      method: 'DELETE',
      path: dotted('..'),
    });
    rows.push({
      ...create('DELETE on the create path reached through x/%2e%2e', [auth], '', notAllowed),
      method: 'DELETE',
      path: dotted('%2e%2e'),
    });
  }
  // Issue 28, R15: absolute-form targets no URL parser reads, one with a password in it that must never be logged.
  for (const [name, target] of [
    [
      "an absolute-form target no URL parser reads (http://us'er:<password>@[/…)",
      `http://us'er:${CANARY_CALLBACK_PASSWORD}@[${CREATE_PATH}`,
    ],
    [
      'an absolute-form target with a port out of range (http://127.0.0.1:99999/…?token=…)',
      `http://127.0.0.1:99999${CREATE_PATH}?token=${CANARY_CALLBACK_TOKEN}`,
    ],
    ['an asterisk-form target (*)', '*'],
  ]) {
    rows.push({
      ...create(name, [auth, json], valid, parserProblem('bad-request', 400)),
      path: target,
      raw: requestWithTarget(target, [auth, json], valid),
    });
  }
  return rows;
}

/** The create path with `segment` (`..` or an encoding of it) undoing an `x/` before it: /api/v1/x/../checkouts/. */
function dotted(segment: string): string {
  const parent = CREATE_PATH.replace(/[^/]+\/$/, '');
  return `${parent}x/${segment}${CREATE_PATH.slice(parent.length - 1)}`;
}

// The bytes of a request whose target fetch cannot send (an absolute-form or asterisk-form one), as a client sends them.
function requestWithTarget(target: string, headers: Array<[string, string]>, body: Buffer): Buffer {
  const headerLines = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return Buffer.concat([
    Buffer.from(`POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headerLines}Content-Length: ${body.length}\r\n\r\n`),
    body,
  ]);
}

/**
 * Requests that look odd but that every implementation must take as the valid create they are (201, a Checkout):
 * the contract declares no `Prefer`, so a preference is ignored (RFC 7240 §2), and a request target in absolute-form
 * is routed by its path (RFC 9112 §3.2.2). The absolute-form target carries a user, a password and a query token
 * (canaries) that no server may log.
 */
export function listOddButValidInputs(apiKey: string): RawRequest[] {
  const valid = Buffer.from(JSON.stringify(readValidCreateBody()));
  const headers: Array<[string, string]> = [
    ['Authorization', `Api-Key ${apiKey}`],
    ['Content-Type', 'application/json'],
  ];
  const withPrefer = (prefer: string): RawRequest => ({
    name: `Prefer: ${prefer}`,
    method: 'POST',
    path: CREATE_PATH,
    headers: [...headers, ['Prefer', prefer]],
    body: valid,
  });
  const absoluteTarget = `http://canary-user:${CANARY_CALLBACK_PASSWORD}@127.0.0.1${CREATE_PATH}?token=${CANARY_CALLBACK_TOKEN}`;
  const create = (name: string, path: string): RawRequest => ({ name, method: 'POST', path, headers, body: valid });
  return [
    ...['code=202', 'code=204', 'code=418', 'code=abc', 'example=nope', 'dynamic=maybe'].map(withPrefer),
    {
      ...create('an absolute-form request target with a user, a password and a query', absoluteTarget),
      raw: requestWithTarget(absoluteTarget, headers, valid),
    },
    // Issue 28, R16: dot segments are removed and a fragment dropped before routing, as a URL parser reads them (D3).
    create('the create path reached through x/..', dotted('..')),
    create('the create path reached through x/%2e%2e', dotted('%2e%2e')),
    create('the create path reached through x/.%2E', dotted('.%2E')),
    create('the create path with a fragment (#frag)', `${CREATE_PATH}#frag`),
    {
      ...create('an absolute-form target with dot segments', `http://127.0.0.1${dotted('..')}`),
      raw: requestWithTarget(`http://127.0.0.1${dotted('..')}`, headers, valid),
    },
  ];
}

function readAuthChallenge(): string {
  const header = contract.components.headers.WwwAuthenticate;
  return String(header.schema?.const ?? header.example);
}

/** The bytes of `input` as a client sends them to `port`. */
export function buildRequestBytes(input: RawRequest, port: number): Buffer {
  if (input.raw) return input.raw;
  const headerLines = input.headers.map(([name, value]) => `${name}: ${value}`);
  const lines = [`${input.method} ${input.path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...headerLines];
  if (input.method !== 'GET' || input.body.length > 0) lines.push(`Content-Length: ${input.body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), input.body]);
}

/**
 * Sends `input` over a fresh loopback connection and reads one answer (to its Content-Length, or to the end of the
 * connection), so that header lines and bytes arrive exactly as the row has them: fetch would merge two
 * Authorization headers into one and refuse a broken request.
 */
export function sendBadInput(baseUrl: string, input: RawRequest, timeoutMs = 30_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      const answer = parseAnswer(received, true);
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (answer) resolve(answer);
      else {
        const seen = JSON.stringify(received.toString('latin1').slice(0, 300));
        reject(error ?? new Error(`no complete HTTP answer to "${input.name}": ${seen}`));
      }
    };
    const timer = setTimeout(() => finish(new Error(`no answer to "${input.name}" within ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (parseAnswer(received, false)) finish();
    });
    // The server may answer before reading the whole body and reset the rest; what arrived still counts.
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish());
    socket.write(buildRequestBytes(input, Number(port)));
  });
}

function parseAnswer(bytes: Buffer, ended: boolean): RawAnswer | undefined {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd === -1) return undefined;
  const [statusLine, ...headerLines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string[]> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] = [...(headers[name] ?? []), line.slice(colon + 1).trim()];
  }
  const body = bytes.subarray(headEnd + 4);
  const length = headers['content-length'] ? Number(headers['content-length'][0]) : undefined;
  if (length === undefined ? !ended : body.length < length) return undefined;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.subarray(0, length).toString('utf8') };
}
