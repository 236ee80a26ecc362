// Answer 401 (with `WWW-Authenticate: Api-Key`) unless the request carries an accepted key; return the key's index.
// Every Authorization line is passed on: req.headers keeps only the first of several, silently.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createProblem } from '../http/problems.js';
import { sendProblem } from '../http/send-response.js';
import type { SandboxContext } from '../sandbox-context.js';

export function requireApiKey(req: IncomingMessage, res: ServerResponse, context: SandboxContext): number {
  const authentication = context.authenticate(req.headersDistinct.authorization);
  if (authentication.ok) return authentication.keyIndex;
  sendProblem(res, createProblem('unauthorized', authentication.detail), { 'www-authenticate': 'Api-Key' });
  return -1;
}
