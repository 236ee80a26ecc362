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
  },
});
