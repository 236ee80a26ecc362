// The validation floor: a server made of the sandbox's own modules that does every step the sandbox must take
// before it can build a record (key check, media type, size limit, body read, UTF-8 and JSON parse, the contract's
// compiled schema and the business rules) and then answers a fixed record, as the bare server does. Its speed is
// the ceiling of any implementation that validates as the issue asks; the sandbox adds only the record (amounts,
// UUIDs, timestamps, serialization, the store) on top. bench/sandbox.bench.js bundles it with esbuild and runs it
// beside the others. Env: PORT, BENCH_RECORD (the fixed answer), BENCH_CONTRACT (path of generated/openapi.json),
// BENCH_KEY (the one accepted key).
import { createServer } from 'node:http';
import { readContract } from '../../src/contract/load-contract.js';
import { createProblemMaker } from '../../src/http/problems.js';
import { BODY_LIMIT_BYTES, declaredLength, isAcceptedMediaType, parseJsonBody, readBody } from '../../src/http/request-body.js';
import { sendJson, sendProblem } from '../../src/http/send-response.js';
import { createAuthenticator } from '../../src/sandbox/routes/authenticate.js';
import { createRequestValidator } from '../../src/sandbox/validation/validate-create-request.js';

const record = process.env.BENCH_RECORD ?? '';
const authenticate = createAuthenticator([process.env.BENCH_KEY ?? '']);
const contract = readContract(process.env.BENCH_CONTRACT);
const validateRequest = createRequestValidator(contract);
const createProblem = createProblemMaker(contract, [
  'not-found',
  'unauthorized',
  'unsupported-media-type',
  'payload-too-large',
  'malformed-json',
  'validation-failed',
]);

const server = createServer({ keepAliveTimeout: 5_000 }, async (req, res) => {
  // The bench stops on any non-2xx answer, so the floor cannot look fast by refusing the request.
  if (req.method !== 'POST' || req.url !== '/api/v1/checkouts/') {
    sendProblem(res, createProblem('not-found', 'The floor serves POST /api/v1/checkouts/ only.'));
    return;
  }
  const authentication = authenticate(req.headers.authorization);
  if (!authentication.ok) {
    sendProblem(res, createProblem('unauthorized', authentication.detail));
    return;
  }
  if (!isAcceptedMediaType(req.headers['content-type'], ['application/json'])) {
    sendProblem(res, createProblem('unsupported-media-type', 'Send application/json.'));
    return;
  }
  const declared = declaredLength(req);
  if (declared !== undefined && declared > BODY_LIMIT_BYTES) {
    sendProblem(res, createProblem('payload-too-large', 'Too large.'));
    return;
  }
  const read = await readBody(req);
  if (!read.ok) return;
  const parsed = parseJsonBody(read.body);
  if (!parsed.ok) {
    sendProblem(res, createProblem('malformed-json', parsed.reason));
    return;
  }
  const check = validateRequest(parsed.value);
  if (!check.ok) {
    sendProblem(res, createProblem('validation-failed', 'Invalid.', check.errors));
    return;
  }
  sendJson(res, 201, record);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
