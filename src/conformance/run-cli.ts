// The checkout-conformance command: parse-args.ts reads argv and the environment, this file runs the checks and writes
// the reports. src/cli/run-command.ts wires them; the kit's own exit codes: 0 conformant, 1 violations found, 2 a run
// that could not happen (bad flags, missing key, unreachable service, unwritable report).
import { writeFile } from 'node:fs/promises';
import { type Command, type CommandIo, type Env, EXIT, type RunIo, runCommand } from '../cli/run-command.js';
import { loadContractValue } from '../contract/contract-value.js';
import { escapeControlInJson, escapeControlKeepingLines } from '../http/printable.js';
import { redactUrls } from '../http/redact.js';
import type { ConformanceConfig } from './conformance-config.js';
import { parseCommand } from './parse-args.js';
import { buildJsonReport } from './report-json.js';
import { renderJunit } from './report-junit.js';
import { renderTable } from './report-table.js';
import { conformanceSecrets } from './retain-finding.js';
import { type Progress, type RunOutcome, runConformance, UnreachableError } from './run-conformance.js';
import { USAGE } from './usage.js';

/** The kit's own exit codes, as runCommand knows them. */
const CONFORMANCE_EXIT = { conformant: EXIT.ok, violations: EXIT.failed, couldNotRun: EXIT.usage } as const;

export const conformanceCommand: Command<ConformanceConfig> = {
  name: 'checkout-conformance',
  parse: parseCommand,
  help: () => USAGE,
  run: runChecks,
  // Redacted from every line and report, even before (or without) a valid configuration.
  secrets: (env) => conformanceSecrets([env.CHECKOUT_API_KEY, env.CHECKOUT_API_KEY_2], env.CHECKOUT_CALLBACK_SECRET),
};

/** The command as a function: argv and environment in, exit code out, output through `io` (tests and the benchmark). */
export function runCli(argv: string[], env: Env, io: CommandIo): Promise<number> {
  return runCommand(conformanceCommand, argv, env, io);
}

async function runChecks(config: ConformanceConfig, io: RunIo): Promise<number> {
  const { stdout: out, stderr: err, redact } = io;
  // The kit's entry: the one contract value, made here and passed down to every check.
  const contract = loadContractValue();
  let outcome: RunOutcome;
  try {
    outcome = await runConformance(config, contract, (progress) => err(formatProgress(progress, io.interactive)));
  } catch (error) {
    if (io.interactive) err('\r\x1b[K');
    // A message may quote the base URL or what the service sent: its userinfo and query go, its control characters
    // are escaped.
    const say = (text: string) => err(escapeControlKeepingLines(redactUrls(text)));
    if (
      error instanceof UnreachableError ||
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ||
      (error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL'
    ) {
      say(`checkout-conformance: ${(error as Error).message}\n`);
      return CONFORMANCE_EXIT.couldNotRun;
    }
    say(`checkout-conformance: the run stopped on an unexpected error: ${(error as Error).stack ?? String(error)}\n`);
    return CONFORMANCE_EXIT.couldNotRun;
  }
  if (io.interactive) err('\r\x1b[K');
  // Checks not run are named in the verdict, not failed: only a violation found makes exit code 1.
  const exitCode = outcome.verdict === 'violations' ? CONFORMANCE_EXIT.violations : CONFORMANCE_EXIT.conformant;
  // What the service sent is already redacted and cut (retain-finding.ts); the base URL the reports name loses its
  // userinfo and query; each report escapes control characters its own way, and the redactor runs once more on the
  // whole text.
  const shown: ConformanceConfig = { ...config, baseUrl: redactUrls(config.baseUrl) };
  out(escapeControlKeepingLines(renderTable(shown, outcome)));
  try {
    if (config.reportPath) {
      const report = buildJsonReport(shown, outcome, exitCode, contract.document.info.version);
      await writeFile(config.reportPath, redact(`${escapeControlInJson(JSON.stringify(report, null, 2))}\n`));
      err(`checkout-conformance: wrote the JSON report to ${config.reportPath}\n`);
    }
    if (config.junitPath) {
      await writeFile(config.junitPath, redact(renderJunit(shown, outcome)));
      err(`checkout-conformance: wrote the JUnit report to ${config.junitPath}\n`);
    }
  } catch (error) {
    err(`checkout-conformance: cannot write a report: ${(error as Error).message}. Check the --report/--junit path.\n`);
    return CONFORMANCE_EXIT.couldNotRun;
  }
  return exitCode;
}

function formatProgress({ step, steps, label }: Progress, interactive: boolean): string {
  const text = `checkout-conformance: [${step}/${steps}] ${label}…`;
  return interactive ? `\r\x1b[K${text}` : `${text}\n`;
}
