// The validation floor: a server made of the sandbox's own modules that does every step the sandbox must take
// before it can build a record (key check, media type, size limit, body read, UTF-8 and JSON parse, the contract's
// compiled schema and the business rules) and then answers a fixed record, as the bare server does. Its speed is
// the ceiling of any implementation that validates as the issue asks; the sandbox adds only the record (amounts,
// UUIDs, timestamps, serialization, the store) on top. bench/sandbox.bench.js bundles it with esbuild and runs it
// beside the others. Env: PORT, BENCH_RECORD (the fixed answer), BENCH_CONTRACT (path of generated/openapi.json),
// BENCH_KEY (the one accepted key).
import { createServer } from 'node:http';
import { createContract } from '../../src/contract/contract-value.js';
import { readContract } from '../../src/contract/load-contract.js';
import { createAuthenticator } from '../../src/http/authorization.js';
import { jsonAnswer } from '../../src/http/exchange.js';
import { createProblems, type ProblemDocument, problemAnswer } from '../../src/http/problems.js';
import { BODY_LIMIT_BYTES, decodeRequestJson, fromIncomingMessage, isAcceptedMediaType } from '../../src/http/request-body.js';
import { writeAnswer } from '../../src/http/send-response.js';
import { createRequestValidator } from '../../src/sandbox/validate-create-request.js';

const record = process.env.BENCH_RECORD ?? '';
const contract = createContract(readContract(process.env.BENCH_CONTRACT));
const problems = createProblems(contract);
const authenticate = createAuthenticator(contract.operation('createCheckout'), problems, [process.env.BENCH_KEY ?? '']);
const validateRequest = createRequestValidator(contract);

const server = createServer({ keepAliveTimeout: 5_000 }, async (req, res) => {
  const sendProblem = (problem: ProblemDocument) => writeAnswer(res, problemAnswer(problem, 'urn:uuid:floor'));
  const request = fromIncomingMessage(req);
  // The bench stops on any non-2xx answer, so the floor cannot look fast by refusing the request.
  if (req.method !== 'POST' || req.url !== '/api/v1/checkouts/') {
    sendProblem(problems.notFound(req.url ?? '/'));
    return;
  }
  const authentication = authenticate(request);
  if (authentication.refusal) {
    sendProblem(authentication.refusal.problem);
    return;
  }
  if (!isAcceptedMediaType(req.headers['content-type'], ['application/json'])) {
    sendProblem(problems.unsupportedMediaType(req.headers['content-type']));
    return;
  }
  const declared = request.declaredLength;
  if (declared !== undefined && declared > BODY_LIMIT_BYTES) {
    sendProblem(problems.payloadTooLarge(declared));
    return;
  }
  const read = await request.readBody(BODY_LIMIT_BYTES);
  if (!read.ok) return;
  const parsed = decodeRequestJson(read.body);
  if (!parsed.ok) {
    sendProblem(problems.malformedJson(parsed.reason));
    return;
  }
  const check = validateRequest(parsed.value);
  if (!check.ok) {
    sendProblem(problems.validationFailed(check.errors));
    return;
  }
  writeAnswer(res, jsonAnswer(201, record));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
