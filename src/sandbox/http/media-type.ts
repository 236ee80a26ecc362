// The create call takes `application/json` only (D3: anything else is 415), with an optional UTF-8 charset.
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const [essence, ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (essence !== 'application/json') return false;
  return parameters.every((parameter) => {
    const [name, value] = parameter.split('=').map((part) => part.trim());
    return name !== 'charset' || value === 'utf-8' || value === '"utf-8"' || value === 'utf8';
  });
}
