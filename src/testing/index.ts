// checkout-api-contract/testing: the sandbox for a consumer's own tests, in-process. Never imported by the package's
// default entry, so none of it reaches production code that imports the client.
export type { UndeliveredCallback } from '../sandbox/callbacks/callback-dispatcher.js';
export { type CallbackDeliveryLog, type CheckoutControls, CheckoutStateError } from './checkout-controls.js';
export { type CheckoutMock, type CheckoutMockOptions, createCheckoutMock, DEFAULT_MOCK_BASE_URL } from './checkout-mock.js';
export { type SandboxStartOptions, startSandbox, type TestSandbox } from './in-process-sandbox.js';
export type { CallbackAnswer, CallbackDelivery, TestingPolicies } from './testing-options.js';
