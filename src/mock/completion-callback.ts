// The completion callback, sent by the mock itself once a create has succeeded: the body Prism would generate for
// the contract's callback (one of its examples, or a record from its schema), to the caller's `callback_url`, with
// the Standard Webhooks headers the contract declares (their example values). Prism 5.14.2 would fire it after
// every answer, rejections included, and without those headers; the engine hands it no callbacks (prism-engine.ts).
// It goes out as the sandbox's attempts do (src/http/post-callback.ts): redirects not followed, the reply's body
// never read, any port; one attempt, no retries. A host reserved for documentation (the contract's examples use
// shop.example.com) is not called: the log says so (src/http/reserved-hosts.ts).
import { generateHttpParam } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { CONTRACT_ACK_TIMEOUT_MS } from '../contract/callback-schedule.js';
import { type OutgoingCallback, postCallback } from '../http/post-callback.js';
import { redactUrl, redactUrls } from '../http/redact.js';
import { ReservedHostRefusal } from '../http/reserved-hosts.js';

/** Sends the callbacks of one operation to a caller's URL; never throws, logs how the delivery went. */
export type CallbackSender = (operation: IHttpOperation, target: string) => void;

export interface CallbackSenderOptions {
  headers: Record<string, string>;
  log: (line: string) => void;
  /** How long the receiver has to answer (D7's 15 s unless a test says otherwise). */
  timeoutMs?: number;
}

export function createCallbackSender({ headers, log, timeoutMs = CONTRACT_ACK_TIMEOUT_MS }: CallbackSenderOptions): CallbackSender {
  return (operation, target) => {
    // The contract's callbacks are POSTs (Standard Webhooks); the shared transport sends nothing else.
    for (const callback of operation.callbacks ?? []) {
      if (callback.method !== 'post') continue;
      const content = callback.request?.body?.contents?.[0];
      const generated = content ? generateHttpParam(content) : undefined;
      const body = generated?._tag === 'Some' ? JSON.stringify(generated.value) : '';
      const contentType: Record<string, string> = body === '' ? {} : { 'content-type': content?.mediaType ?? 'application/json' };
      void deliver({ url: target, headers: { ...contentType, ...headers }, body }, timeoutMs, log);
    }
  };
}

async function deliver(callback: OutgoingCallback, timeoutMs: number, log: (line: string) => void): Promise<void> {
  // A controller and timer held here for the attempt's lifetime, not AbortSignal.timeout: such a signal can lose its
  // link after a garbage collection, and the delivery would then wait on a silent receiver for ever.
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(new Error(`no reply within ${timeoutMs} ms`)), timeoutMs);
  // The caller's URL may carry a token in its query: the log shows where the callback went, never the query.
  const where = redactUrl(callback.url);
  try {
    const { status } = await postCallback(callback, controller.signal);
    log(`callback ${where} answered ${status}${describeOutcome(status)}`);
  } catch (error) {
    if (error instanceof ReservedHostRefusal) {
      log(`callback ${where} ${error.message}`);
      return;
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    log(`callback ${where} failed: ${cause ?? redactUrls((error as Error).message)}`);
  } finally {
    clearTimeout(deadline);
  }
}

// A 3xx is the receiver's own answer, and a failure: the redirect is not followed, as the sandbox does (D7).
function describeOutcome(status: number): string {
  if (status >= 200 && status < 300) return '';
  if (status >= 300 && status < 400) return ', not delivered: redirects are not followed';
  return ', not delivered';
}
