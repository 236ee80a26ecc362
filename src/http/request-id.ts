// Each answer's own Request-Id (D2), which a problem document repeats as its `instance`: a fresh UUID behind the
// prefix of the contract's example (`urn:uuid:`), made here for both servers and for the requests Node's parser
// refuses.
import { randomUUID } from 'node:crypto';

const UUID_AT_END = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A maker of Request-Ids shaped like `example` (the contract's Request-Id example): its prefix and a new UUID. */
export function createRequestIdMaker(example = 'urn:uuid:00000000-0000-0000-0000-000000000000'): () => string {
  const prefix = example.replace(UUID_AT_END, '');
  return () => `${prefix}${randomUUID()}`;
}
