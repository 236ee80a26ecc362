// checkout-api-contract/testing: the sandbox for a consumer's own tests, in-process. Never imported by the package's
// default entry, so none of it reaches production code that imports the client.

export type { CallbackDeliveryLog, DeliveryAttempt, OutgoingCallback, UndeliveredCallback } from '../sandbox/sandbox-api.js';
export { type CheckoutControls, CheckoutStateError } from './checkout-controls.js';
export { createFetchSandbox, DEFAULT_FETCH_SANDBOX_BASE_URL, type FetchSandbox, type FetchSandboxOptions } from './fetch-sandbox.js';
export { type SandboxStartOptions, startSandbox, type TestSandbox } from './in-process-sandbox.js';
export type { CallbackAnswer, TestingPolicies } from './testing-options.js';
