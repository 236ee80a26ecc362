// The Authorization header as both servers judge it before looking at the key, in one wording (D23): present,
// sent exactly once (Node keeps the first of two Authorization headers and a gateway may keep the last, which would
// authenticate another key), and in the scheme the contract names.

/**
 * Why the API key header's `values` (every line of it, as headersDistinct gives them) do not do, in the sandbox's
 * words; undefined when they do. The scheme word is checked only when the contract names one.
 */
export function describeCredentialsProblem(
  values: readonly string[] | undefined,
  scheme?: string,
  schemePattern: RegExp | undefined = scheme ? compileSchemePattern(scheme) : undefined,
): string | undefined {
  // The scheme word is the contract's (contract-facts.ts readAuthScheme); none is typed here.
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
