// The sandbox's configuration, read through the settings table (sandbox-settings.ts) from either source: the
// environment of the `checkout-sandbox` bin, or the typed options of the testing kit. Pure functions of their input,
// testable without a process. Secrets that are not set are generated here; the caller decides whether to print them.
import { type Env, UsageError } from '../../cli/run-command.js';
import { SANDBOX_SETTINGS, type SandboxConfig, type SandboxSettings } from './sandbox-settings.js';

export type { SandboxConfig } from './sandbox-settings.js';

/**
 * The configuration the environment asks for; a blank variable counts as unset. Throws the CLI's UsageError (exit 2),
 * whose message names the variable and what to set, never a secret's value.
 */
export function readSandboxConfig(env: Env = process.env): SandboxConfig {
  const given = new Set<string>();
  const config = readSettings((setting) => {
    const text = env[setting.name]?.trim();
    if (!text) return undefined;
    given.add(setting.name);
    return { value: setting.parse.fromText(text, setting.name) };
  });
  return { ...config, apiKeysGenerated: !given.has('CHECKOUT_API_KEYS'), callbackSecretGenerated: !given.has('CHECKOUT_CALLBACK_SECRET') };
}

/**
 * The configuration a testing kit's options ask for, with no string in between: the same bounds and words as the
 * variables', each message naming `options.<name>` and starting with the caller. An option left out (undefined) takes
 * the default; a setting without an option (HOST, the retention, the sweep) always does. Throws a TypeError.
 */
export function readSandboxOptions(options: object, caller: string): SandboxConfig {
  const given = new Set<string>();
  try {
    const config = readSettings((setting) => {
      const value = setting.option === null ? undefined : (options as Record<string, unknown>)[setting.option];
      if (value === undefined || setting.parse.fromValue === undefined) return undefined;
      given.add(setting.name);
      return { value: setting.parse.fromValue(value, `options.${setting.option}`) };
    });
    return {
      ...config,
      apiKeysGenerated: !given.has('CHECKOUT_API_KEYS'),
      callbackSecretGenerated: !given.has('CHECKOUT_CALLBACK_SECRET'),
    };
  } catch (error) {
    if (error instanceof UsageError) throw new TypeError(`${caller}: ${error.message}`);
    throw error;
  }
}

function readSettings(readOne: (setting: (typeof SANDBOX_SETTINGS)[number]) => { value: unknown } | undefined): SandboxSettings {
  const entries = SANDBOX_SETTINGS.map((setting) => [setting.key, (readOne(setting) ?? { value: setting.initial() }).value]);
  return Object.fromEntries(entries) as SandboxSettings;
}
