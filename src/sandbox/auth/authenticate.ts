// `Authorization: Api-Key <key>` (D23), sent exactly once: Node keeps the first of two Authorization headers and a
// gateway may keep the last, which would authenticate another key, so two or more are refused. The presented key is
// compared with timingSafeEqual against every accepted key, without stopping early, as fixed-size buffers (keys are
// at most 256 characters): neither the content, the length nor the position of a key leaks through timing. Nothing
// here logs or returns the key: the caller gets the index of the matching key only.
import { timingSafeEqual } from 'node:crypto';

export type Authentication = { ok: true; keyIndex: number } | { ok: false; detail: string };

const SCHEME = /^Api-Key[ \t]+(\S+)[ \t]*$/i;

/** Every Authorization header line of a request, as `req.headersDistinct.authorization` gives them, or one value. */
export type AuthorizationHeader = string | readonly string[] | undefined;

export function createAuthenticator(apiKeys: string[]): (authorization: AuthorizationHeader) => Authentication {
  const accepted = apiKeys.map((key) => ({ padded: pad(key), length: Buffer.byteLength(key) }));
  return (authorization) => {
    const values = typeof authorization === 'string' ? [authorization] : (authorization ?? []);
    if (values.every((value) => value.trim() === '')) {
      return { ok: false, detail: "The Authorization header is missing. Send your API key as 'Authorization: Api-Key <API_KEY>'." };
    }
    if (values.length > 1) {
      const detail = `The request has ${values.length} Authorization headers; send exactly one, 'Authorization: Api-Key <API_KEY>'.`;
      return { ok: false, detail };
    }
    const header = values[0];
    const match = SCHEME.exec(header.trim());
    if (!match) {
      return { ok: false, detail: "The Authorization header does not use the Api-Key scheme. Send 'Authorization: Api-Key <API_KEY>'." };
    }
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
