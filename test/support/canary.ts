// Canary secrets: values shaped like real ones that must never appear in anything a server, client or kit logs,
// prints, reports or answers. Every suite uses these, so a leak check in one suite means the same as in another.
// Each starts with `canary-key` or `canary-`, which lets a test assert that no canary at all leaked.

/** The API key every suite configures and sends. */
export const CANARY_KEY = 'canary-key-9f1c4e2a7b3d8c6f';
/** A second configured key, for tests that need two distinct accepted keys (ownership, key lists). */
export const OTHER_CANARY_KEY = 'canary-key-0d83b6f5e1a7c294';
/** A key no server is configured with: it must be refused, and never echoed. */
export const UNKNOWN_CANARY_KEY = 'canary-key-unknown-41f0c8';
/** The password and query token of a callback URL: neither may be logged. */
export const CANARY_CALLBACK_PASSWORD = 'canary-password-5e8d1c';
export const CANARY_CALLBACK_TOKEN = 'canary-token-b27f90';
/** A key holding every character XML and HTML escape (`& < > " '`): its escaped spellings must not leak either. */
export const CANARY_MARKUP_KEY = `canary-key-&<>"'-5a1f9c3e7d2b`;
