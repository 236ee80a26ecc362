// The YAML bundles are read by YAML 1.1 parsers too (SnakeYAML, behind Specmatic and swagger-parser), which take
// U+0085, U+2028 and U+2029 for line breaks and stop on the document: scripts/build-bundle.js writes the Unicode spaces
// the URL pattern names as `\uXXXX` escapes in double-quoted scalars, and the YAML still reads as the JSON bundle.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const projectRoot = resolve(import.meta.dirname, '../..');

describe.each(['openapi', 'openapi.dereferenced'])('generated/%s.yaml', (name) => {
  const yamlText = readFileSync(join(projectRoot, 'generated', `${name}.yaml`), 'utf8');
  const json = JSON.parse(readFileSync(join(projectRoot, 'generated', `${name}.json`), 'utf8'));

  it('holds no raw Unicode space, line or paragraph separator or BOM', () => {
    expect(yamlText.match(/[\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]/g)).toBeNull();
  });

  it('reads as the JSON bundle, the URL pattern with its characters', () => {
    const { 'x-generated': _notice, ...document } = json;
    expect(parse(yamlText)).toEqual(document);
    expect(parse(yamlText).components.schemas.HttpUrl.pattern).toContain('\u2028\u2029\u202F\u205F\u3000\uFEFF');
  });
});
