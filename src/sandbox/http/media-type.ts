// The create call takes `application/json` only (D3: anything else is 415), with no charset or a UTF-8 one: JSON is
// UTF-8 (RFC 8259, section 8.1), so `charset=utf-8` in any case, quoted or not, is accepted and any other charset
// (`latin1`, `utf-16`, the alias `utf8`) is a 415. The mock's front applies the same rule
// (src/mock/request-checks.ts); test/support/bad-inputs.ts holds both to it.
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const [essence, ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (essence !== 'application/json') return false;
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim());
    return name !== 'charset' || value.replace(/^"(.*)"$/, '$1') === 'utf-8';
  });
}
