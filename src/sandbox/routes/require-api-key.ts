// Answer 401 (with `WWW-Authenticate: Api-Key`) unless the request carries an accepted key; return the key's index.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createProblem } from '../http/problems.js';
import { sendProblem } from '../http/send-response.js';
import type { SandboxContext } from '../sandbox-context.js';

export function requireApiKey(req: IncomingMessage, res: ServerResponse, context: SandboxContext): number {
  const authentication = context.authenticate(req.headers.authorization);
  if (authentication.ok) return authentication.keyIndex;
  sendProblem(res, createProblem('unauthorized', authentication.detail), { 'www-authenticate': 'Api-Key' });
  return -1;
}
