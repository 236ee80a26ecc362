// A request and its answer as every server of this package sees them, whatever carries them. The request front
// (request-front.ts) takes a ServerRequest and gives an Answer (with the target and Request-Id, in its Exchange);
// adapters at the edge turn them into the transport's own objects: node:http for the sandbox and mock servers
// (fromIncomingMessage in request-body.ts, writeAnswer in send-response.ts), the Fetch API for the testing kit's fetch
// sandbox (fromFetchRequest and toFetchResponse in fetch-exchange.ts). So the sandbox's one set of routes serves both
// transports.

/** A request body read under a size limit: its bytes, or why there are none. */
export type BodyResult =
  | { ok: true; body: Buffer }
  | { ok: false; reason: 'too-large'; receivedBytes: number }
  | { ok: false; reason: 'aborted' };

export interface ServerRequest {
  method: string;
  /** The request target as sent: an origin-form path with its query, or an absolute URL. */
  target: string;
  /** Every line of each header, by lower-case name, as IncomingMessage.headersDistinct gives them. */
  headers: Readonly<Record<string, readonly string[] | undefined>>;
  /** Content-Length when it is a plain decimal number. */
  declaredLength: number | undefined;
  /** The body, read once, under a size limit. */
  readBody(limit: number): Promise<BodyResult>;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function jsonAnswer(status: number, body: string, headers: Record<string, string> = {}): Answer {
  return { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers }, body };
}
