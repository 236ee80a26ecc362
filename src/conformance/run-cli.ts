// The checkout-conformance command as a function: argv and environment in, exit code out, output through the
// given streams. Errors become exit codes only here: 2 for a run that could not happen, 1 for violations.
import { writeFile } from 'node:fs/promises';
import { loadContract } from '../contract/load-contract.js';
import { createRedactor, type Redactor } from '../http/redact.js';
import type { ConformanceConfig } from './config.js';
import { ConfigError, parseCommand } from './parse-args.js';
import { buildJsonReport } from './report-json.js';
import { renderJunit } from './report-junit.js';
import { renderTable } from './report-table.js';
import { type Progress, type RunOutcome, runConformance, UnreachableError } from './run-conformance.js';
import { USAGE } from './usage.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal: then progress rewrites one line instead of printing one per step. */
  interactive: boolean;
}

export const EXIT = { conformant: 0, violations: 1, couldNotRun: 2 } as const;

export async function runCli(argv: string[], env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  // Redact whatever secrets the environment holds, even before (or without) a valid configuration.
  let redact: Redactor = createRedactor([env.CHECKOUT_API_KEY?.trim(), env.CHECKOUT_CALLBACK_SECRET?.trim()]);
  const out = (text: string) => io.stdout(redact(text));
  const err = (text: string) => io.stderr(redact(text));
  let config: ConformanceConfig;
  try {
    const command = parseCommand(argv, env);
    if (command.kind === 'help') {
      out(USAGE);
      return EXIT.conformant;
    }
    config = command.config;
  } catch (error) {
    if (error instanceof ConfigError) {
      err(`checkout-conformance: ${error.message}\n`);
      return EXIT.couldNotRun;
    }
    throw error;
  }
  redact = createRedactor([config.apiKey, config.callback?.secret, env.CHECKOUT_API_KEY, env.CHECKOUT_CALLBACK_SECRET]);

  let outcome: RunOutcome;
  try {
    outcome = await runConformance(config, (progress) => err(formatProgress(progress, io.interactive)));
  } catch (error) {
    if (io.interactive) err('\r\x1b[K');
    if (
      error instanceof UnreachableError ||
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ||
      (error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL'
    ) {
      err(`checkout-conformance: ${(error as Error).message}\n`);
      return EXIT.couldNotRun;
    }
    err(`checkout-conformance: the run stopped on an unexpected error: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.couldNotRun;
  }
  if (io.interactive) err('\r\x1b[K');
  const exitCode = outcome.verdict === 'conformant' ? EXIT.conformant : EXIT.violations;
  out(renderTable(config, outcome));
  try {
    if (config.reportPath) {
      const report = buildJsonReport(config, outcome, exitCode, loadContract().info.version);
      await writeFile(config.reportPath, redact(`${JSON.stringify(report, null, 2)}\n`));
      err(`checkout-conformance: wrote the JSON report to ${config.reportPath}\n`);
    }
    if (config.junitPath) {
      await writeFile(config.junitPath, redact(renderJunit(config, outcome)));
      err(`checkout-conformance: wrote the JUnit report to ${config.junitPath}\n`);
    }
  } catch (error) {
    err(`checkout-conformance: cannot write a report: ${(error as Error).message}. Check the --report/--junit path.\n`);
    return EXIT.couldNotRun;
  }
  return exitCode;
}

function formatProgress({ step, steps, label }: Progress, interactive: boolean): string {
  const text = `checkout-conformance: [${step}/${steps}] ${label}…`;
  return interactive ? `\r\x1b[K${text}` : `${text}\n`;
}
