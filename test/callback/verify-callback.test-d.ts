import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallbackErrorCode,
  type CallbackHeaders,
  type CallbackVerificationError,
  type CheckoutCompletedEvent,
  type VerifyCallbackInput,
  verifyCallback,
} from '../../src/index.js';

describe('verifyCallback types', () => {
  it('returns the contract event, whose checkout is complete', () => {
    expectTypeOf(verifyCallback).returns.toEqualTypeOf<CheckoutCompletedEvent>();
    expectTypeOf<ReturnType<typeof verifyCallback>['data']['status']>().toEqualTypeOf<'complete'>();
  });

  it('takes the raw body, the headers as Node or fetch gives them, and the secret', () => {
    expectTypeOf<{
      payload: Buffer;
      headers: Record<string, string | string[] | undefined>;
      secret: string;
    }>().toExtend<VerifyCallbackInput>();
    expectTypeOf<{
      payload: string;
      headers: Headers;
      secret: string;
      toleranceSeconds: number;
      now: Date;
    }>().toExtend<VerifyCallbackInput>();
    expectTypeOf<IncomingHttpHeaders>().toExtend<CallbackHeaders>();
    expectTypeOf<IncomingMessage['headersDistinct']>().toExtend<CallbackHeaders>();
    // Any Headers-like object with get (undici's own class, a framework's), a Map, entries.
    expectTypeOf<{ get(name: string): string | null; has(name: string): boolean }>().toExtend<CallbackHeaders>();
    expectTypeOf<Map<string, string>>().toExtend<CallbackHeaders>();
    expectTypeOf<Map<string, string[]>>().toExtend<CallbackHeaders>();
    expectTypeOf<Array<[string, string]>>().toExtend<CallbackHeaders>();
    // @ts-expect-error a header value is text as received, never a number
    const numeric: CallbackHeaders = { 'webhook-timestamp': 1795254127 };
    void numeric;
    // @ts-expect-error a parsed body is not the raw payload
    const parsed: VerifyCallbackInput = { payload: { type: 'checkout.completed' }, headers: {}, secret: 'whsec_AAAA' };
    void parsed;
  });

  it('every refusal is one class with a code from a closed list and the details of its code', () => {
    expectTypeOf<CallbackVerificationError['code']>().toEqualTypeOf<CallbackErrorCode>();
    expectTypeOf<CallbackVerificationError['missing']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<CallbackVerificationError['timestamp']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<CallbackVerificationError['now']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<CallbackVerificationError['eventType']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<CallbackErrorCode>().toEqualTypeOf<
      | 'missing_headers'
      | 'malformed_headers'
      | 'bad_signature'
      | 'stale_timestamp'
      | 'future_timestamp'
      | 'malformed_body'
      | 'unknown_event_type'
    >();
  });
});
