// The package entry: the typed client, the callback verifier, and every type generated from the contract
// (`paths`, `components`, `operations` and one alias per schema, such as `Checkout` and `Problem`).
export type * from '../generated/openapi.js';
export {
  createCheckoutClient,
  type CheckoutClient,
  type CheckoutClientOptions,
  type CreateCheckoutOptions,
  type CreateCheckoutResult,
} from './client/create-checkout-client.js';
export { CheckoutNetworkError } from './client/checkout-network-error.js';
export type { FetchFunction } from './client/request-draft.js';
export { DEFAULT_TOLERANCE_SECONDS, verifyCallback, type VerifyCallbackInput } from './callback/verify-callback.js';
export type { CallbackHeaders } from './callback/read-webhook-headers.js';
export {
  CallbackFutureTimestampError,
  CallbackMalformedBodyError,
  CallbackMalformedHeadersError,
  CallbackMissingHeadersError,
  CallbackSignatureError,
  CallbackStaleTimestampError,
  CallbackTimestampError,
  CallbackUnknownEventError,
  CallbackVerificationError,
  type CallbackErrorCode,
} from './callback/callback-errors.js';
