// The types of content-digest.js for the TypeScript that imports it (src/mock/bundle.ts); the JavaScript is checked
// by tsconfig.scripts.json.
export declare const BUNDLE_INPUTS: string[];
export declare const BUNDLE_DIGEST_FILE: string;
export declare function digestInputs(root: string, inputs: string[]): string;
export declare function readRecordedDigest(file: string): string | null;
export declare function recordDigest(file: string, digest: string): void;
