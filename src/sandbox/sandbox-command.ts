// The `checkout-sandbox` command: argv + env → config, the run, and what it prints: the start banner (the only place a
// generated key or secret is ever shown), --help, and the shutdown lines (never a key, a secret, or a URL's userinfo or
// query). The run has the lifecycle both serving bins share (src/cli/lifecycle.ts): it stops cleanly on SIGINT,
// SIGTERM or SIGHUP, or when the process chain that launched it ends (the npm of `npm run sandbox`); callback attempts
// in flight may finish, then every undelivered callback is listed and the port is free. A second signal stops at
// once. Exit codes: 0 stopped, 1 could not start, 2 bad usage or configuration.
import { describeStop, type StopEvent, serveUntilStopped } from '../cli/lifecycle.js';
import { readArgv } from '../cli/read-argv.js';
import { type Command, type Env, EXIT, HELP, type Parsed, type RunIo, StartError } from '../cli/run-command.js';
import type { ContractOperation } from '../contract/contract-facts.js';
import { describeHelperPaths } from '../contract/sandbox-helper-routes.js';
import type { UndeliveredCallback } from './callbacks/callback-dispatcher.js';
import { readSandboxConfig, type SandboxConfig } from './config/read-sandbox-config.js';
import { SANDBOX_SETTINGS } from './config/sandbox-settings.js';

export const sandboxCommand: Command<SandboxConfig> = {
  name: 'checkout-sandbox',
  parse: parseSandboxArgs,
  help: formatHelp,
  run: runSandbox,
  // A stopped sandbox ends its process at once, whatever keep-alive sockets or timers its callbacks left behind.
  exitWhenDone: true,
};

/** The sandbox takes no arguments but --help: it is configured by environment variables (sandbox-settings.ts). */
export function parseSandboxArgs(argv: string[], env: Env): Parsed<SandboxConfig> {
  const { values } = readArgv(argv, {
    options: {},
    explain: (_reason, argument) =>
      `checkout-sandbox takes no arguments (got "${argument}"); it is configured by environment variables. See checkout-sandbox --help.`,
  });
  if (values.help) return HELP;
  return { kind: 'run', config: readSandboxConfig(env) };
}

async function runSandbox(config: SandboxConfig, io: RunIo): Promise<number> {
  // Loaded and built here, not above: the bin's entry takes its stop signals before the sandbox is evaluated
  // (src/sandbox/cli.ts), and a stop while it loads and compiles the contract ends the run before it listens.
  // Its operational lines (callback failures, bugs) go out through the run's stderr: redacted, and never able to stop
  // the process when no one reads them any more (src/cli/stream-writer.ts).
  const prepared = await explainStartFailure(config, async () => {
    const [{ prepareSandbox }, { loadContractValue }] = await Promise.all([
      import('./start-sandbox.js'),
      import('../contract/contract-value.js'),
    ]);
    const contract = loadContractValue();
    const sandbox = prepareSandbox({ config, contract, log: (line) => io.stderr(`${line}\n`) });
    return { sandbox, create: contract.operation('createCheckout') };
  });
  await serveUntilStopped(
    async () => {
      const sandbox = await explainStartFailure(config, () => prepared.sandbox.listen());
      io.stdout(formatBanner(sandbox.url, config, prepared.create));
      return sandbox;
    },
    async (sandbox, reason) => {
      if (!sandbox) {
        io.stderr(`checkout-sandbox: stopped (${describeStop(reason)}) before it started listening.\n`);
        return;
      }
      io.stderr(formatStopping(sandbox.shutdownGraceMs, reason));
      io.stderr(formatUndelivered(await sandbox.close()));
    },
    io.stopWatch,
  );
  return EXIT.ok;
}

// A start step that fails (a port in use, a contract that does not load) as a StartError that says what to do.
async function explainStartFailure<T>(config: SandboxConfig, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `${config.host}:${config.port} is already in use; stop what runs there or set PORT to another port (0 picks a free one).`
        : (error as Error).message;
    throw new StartError(`cannot start: ${reason}`, { cause: error });
  }
}

/** The start banner; `create` is the contract's create operation, whose method and path it shows. */
export function formatBanner(url: string, config: SandboxConfig, create: Pick<ContractOperation, 'method' | 'path'>): string {
  const lines = [
    `Checkout sandbox listening on ${url}`,
    `  Create a checkout:  ${create.method} ${url}${create.path}`,
    `  Sandbox helpers:    ${url}${describeHelperPaths()}`,
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
    (setting) =>
      `  ${setting.name.padEnd(width)}  ${setting.meaning.replace(/`/g, '')}\n  ${' '.repeat(width)}  (default: ${setting.fallback.replace(/`/g, '')})`,
  );
  return [
    'checkout-sandbox: a stateful sandbox of the Checkout API for integration tests.',
    '',
    'Usage: npx checkout-sandbox    (configured by environment variables; in a clone of this repository: npm run sandbox)',
    '',
    'Environment:',
    ...rows,
    '',
  ].join('\n');
}

function formatStopping(graceMs: number, reason: StopEvent): string {
  return `checkout-sandbox: stopping (${describeStop(reason)}); callback attempts in flight get up to ${graceMs} ms to finish.\n`;
}

/** One line per callback event that was still pending at shutdown, with what a merchant needs to re-deliver it. */
export function formatUndelivered(undelivered: UndeliveredCallback[]): string {
  if (undelivered.length === 0) return 'checkout-sandbox: stopped; no callback was left undelivered.\n';
  const count = undelivered.length === 1 ? '1 callback was' : `${undelivered.length} callbacks were`;
  const lines = undelivered.map((event) => {
    const attempts = event.attempts === 1 ? '1 attempt' : `${event.attempts} attempts`;
    const due = event.droppedBecause
      ? `${attempts} made, dropped before shutdown when its checkout was evicted`
      : `${attempts} made, next attempt was due at ${event.nextAttemptAt}`;
    return `  checkout ${event.checkoutId}  webhook-id ${event.eventId}  to ${event.url}  ${due}`;
  });
  return [`checkout-sandbox: stopped; ${count} not delivered and will not be retried:`, ...lines, ''].join('\n');
}
