// What every check gets: the run's configuration, the recorder, the contract (its value, as the kit's entry made it once,
// and its compiled validators) and a way to
// send requests (each one kept, so the run can look at every response for a leaked key).
import type { ContractValidators } from '../../contract/compile-schemas.js';
import type { CheckRecorder } from '../check-results.js';
import type { ConformanceConfig } from '../conformance-config.js';
import type { ConformanceContract } from '../conformance-contract.js';
import type { Exchange, SentRequest } from '../send-request.js';

export interface CheckContext {
  config: ConformanceConfig;
  recorder: CheckRecorder;
  /** The contract value the kit's entry made, with what the checks read of it. */
  contract: ConformanceContract;
  validators: ContractValidators;
  /** The create endpoint: base URL + the contract's create path (`/api/v1/checkouts/`). */
  endpoint: string;
  send(request: SentRequest): Promise<Exchange>;
  /** POST a body (a value is sent as JSON, a string as it is, in UTF-8 unless `bodyEncoding` says its characters are
   *  bytes) to the create endpoint, authenticated by default. */
  postCreate(body: unknown, headers?: Record<string, string | undefined>, bodyEncoding?: 'latin1'): Promise<Exchange>;
  /** Run fn over items with the configured number of requests in flight. */
  forEachConcurrently<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void>;
}

export async function forEachConcurrently<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
