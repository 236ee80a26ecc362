import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('redocly lint under redocly.yaml', () => {
  it('reports zero errors and zero warnings', () => {
    const output = execFileSync('npx', ['redocly', 'lint', '--config', 'redocly.yaml', '--format', 'json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const report = JSON.parse(output);
    expect(report.problems.map((p: any) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0, ignored: 0 });
  });
});
