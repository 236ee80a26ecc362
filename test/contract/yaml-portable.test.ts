// The YAML bundles are read by YAML 1.1 parsers too (SnakeYAML, behind Specmatic and swagger-parser), which take
// U+0085, U+2028 and U+2029 for line breaks and stop on the document: scripts/build-bundle.js writes the Unicode spaces
// the URL pattern names as `\uXXXX` escapes in double-quoted scalars, and the YAML still reads as the JSON bundle.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseDocument, type Scalar, type YAMLMap } from 'yaml';

const projectRoot = resolve(import.meta.dirname, '../..');

describe.each(['openapi', 'openapi.dereferenced'])('generated/%s.yaml', (name) => {
  const yamlText = readFileSync(join(projectRoot, 'generated', `${name}.yaml`), 'utf8');
  const json = JSON.parse(readFileSync(join(projectRoot, 'generated', `${name}.json`), 'utf8'));

  it('holds no raw Unicode space, line or paragraph separator or BOM, and no raw TAB, VT, FF or CR', () => {
    expect(yamlText.match(/[\t\v\f\r\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]/g)).toBeNull();
  });

  it("writes the URL pattern's controls as escapes on one line, not as a folded line break", () => {
    const start = '[Hh][Tt][Tt][Pp][Ss]?://[^';
    const patternLines = yamlText.split('\n').filter((line) => line.includes(start));
    expect(patternLines.length).toBe(JSON.stringify(json).split(start).length - 1);
    for (const line of patternLines) expect(line).toContain('[^\\t\\n\\v\\f\\r \\u00A0\\u1680');
  });

  it('lists the responses in the order openapi/ does, 201 before 200 (D1), which the JSON bundle cannot keep', () => {
    const keysAt = (text: string, where: string[]) =>
      (parseDocument(text).getIn(where, true) as YAMLMap).items.map((pair) => String((pair.key as Scalar).value));
    const source = keysAt(readFileSync(join(projectRoot, 'openapi', 'paths', 'api_v1_checkouts.yaml'), 'utf8'), ['post', 'responses']);
    expect(source.slice(0, 3)).toEqual(['201', '200', '400']);
    expect(keysAt(yamlText, ['paths', '/api/v1/checkouts/', 'post', 'responses'])).toEqual(source);
  });

  it('reads as the JSON bundle, the URL pattern with its characters', () => {
    const { 'x-generated': _notice, ...document } = json;
    expect(parse(yamlText)).toEqual(document);
    expect(parse(yamlText).components.schemas.HttpUrl.pattern).toContain(
      '[^\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF/?#@]',
    );
  });
});
