// Optic's half of the breaking-change gate: `optic diff <base> <head> --check`, run offline with its built-in
// breaking-change rules, and the checks it failed read from its output.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { GateFinding } from './breaking-changes.js';

/** Runs `optic diff <base> <head> --check` offline and returns the checks it failed. */
export async function runOptic(projectRoot: string, basePath: string, headPath: string): Promise<GateFinding[]> {
  const opticPackage = createRequire(join(projectRoot, 'package.json')).resolve('@useoptic/optic/package.json');
  const opticEntry = join(dirname(opticPackage), 'build/index.js');
  const { code, output } = await new Promise<{ code: number; output: string }>((done) => {
    execFile(
      process.execPath,
      [opticEntry, 'diff', basePath, headPath, '--check'],
      {
        // No optic.yml lives in a temporary folder, so Optic uses its built-in breaking-change rules.
        cwd: tmpdir(),
        maxBuffer: 64 * 1024 * 1024,
        // Telemetry off and no update check: the gate must never call the network.
        env: { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off', NO_UPDATE_NOTIFIER: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
  // A failed check prints `x [<rule>] <message>` under the change it concerns.
  const findings: GateFinding[] = [...output.matchAll(/^\s*x \[([^\]]+)\] (.+)$/gm)].map((match) => ({
    tool: 'optic',
    rule: match[1],
    where: 'optic diff',
    detail: match[2].trim(),
  }));
  if (code !== 0 && findings.length === 0) {
    // Optic quotes the whole document on an invalid one; the first lines say what is wrong.
    const excerpt = output
      .split('\n')
      .slice(0, 3)
      .map((line) => line.slice(0, 200))
      .join('\n');
    throw new Error(`optic diff exited with ${code} without naming a failed check:\n${excerpt}`);
  }
  return findings;
}
