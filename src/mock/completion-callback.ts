// The completion callback, sent by the mock itself once a create has succeeded: the body Prism would generate for
// the contract's callback (one of its examples, or a record from its schema), to the caller's `callback_url`, with
// the Standard Webhooks headers the contract declares (their example values). Prism 5.14.2 would fire it after
// every answer, rejections included, and without those headers; the engine hands it no callbacks (prism-engine.ts).
import { generateHttpParam } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { redactUrls } from '../http/redact.js';

const DELIVERY_TIMEOUT_MS = 15_000; // the contract's acknowledgement window

/** Sends the callbacks of one operation to a caller's URL; never throws, logs how the delivery went. */
export type CallbackSender = (operation: IHttpOperation, target: string) => void;

export function createCallbackSender({ headers, log }: { headers: Record<string, string>; log: (line: string) => void }): CallbackSender {
  return (operation, target) => {
    for (const callback of operation.callbacks ?? []) {
      const content = callback.request?.body?.contents?.[0];
      const generated = content ? generateHttpParam(content) : undefined;
      const body = generated?._tag === 'Some' ? JSON.stringify(generated.value) : undefined;
      const contentType: Record<string, string> = body === undefined ? {} : { 'content-type': content?.mediaType ?? 'application/json' };
      void deliver(target, { method: callback.method.toUpperCase(), headers: { ...contentType, ...headers }, body }, log);
    }
  };
}

async function deliver(target: string, request: RequestInit & { headers: Record<string, string> }, log: (line: string) => void) {
  // A controller and timer held here for the attempt's lifetime, not AbortSignal.timeout: such a signal can lose its
  // link after a garbage collection, and the delivery would then wait on a silent receiver for ever.
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(new Error(`no reply within ${DELIVERY_TIMEOUT_MS} ms`)), DELIVERY_TIMEOUT_MS);
  try {
    const delivered = await fetch(target, { ...request, signal: controller.signal });
    await delivered.arrayBuffer();
    log(`callback ${describeTarget(target)} answered ${delivered.status}`);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    log(`callback ${describeTarget(target)} failed: ${cause ?? redactUrls((error as Error).message)}`);
  } finally {
    clearTimeout(deadline);
  }
}

// The caller's URL may carry a token in its query; the log shows only where the callback went.
function describeTarget(target: string): string {
  // HttpUrl's pattern (D14) admits some hosts no URL parser reads, such as `http://a<b/`: fetch fails on them.
  if (!URL.canParse(target)) return 'to an invalid URL';
  const url = new URL(target);
  return `${url.origin}${url.pathname}`;
}
