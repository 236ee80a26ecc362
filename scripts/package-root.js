// The one way to find the package's root folder (its package.json, openapi/, generated/, docs/): the nearest folder
// at or above a module whose package.json is this package's. It holds wherever the module runs from: scripts/,
// src/<part>/ under vitest, a bundle in dist/bin/ or dist/testing/, or node_modules/checkout-api-contract/ when
// installed. Used by the build steps (generated-dir.js), the contract reader and the mock.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'checkout-api-contract';

/** @type {string | undefined} */
let found;

/** The package's root folder, found once per process from this module's own place. */
export function findPackageRoot() {
  found ??= searchUp(dirname(fileURLToPath(import.meta.url)));
  return found;
}

/** @param {string} start */
function searchUp(start) {
  for (let folder = start; ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === PACKAGE_NAME) return folder;
    if (dirname(folder) === folder) {
      throw new Error(
        `Cannot find the ${PACKAGE_NAME} package in ${start} or any folder above it; run from an installed or built package.`,
      );
    }
  }
}
