// Authentication as every server of this package does it (D23), in one reading of the contract's scheme
// (contract-facts.ts readAuthScheme) and one wording: the API key header present, sent exactly once (Node keeps the
// first of two Authorization headers and a gateway may keep the last, which would authenticate another key), in the
// scheme the contract names; then, where the server knows its keys (the sandbox), the key itself. The presented key
// is compared with timingSafeEqual against every accepted key, without stopping early, as buffers of 256 bytes (an
// accepted key is 1 to 256 visible ASCII characters: src/sandbox/config/setting-parsers.ts), so neither the content,
// the length nor the position of an accepted key shows in the time taken. A presented key over 256 bytes is refused
// without a comparison, which tells the caller only the length of its own key. Nothing here logs or returns the key: the caller gets the
// index of the matching key only.
import { timingSafeEqual } from 'node:crypto';
import { type ContractOperation, readAuthScheme } from '../contract/contract-facts.js';
import type { ServerRequest } from './exchange.js';
import type { Problems, Refusal } from './problems.js';

/** The index of the request's accepted key (0 when any key is taken), or the 401 refusal, with the challenge. */
export type Authentication = { keyIndex: number; refusal?: undefined } | { refusal: Refusal };

export type Authenticate = (request: ServerRequest) => Authentication;

/**
 * The authentication `operation` asks for, or undefined when it declares no API key. With `apiKeys` only those keys
 * pass (the sandbox); without, any key in the contract's scheme does (the mock, which knows no keys).
 */
export function createAuthenticator(
  operation: ContractOperation,
  problems: Pick<Problems, 'unauthorized'>,
  apiKeys: readonly string[],
): Authenticate;
export function createAuthenticator(operation: ContractOperation, problems: Pick<Problems, 'unauthorized'>): Authenticate | undefined;
export function createAuthenticator(
  operation: ContractOperation,
  problems: Pick<Problems, 'unauthorized'>,
  apiKeys?: readonly string[],
): Authenticate | undefined {
  const { apiKeyHeader, authChallenge } = operation;
  if (apiKeyHeader === undefined) {
    // Keys with nothing to send them in would leave every route open: refused at start-up instead.
    if (apiKeys) throw new Error(`The contract's ${operation.method} ${operation.path} declares no API key to check the keys against.`);
    return undefined;
  }
  // The sandbox needs the scheme to find the key in the header: readAuthScheme refuses a contract without one.
  const scheme = apiKeys || authChallenge ? readAuthScheme(operation) : undefined;
  const schemePattern = scheme === undefined ? undefined : compileSchemePattern(scheme);
  const refuse = (detail: string): Authentication => ({
    refusal: { problem: problems.unauthorized(detail), headers: authChallenge ? { 'www-authenticate': authChallenge } : {} },
  });
  const findKey = apiKeys && schemePattern ? createKeyFinder(apiKeys, schemePattern) : undefined;
  return (request) => {
    const lines = request.headers[apiKeyHeader];
    const problem = describeCredentialsProblem(lines, scheme, schemePattern);
    if (problem !== undefined) return refuse(problem);
    if (!findKey) return { keyIndex: 0 };
    // describeCredentialsProblem has seen exactly one line in the scheme.
    const keyIndex = findKey((lines as readonly string[])[0]);
    if (keyIndex === -1) {
      return refuse('The API key is unknown or revoked. Check the key the sandbox printed at start or set in CHECKOUT_API_KEYS.');
    }
    return { keyIndex };
  };
}

/**
 * Why the API key header's `values` (every line of it, as headersDistinct gives them) do not do; undefined when they
 * do. The scheme word is checked only when the contract names one.
 */
export function describeCredentialsProblem(
  values: readonly string[] | undefined,
  scheme?: string,
  schemePattern: RegExp | undefined = scheme ? compileSchemePattern(scheme) : undefined,
): string | undefined {
  const example = `'Authorization: ${scheme === undefined ? '' : `${scheme} `}<API_KEY>'`;
  if (!values || values.every((value) => value.trim() === '')) {
    return `The Authorization header is missing. Send your API key as ${example}.`;
  }
  // Node keeps the first of two; a gateway that keeps the last would authenticate the other key.
  if (values.length > 1) return `The request has ${values.length} Authorization headers; send exactly one, ${example}.`;
  if (schemePattern && !schemePattern.test(values[0].trim())) {
    return `The Authorization header does not use the ${scheme} scheme. Send ${example}.`;
  }
  return undefined;
}

/** `<scheme> <credentials>`, the scheme in any case (RFC 9110, section 11.1); the credentials are group 1. */
export function compileSchemePattern(scheme: string): RegExp {
  return new RegExp(`^${scheme.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ \\t]+(\\S+)[ \\t]*$`, 'i');
}

const KEY_BYTES = 256;

// The index of the key a header line in the scheme presents among `apiKeys`, or -1, in time that does not depend on
// which key matched or how long the presented one is.
function createKeyFinder(apiKeys: readonly string[], schemePattern: RegExp): (line: string) => number {
  const accepted = apiKeys.map((key) => ({ padded: pad(key), length: Buffer.byteLength(key) }));
  return (line) => {
    const match = schemePattern.exec(line.trim()) as RegExpExecArray;
    const presentedLength = Buffer.byteLength(match[1]);
    const presented = presentedLength <= KEY_BYTES ? pad(match[1]) : undefined;
    let keyIndex = -1;
    if (presented) {
      accepted.forEach((key, index) => {
        const sameBytes = timingSafeEqual(key.padded, presented);
        const sameLength = key.length === presentedLength;
        if (sameBytes && sameLength && keyIndex === -1) keyIndex = index;
      });
    }
    return keyIndex;
  };
}

function pad(key: string): Buffer {
  const buffer = Buffer.alloc(KEY_BYTES);
  buffer.write(key, 'utf8');
  return buffer;
}
