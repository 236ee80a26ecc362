// Pack the package the way `npm publish` would, without touching the shared work tree: copy the project (no
// node_modules, dist or .git) to a staging folder that borrows node_modules through a symlink, and run `npm pack`
// there, which runs the `prepare` build. Then install the tarball into a throwaway consumer project.
import { type ExecFileOptions, execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** execFile that, on failure, rejects with the command's own output (tsc and npm report on stdout). */
async function run(command: string, args: string[], options: ExecFileOptions = {}) {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, { maxBuffer: 64 * 1024 * 1024, ...options, encoding: 'utf8' });
    return { stdout: String(stdout), stderr: String(stderr) };
  } catch (error) {
    const { stdout = '', stderr = '', code } = error as { stdout?: string; stderr?: string; code?: number };
    throw Object.assign(new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${stdout}\n${stderr}`), { stdout, stderr, code });
  }
}

const projectRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const LEFT_OUT = new Set(['node_modules', 'dist', '.git', 'test-output']);

function npmEnv(): NodeJS.ProcessEnv {
  // A clean environment for the child npm: no inherited npm_* settings from an outer `npm test`.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
  return { ...env, REDOCLY_TELEMETRY: 'off', NO_UPDATE_NOTIFIER: '1' };
}

export async function packProject(workDir: string): Promise<string> {
  const stage = join(workDir, 'stage');
  cpSync(projectRoot, stage, {
    recursive: true,
    filter: (source) => !LEFT_OUT.has(relative(projectRoot, source).split('/')[0]) && !source.endsWith('.tgz'),
  });
  symlinkSync(join(projectRoot, 'node_modules'), join(stage, 'node_modules'), 'dir');
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', workDir], { cwd: stage, env: npmEnv() });
  const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string }>;
  return join(workDir, basename(filename));
}

export async function installIntoConsumer(workDir: string, tarball: string): Promise<string> {
  const consumer = join(workDir, 'consumer');
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({
      name: 'throwaway-consumer',
      private: true,
      type: 'module',
      dependencies: { 'checkout-api-contract': `file:${tarball}` },
    }),
  );
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: consumer, env: npmEnv() });
  return consumer;
}

export function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

export { npmEnv, projectRoot, run };
