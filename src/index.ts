// The package entry: the typed client, the callback verifier, and every type generated from the contract
// (`paths`, `components`, `operations` and one alias per schema, such as `Checkout` and `Problem`).
export type * from '../generated/openapi.js';
export { type CallbackErrorCode, type CallbackErrorDetails, CallbackVerificationError } from './callback/callback-errors.js';
export type { CallbackHeaders } from './callback/read-webhook-headers.js';
export { DEFAULT_TOLERANCE_SECONDS, type VerifyCallbackInput, verifyCallback } from './callback/verify-callback.js';
export { CheckoutNetworkError } from './client/checkout-network-error.js';
export {
  type CheckoutClient,
  type CheckoutClientOptions,
  type CreateCheckoutOptions,
  type CreateCheckoutResult,
  createCheckoutClient,
} from './client/create-checkout-client.js';
export type { FetchFunction } from './client/request-draft.js';
