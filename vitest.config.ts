import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Suites start real processes (redocly, Prism, the sandbox); two cores are shared, so give them room.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { REDOCLY_TELEMETRY: 'off' },
    // No test looks up a name off loopback: each is refused and fails its test (test/support/loopback-only-dns.js).
    setupFiles: ['./test/support/loopback-only-setup.ts'],
    // Test files run in forked processes (vitest's default pool, said here because the suites rely on it): each file
    // has its own globals, environment and DNS guard. Most files wait on child processes, sockets and timers, not on
    // the CPU, so run twice as many at once as there are cores: vitest's default (cores - 1) is one file at a time on
    // a 2-core machine. Nothing is shared across files but what is built once with a rename into place (the mock's
    // bin, the packaged browser, the current tools); each file builds its bins and writes into a temporary folder of
    // its own.
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism() * 2),
    // The kit runs of the conformance suites run concurrently within their file (describe.concurrent), each behind a
    // proxy of its own: this many at once.
    maxConcurrency: 5,
  },
});
