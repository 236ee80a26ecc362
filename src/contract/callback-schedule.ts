// The contract's callback delivery schedule (D7, Standard Webhooks' example): what every implementation promises and
// what the sandbox uses by default. One module, so that the sandbox's defaults and the conformance kit's waits
// cannot drift apart.

/** Delays before each retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const CONTRACT_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000];

/** Each retry waits up to this share longer than its delay (D7: jitter only lengthens a wait). */
export const CONTRACT_RETRY_JITTER = 0.1;

/** Any 2xx within this long acknowledges an event (D7). */
export const CONTRACT_ACK_TIMEOUT_MS = 15_000;

/** The latest a first retry may come after a failed first attempt: the first delay plus its largest jitter (5.5 s). */
export const CONTRACT_FIRST_RETRY_LATEST_MS = Math.round(CONTRACT_RETRY_DELAYS_MS[0] * (1 + CONTRACT_RETRY_JITTER));
