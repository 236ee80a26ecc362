// The types of package-root.js for the TypeScript that imports it (src/contract/load-contract.ts, src/mock/bundle.ts);
// the JavaScript is checked by tsconfig.scripts.json.
export declare function findPackageRoot(): string;
