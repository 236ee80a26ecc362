// The `checkout-sandbox` command (also `npm run sandbox`): read the environment, start the sandbox, print where it
// listens and any generated secret, stop cleanly on SIGINT/SIGTERM (callback attempts in flight may finish, then every
// undelivered callback is listed; a second signal stops at once). Exit codes: 0 stopped, 1 could not start, 2 bad
// usage or configuration.
import { formatBanner, formatHelp, formatStopping, formatUndelivered } from './cli-text.js';
import { readSandboxConfig, SandboxConfigError } from './config/read-sandbox-config.js';
import { startSandbox } from './start-sandbox.js';

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(formatHelp());
    return 0;
  }
  if (argv.length > 0) {
    process.stderr.write(
      `checkout-sandbox takes no arguments (got "${argv[0]}"); it is configured by environment variables. See checkout-sandbox --help.\n`,
    );
    return 2;
  }
  let config: ReturnType<typeof readSandboxConfig>;
  try {
    config = readSandboxConfig(process.env);
  } catch (error) {
    if (error instanceof SandboxConfigError) {
      process.stderr.write(`checkout-sandbox: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox({ config });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE'
        ? `${config.host}:${config.port} is already in use; stop what runs there or set PORT to another port (0 picks a free one).`
        : (error as Error).message;
    process.stderr.write(`checkout-sandbox: cannot start: ${reason}\n`);
    return 1;
  }
  process.stdout.write(formatBanner(sandbox.url, config));
  const running = sandbox;
  return new Promise((resolve) => {
    const stop = () => {
      // Only the first signal stops gracefully; without a listener, the next one ends the process at once.
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.stderr.write(formatStopping(running.shutdownGraceMs));
      void running.close().then((undelivered) => {
        process.stderr.write(formatUndelivered(undelivered));
        resolve(0);
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`checkout-sandbox: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exit(1);
  },
);
