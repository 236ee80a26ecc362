// What the front checks before a request reaches Prism, in the sandbox's order (src/sandbox/routes/create-checkout.ts)
// so that one bad request gets one answer from both: one Authorization header in the Api-Key scheme (401), a body
// sent as application/json in UTF-8 (415), at most 1 MiB (413), one UTF-8 JSON text (400). Prism validates the rest
// against the contract (422). Prism does none of the first four as the sandbox does: it takes any Authorization
// value, any charset and any size, decodes invalid UTF-8 into U+FFFD, and sees only the first of two Authorization
// headers. The header's name, the scheme word and the media types come from the contract.
import { isUtf8 } from 'node:buffer';

// Deeper JSON than this is cut before Prism sees it: Prism's logger serialises the body recursively and overflows
// the stack on deep input. The request schema is a few levels deep and closed, so a violation in a deep value is
// found at a shallow level, and cutting leaves Prism's findings the same.
export const MAX_FORWARDED_DEPTH = 64;
const NO_BODY = Buffer.alloc(0);

/**
 * The front's checks for one run: `check({operation, request, body, tooLarge})` gives the verdict on a request for
 * `operation` (an entry of listOperations, or undefined when no operation has this method and path):
 * `{ refusal: {problem, headers} }`, or `{ value, body }` with the parsed JSON body (for an operation that takes
 * one) and the bytes to forward.
 */
export function createRequestChecks(problems) {
  const schemePatterns = new Map(); // compiled once per scheme word, not per request

  function describeCredentials(values, scheme) {
    if (scheme && !schemePatterns.has(scheme)) schemePatterns.set(scheme, compileSchemePattern(scheme));
    return describeCredentialsProblem(values, scheme, schemePatterns.get(scheme));
  }

  return function check({ operation, request, body, tooLarge }) {
    // No operation has this method and path: Prism answers 404 or 405 from those alone, whatever the body (the
    // sandbox routes first too), so the body is not forwarded, nor parsed first by Prism.
    if (!operation) return { body: NO_BODY };
    if (operation.apiKeyHeader) {
      const detail = describeCredentials(request.headersDistinct[operation.apiKeyHeader], operation.authChallenge);
      const challenge = operation.authChallenge ? { 'www-authenticate': operation.authChallenge } : {};
      if (detail) return refuse(problems.unauthorized(detail), challenge);
    }
    if (operation.requestMediaTypes.length === 0) return tooLarge ? refuse(problems.payloadTooLarge()) : { body };
    const contentType = request.headers['content-type'];
    if (!isAcceptedMediaType(contentType, operation.requestMediaTypes)) {
      return refuse(problems.unsupportedMediaType(contentType?.slice(0, 100)));
    }
    if (tooLarge) return refuse(problems.payloadTooLarge());
    if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType)) return { body }; // a body the front cannot read
    const parsed = parseJsonBody(body);
    if (!parsed.ok) return refuse(problems.malformedJson(parsed.reason));
    const cut = cutDeeperThan(parsed.value, MAX_FORWARDED_DEPTH);
    return { value: cut, body: cut === parsed.value ? body : Buffer.from(JSON.stringify(cut)) };
  };
}

function refuse(problem, headers = {}) {
  return { refusal: { problem, headers } };
}

/**
 * Why the API key header's `values` (every line of it, as headersDistinct gives them) do not do, in the sandbox's
 * words; undefined when they do. The scheme word is checked only when the contract names one.
 */
export function describeCredentialsProblem(values, scheme, schemePattern = scheme && compileSchemePattern(scheme)) {
  const example = `'Authorization: ${scheme ?? 'Api-Key'} <API_KEY>'`;
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

// `<scheme> <credentials>`, the scheme in any case (RFC 9110, section 11.1).
function compileSchemePattern(scheme) {
  return new RegExp(`^${scheme.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ \\t]+\\S+[ \\t]*$`, 'i');
}

/** A media type of `accepted` (any case), with no charset or charset=utf-8: JSON is UTF-8 (RFC 8259, section 8.1). */
export function isAcceptedMediaType(contentType, accepted) {
  if (!contentType) return false;
  const [essence, ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (!accepted.includes(essence)) return false;
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim());
    return name !== 'charset' || value.replace(/^"(.*)"$/, '$1') === 'utf-8';
  });
}

/** The body as JSON, UTF-8 first; the reason never quotes the body (V8's messages may). */
export function parseJsonBody(body) {
  if (!isUtf8(body)) return { ok: false, reason: 'it is not valid UTF-8' };
  const text = body.toString('utf8');
  if (text.trim() === '') return { ok: false, reason: 'it is empty' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const position = /position (\d+)/.exec(error.message)?.[1];
    const reason = position === undefined
      ? 'it ends early or holds an unexpected character'
      : `unexpected character or end of input at position ${position}`;
    return { ok: false, reason };
  }
}

/**
 * `value` itself when it nests at most `maxDepth` arrays and objects deep, else a copy in which every array or
 * object deeper than that is empty. Iterative, so that no depth of input can overflow the stack.
 */
export function cutDeeperThan(value, maxDepth) {
  if (!isDeeperThan(value, maxDepth)) return value;
  const root = emptyLike(value);
  const pending = [[value, root, 1]];
  while (pending.length > 0) {
    const [source, target, depth] = pending.pop();
    for (const key of Object.keys(source)) {
      const child = source[key];
      const copy = isContainer(child) ? emptyLike(child) : child;
      // defineProperty, because assigning a key named "__proto__" would set the prototype instead.
      Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true });
      if (isContainer(child) && depth < maxDepth) pending.push([child, copy, depth + 1]);
    }
  }
  return root;
}

function isDeeperThan(value, maxDepth) {
  const pending = isContainer(value) ? [[value, 1]] : [];
  while (pending.length > 0) {
    const [node, depth] = pending.pop();
    if (depth > maxDepth) return true;
    for (const child of Object.values(node)) if (isContainer(child)) pending.push([child, depth + 1]);
  }
  return false;
}

function isContainer(value) {
  return typeof value === 'object' && value !== null;
}

function emptyLike(value) {
  return Array.isArray(value) ? [] : {};
}

