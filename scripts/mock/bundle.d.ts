export interface BundleLocation {
  sourceDir: string;
  yaml: string;
  json: string;
}
export function locateBundle(): BundleLocation;
export function isBundleStale(options: { sourceDir: string; bundleFiles: string[] }): boolean;
export function ensureFreshBundle(log: (line: string) => void): BundleLocation;
