// What the CLI prints: the start banner (the only place a generated key or secret is ever shown) and --help.
import type { SandboxConfig } from './config/read-sandbox-config.js';
import { SANDBOX_SETTINGS } from './config/sandbox-settings.js';

export function formatBanner(url: string, config: SandboxConfig): string {
  const lines = [
    `Checkout sandbox listening on ${url}`,
    `  Create a checkout:  POST ${url}/api/v1/checkouts/`,
    `  Sandbox helpers:    ${url}/sandbox/v1/checkouts/{id}[/complete|/expire|/deliveries]`,
    config.apiKeysGenerated
      ? `  API key (sandbox only, generated for this run; set CHECKOUT_API_KEYS to choose your own): ${config.apiKeys[0]}`
      : `  API keys: ${config.apiKeys.length} from CHECKOUT_API_KEYS (not shown)`,
    config.callbackSecretGenerated
      ? `  Callback signing secret (generated for this run; set CHECKOUT_CALLBACK_SECRET to choose your own): ${config.callbackSecret}`
      : '  Callback signing secret: from CHECKOUT_CALLBACK_SECRET (not shown)',
    `  Sessions expire after ${config.sessionLifetimeMs} ms; at most ${config.maxSessions} are kept. Stop with Ctrl-C.`,
  ];
  return `${lines.join('\n')}\n`;
}

export function formatHelp(): string {
  const width = Math.max(...SANDBOX_SETTINGS.map((setting) => setting.name.length));
  const rows = SANDBOX_SETTINGS.map(
    (setting) => `  ${setting.name.padEnd(width)}  ${setting.meaning.replace(/`/g, '')}\n  ${' '.repeat(width)}  (default: ${setting.fallback.replace(/`/g, '')})`,
  );
  return [
    'checkout-sandbox: a stateful sandbox of the Checkout API for integration tests.',
    '',
    'Usage: checkout-sandbox        (configured by environment variables)',
    '',
    'Environment:',
    ...rows,
    '',
  ].join('\n');
}
