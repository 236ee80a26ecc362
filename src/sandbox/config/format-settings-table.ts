// The settings table as docs/sandbox.md shows it, one row per setting; test/sandbox/settings-table.test.ts keeps the
// docs equal to it, so a setting changed here fails until the docs say the same.
import { SANDBOX_SETTINGS } from './sandbox-settings.js';

export const SETTINGS_TABLE_HEADER = ['| Variable | Option | Accepts | Default | Meaning |', '|---|---|---|---|---|'];

export function formatSettingsTable(): string[] {
  const rows = SANDBOX_SETTINGS.map((setting) => {
    const option = setting.option === null ? '—' : `\`${setting.option}\``;
    const fallback = setting.literal ? `\`${setting.fallback}\`` : setting.fallback;
    return `| \`${setting.name}\` | ${option} | ${setting.parse.accepts} | ${fallback} | ${setting.meaning} |`;
  });
  return [...SETTINGS_TABLE_HEADER, ...rows];
}
