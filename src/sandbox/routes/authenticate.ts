// `Authorization: <scheme> <key>` (D23; the scheme is the contract's, `Api-Key`), sent exactly once, judged and
// worded as the mock judges it (src/http/authorization.ts); then the key itself. The presented key is compared with timingSafeEqual against every
// accepted key, without stopping early, as fixed-size buffers (keys are at most 256 characters): neither the content,
// the length nor the position of a key leaks through timing. Nothing here logs or returns the key: the caller gets
// the index of the matching key only.
import { timingSafeEqual } from 'node:crypto';
import { compileSchemePattern, describeCredentialsProblem } from '../../http/authorization.js';

export type Authentication = { ok: true; keyIndex: number } | { ok: false; detail: string };

/** Every Authorization header line of a request, as `req.headersDistinct.authorization` gives them, or one value. */
export type AuthorizationHeader = string | readonly string[] | undefined;

/** The check of a request's Authorization lines against `apiKeys`, in the contract's auth `scheme` (readAuthScheme). */
export function createAuthenticator(apiKeys: string[], scheme: string): (authorization: AuthorizationHeader) => Authentication {
  const schemePattern = compileSchemePattern(scheme);
  const accepted = apiKeys.map((key) => ({ padded: pad(key), length: Buffer.byteLength(key) }));
  return (authorization) => {
    const values = typeof authorization === 'string' ? [authorization] : authorization;
    const refusal = describeCredentialsProblem(values, scheme, schemePattern);
    if (refusal) return { ok: false, detail: refusal };
    // describeCredentialsProblem has seen exactly one line in the scheme.
    const match = schemePattern.exec((values as readonly string[])[0].trim()) as RegExpExecArray;
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
    if (keyIndex === -1) {
      return {
        ok: false,
        detail: 'The API key is unknown or revoked. Check the key the sandbox printed at start or set in CHECKOUT_API_KEYS.',
      };
    }
    return { ok: true, keyIndex };
  };
}

const KEY_BYTES = 256;

function pad(key: string): Buffer {
  const buffer = Buffer.alloc(KEY_BYTES);
  buffer.write(key, 'utf8');
  return buffer;
}
