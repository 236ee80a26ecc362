// openapi-fetch builds a `Request` and then calls `fetch(request)`. Node's fetch (undici) turns that into a second
// Request and pipes the first one's body through a TransformStream, which costs 15-25 % of the requests per second
// on loopback (bench/client.bench.js). openapi-fetch takes the Request class as an option, so the client hands it
// this plain holder of the URL and init instead, and a fetch adapter that calls `fetch(url, init)`: one Request per
// call, built by fetch itself. Everything else (URL, headers, body, middleware, response parsing) stays openapi-fetch's.

/** A fetch-compatible function; the client calls it as `fetch(url, init)`. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

type DraftInit = RequestInit & { headers: Headers };

export class RequestDraft {
  readonly url: string;
  readonly init: DraftInit;

  constructor(url: string, init: RequestInit = {}) {
    this.url = url;
    const headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.init = { ...init, headers };
  }

  get method(): string {
    return this.init.method ?? 'GET';
  }

  get headers(): Headers {
    return this.init.headers;
  }

  get signal(): AbortSignal | null {
    return this.init.signal ?? null;
  }
}

function toRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

/**
 * Adapts a fetch function to openapi-fetch's `fetch(request)` call when the request is a RequestDraft. The headers
 * go to fetch as a plain record: undici reads a `Headers` object through its sorted iterator, which costs more per
 * request than the rest of this adapter.
 */
export function createDraftFetch(fetchFunction: FetchFunction): (request: Request) => Promise<Response> {
  return (request) => {
    const draft = request as unknown as RequestDraft;
    return fetchFunction(draft.url, { ...draft.init, headers: toRecord(draft.headers) });
  };
}
