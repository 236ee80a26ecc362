// The settings table is the one source of the sandbox's settings: docs/sandbox.md shows exactly its rows, and --help
// names each one with its default.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatSettingsTable, SETTINGS_TABLE_HEADER } from '../../src/sandbox/config/format-settings-table.js';
import { SANDBOX_SETTINGS } from '../../src/sandbox/config/sandbox-settings.js';
import { formatHelp } from '../../src/sandbox/sandbox-command.js';

/** The lines of the docs table that starts with the settings header, up to its first non-table line. */
function readDocsTable(): string[] {
  const lines = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8').split('\n');
  const start = lines.indexOf(SETTINGS_TABLE_HEADER[0] as string);
  expect(start).toBeGreaterThan(-1);
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return lines.slice(start, end);
}

describe('the settings table', () => {
  it("is docs/sandbox.md's table, row for row (paste formatSettingsTable() there when a setting changes)", () => {
    expect(readDocsTable()).toEqual(formatSettingsTable());
  });

  it('has one row per variable and per option', () => {
    const names = SANDBOX_SETTINGS.map((setting) => setting.name);
    const options = SANDBOX_SETTINGS.flatMap((setting) => (setting.option === null ? [] : [setting.option]));
    expect(names).toEqual([...new Set(names)]);
    expect(options).toEqual([...new Set(options)]);
    expect(options).toEqual([
      'port',
      'apiKey',
      'callbackSecret',
      'checkoutPageUrl',
      'sessionLifetimeMs',
      'initialUpdateDelayMs',
      'offerAllMethods',
      'testRates',
      'rateLimit',
      'maxSessions',
      'callbackRetryDelaysMs',
      'callbackRetryJitter',
      'callbackTimeoutMs',
      'merchantName',
    ]);
  });

  it('--help shows each variable with its meaning and default, without Markdown', () => {
    const help = formatHelp();
    expect(help).toContain(
      '  CHECKOUT_MAX_SESSIONS              Most checkouts kept; the oldest is dropped. As many Idempotency-Keys are kept, one per checkout, so none is dropped before its checkout.\n' +
        '                                     (default: 10000)',
    );
    expect(help).toContain(
      '  PORT                               Port to listen on (0 picks a free one).\n                                     (default: 4011)',
    );
    for (const setting of SANDBOX_SETTINGS) expect(help).toContain(`  ${setting.name} `);
    expect(help).not.toContain('`');
  });
});
