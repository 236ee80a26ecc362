// Whether a build output is current, judged by the content of its inputs, never by file times: a clone or a checkout
// sets those arbitrarily, and a first `npm start` would then rebuild for nothing (issue 30). A build records the
// digest of its inputs in a file beside its output; a later `--if-stale` run (and the mock's bundle check,
// src/mock/bundle.ts) computes the digest of the inputs as they are now and rebuilds only when the two differ.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the contract's bundle (generated/openapi.*) is built from: the source, Redocly's settings (its decorators
 * change the bundle) and the step itself. Paths relative to the project root.
 */
export const BUNDLE_INPUTS = ['openapi', 'redocly.yaml', 'scripts/build-bundle.js'];

/** The file in the generated folder that holds the digest of BUNDLE_INPUTS the bundle was built from. */
export const BUNDLE_DIGEST_FILE = 'openapi.inputs.sha256';

/**
 * SHA-256 over every file of `inputs` (files or folders, walked in name order), each as its path relative to `root`
 * and its bytes, with CRLF read as LF so that a checkout with Windows line endings is the same content. A missing
 * input counts as such, so that deleting one changes the digest.
 * @param {string} root
 * @param {string[]} inputs paths relative to root, with `/`
 * @returns {string} hex
 */
export function digestInputs(root, inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const path of listFiles(root, input)) {
      const absolute = join(root, path);
      hash.update(`${path}\0`);
      hash.update(existsSync(absolute) ? readFileSync(absolute, 'latin1').replaceAll('\r\n', '\n') : '\0missing', 'latin1');
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/**
 * The digest recorded in `file`, or null when there is none.
 * @param {string} file
 * @returns {string | null}
 */
export function readRecordedDigest(file) {
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  return lines.find((line) => line !== '' && !line.startsWith('#'))?.trim() ?? null;
}

/**
 * Writes `digest` to `file` under a line that says what it is.
 * @param {string} file
 * @param {string} digest
 */
export function recordDigest(file, digest) {
  const notice = '# SHA-256 of the inputs this output was generated from (scripts/content-digest.js). Do not edit.';
  writeFileSync(file, `${notice}\n${digest}\n`);
}

/**
 * The files of `path` (itself when a file or missing), relative to root, sorted.
 * @param {string} root
 * @param {string} path
 * @returns {string[]}
 */
function listFiles(root, path) {
  const absolute = join(root, path);
  if (!existsSync(absolute) || !statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute)
    .sort()
    .flatMap((name) => listFiles(root, `${path}/${name}`));
}
