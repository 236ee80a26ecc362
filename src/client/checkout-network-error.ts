// The rejection of createCheckout when no response arrived (refused connection, DNS failure, reset socket). It
// names the URL and the low-level cause; it never holds the request, so the API key cannot leak through it.

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause;
  if (inner instanceof Error) {
    const code = (inner as Error & { code?: unknown }).code;
    return typeof code === 'string' ? `${code} (${inner.message})` : inner.message;
  }
  return cause.message;
}

export class CheckoutNetworkError extends Error {
  /** The URL the request was sent to. */
  readonly url: string;

  constructor(url: string, cause: unknown) {
    super(
      `Could not reach the Checkout API at ${url}: ${describeCause(cause)}. Check baseUrl and that the service is reachable; retrying with the same idempotencyKey is safe.`,
      { cause },
    );
    this.name = 'CheckoutNetworkError';
    this.url = url;
  }
}
