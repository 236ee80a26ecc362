// The types of loopback-only-dns.js (plain JavaScript, so that `node --import` loads it in child processes).
export declare const REFUSAL_MARKER: string;
export declare const LOOPBACK_ONLY_NODE_OPTIONS: string;
export declare function takeRefusedLookups(): string[];
