// Bundle the split contract in openapi/ into single files: generated/openapi.{yaml,json} (refs kept as
// #/components/...) and generated/openapi.dereferenced.{yaml,json} (no $ref at all, for tools that handle $ref
// poorly). Redocly does the bundling; this step only adds the "generated" notice, writes both formats and records
// the digest of its inputs beside them (generated/openapi.inputs.sha256), by which `npm start` knows the bundle is
// current (scripts/content-digest.js).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Document, isMap, parse, parseDocument, Scalar, visit } from 'yaml';
import { BUNDLE_DIGEST_FILE, BUNDLE_INPUTS, digestInputs, recordDigest } from './content-digest.js';
import { GENERATED_NOTICE, projectRoot, resolveGeneratedDir } from './generated-dir.js';

const redocly = join(projectRoot, 'node_modules', '.bin', 'redocly');

/**
 * The contract bundled by Redocly, with `extraArgs` added to `redocly bundle`.
 * @param {string[]} extraArgs
 * @returns {Record<string, unknown>}
 */
function bundleWithRedocly(extraArgs) {
  const workDir = mkdtempSync(join(tmpdir(), 'checkout-bundle-'));
  const output = join(workDir, 'openapi.yaml');
  try {
    execFileSync(redocly, ['bundle', 'openapi/openapi.yaml', '--output', output, ...extraArgs], {
      cwd: projectRoot,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return parse(readFileSync(output, 'utf8'));
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * @param {string} outDir
 * @param {string} baseName
 * @param {Record<string, unknown>} document
 */
function writeBundle(outDir, baseName, document) {
  // JSON has no comments, so the notice is an OpenAPI extension placed first.
  const json = { 'x-generated': GENERATED_NOTICE, ...document };
  writeFileSync(join(outDir, `${baseName}.json`), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(join(outDir, `${baseName}.yaml`), `# ${GENERATED_NOTICE}\n${toPortableYaml(document)}`);
}

// Unicode spaces, line and paragraph separators and the BOM (the URL pattern names them, D14). YAML 1.1 readers
// (SnakeYAML, behind Java tools such as Specmatic and swagger-parser) take U+0085, U+2028 and U+2029 for line breaks
// and stop on the document; written as `\uXXXX` escapes in a double-quoted scalar, every YAML reader reads the same
// characters, and a person sees which they are.
const UNICODE_SPACES = /[\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]/g;

/**
 * Each operation's responses in the order openapi/ lists them, as [path in the bundle, status keys]. A JavaScript
 * object enumerates numeric keys in ascending order, so the bundle lost it; tools that take the first success status
 * listed as the one to expect (Specmatic's contract tests) must read `201` before `200` (D1).
 * @returns {Array<[string[], string[]]>}
 */
function sourceResponseOrders() {
  const rootFile = join(projectRoot, 'openapi', 'openapi.yaml');
  const root = parseDocument(readFileSync(rootFile, 'utf8'));
  /** @type {Array<[string[], string[]]>} */
  const orders = [];
  for (const pathPair of /** @type {import('yaml').YAMLMap} */ (root.get('paths')).items) {
    const ref = /** @type {import('yaml').YAMLMap} */ (pathPair.value).get('$ref');
    const pathItem = typeof ref === 'string' ? parseDocument(readFileSync(join(dirname(rootFile), ref), 'utf8')).contents : pathPair.value;
    if (!isMap(pathItem)) continue;
    for (const operation of pathItem.items) {
      const responses = isMap(operation.value) ? operation.value.get('responses') : undefined;
      if (!isMap(responses)) continue;
      const where = [
        'paths',
        String(/** @type {Scalar} */ (pathPair.key).value),
        String(/** @type {Scalar} */ (operation.key).value),
        'responses',
      ];
      orders.push([where, responses.items.map((pair) => String(/** @type {Scalar} */ (pair.key).value))]);
    }
  }
  return orders;
}

/** @param {Record<string, unknown>} document */
function toPortableYaml(document) {
  const yamlDocument = new Document(document, { aliasDuplicateObjects: false });
  for (const [where, statuses] of sourceResponseOrders()) {
    const responses = yamlDocument.getIn(where, true);
    if (!isMap(responses)) continue;
    const rank = (/** @type {import('yaml').Pair} */ pair) => statuses.indexOf(String(/** @type {Scalar} */ (pair.key).value));
    responses.items.sort((a, b) => rank(a) - rank(b));
  }
  visit(yamlDocument, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && node.value.search(UNICODE_SPACES) !== -1) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  // Only the double-quoted scalars marked above hold these characters, and there `\uXXXX` is an escape. A line
  // feed in one (the URL pattern holds one) stays the escape `\n`, rather than a folded line a reader must count.
  return yamlDocument
    .toString({ lineWidth: 0, doubleQuotedMinMultiLineLength: Number.POSITIVE_INFINITY })
    .replace(UNICODE_SPACES, (character) => `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

const outDir = resolveGeneratedDir();
mkdirSync(outDir, { recursive: true });
// Taken before Redocly reads the source: an edit made while it runs leaves the recorded digest behind, and the next
// start rebuilds.
const inputsDigest = digestInputs(projectRoot, BUNDLE_INPUTS);
writeBundle(outDir, 'openapi', bundleWithRedocly([]));
writeBundle(outDir, 'openapi.dereferenced', bundleWithRedocly(['--dereferenced']));
recordDigest(join(outDir, BUNDLE_DIGEST_FILE), inputsDigest);
console.log(`bundled openapi/ into ${outDir}`);
