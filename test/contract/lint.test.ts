import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const env = { ...process.env, REDOCLY_TELEMETRY: 'off' };

function lintJson(args: string[]): { problems: Array<{ ruleId: string; message: string }>; totals: Record<string, number> } {
  const result = spawnSync('npx', ['redocly', 'lint', ...args, '--config', 'redocly.yaml', '--format', 'json'], { env, encoding: 'utf8' });
  return JSON.parse(result.stdout);
}

describe('redocly lint under redocly.yaml', () => {
  it('reports zero errors and zero warnings', () => {
    const report = lintJson([]);
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0, ignored: 0 });
  });

  it('applies its OpenAPI rules, kept under oas3_1Rules (negative control)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'redocly-rules-'));
    try {
      const document = join(dir, 'openapi.yaml');
      writeFileSync(
        document,
        [
          'openapi: 3.1.0',
          'info: { title: T, version: 1.0.0, license: { name: MIT, identifier: MIT } }',
          "servers: [{ url: 'https://api.checkout.example' }]",
          'security: [{ ApiKey: [] }]',
          'tags: [{ name: T, description: T. }]',
          'paths:',
          '  /a:',
          '    get:',
          '      operationId: getA',
          '      summary: Get A thing',
          '      description: Gets it.',
          '      tags: [T]',
          "      responses: { '200': { description: OK }, '400': { description: Bad } }",
          'components:',
          '  securitySchemes: { ApiKey: { type: apiKey, in: header, name: Authorization } }',
          '  schemas: { Unused: { type: string, example: x } }',
        ].join('\n'),
      );
      const ruleIds = lintJson([document]).problems.map((p) => p.ruleId);
      expect(ruleIds).toEqual(expect.arrayContaining(['no-unused-components', 'rule/operation-summary-sentence-case']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run lint:workflows', () => {
  it('validates the Arazzo workflows without reporting unused rules or decorators of redocly.yaml', () => {
    const { status, stdout, stderr } = spawnSync('npm', ['run', '--silent', 'lint:workflows'], { env, encoding: 'utf8' });
    const output = `${stdout}\n${stderr}`;
    expect(status, output).toBe(0);
    expect(output).toContain('Your API description is valid.');
    expect(output).not.toMatch(/Unused (rules|decorators)/);
  });
});
