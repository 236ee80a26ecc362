// Prints one plain closing line, `tests: N passed, N failed` (with `, N skipped` when any were), after vitest's own
// summary, so a CI log can be read by tools that do not know vitest's format.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      const failedBefore = counts.failed;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that fails outside any test (an import error, a failing hook) counts as one failure.
      if (testModule.state() === 'failed' && counts.failed === failedBefore) counts.failed += 1;
    }
    const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed${skipped}\n`);
  }
}
