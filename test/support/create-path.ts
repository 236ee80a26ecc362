// The contract's create path (`/api/v1/checkouts/`), read from the bundle once, for the tests that send to it. The
// conformance kit reads it from the contract value its entry makes (src/conformance/conformance-contract.ts).
import { findOperation } from '../../src/contract/contract-facts.js';
import { loadContract } from '../../src/contract/load-contract.js';

export const CREATE_PATH = findOperation(loadContract(), 'createCheckout').path;
