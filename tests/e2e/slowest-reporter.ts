import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints, at the end of a run, the spec files that took the most test time (summed over their
 * tests and workers), so that a CI log says where the suite's minutes go.
 */
export default class SlowestFiles implements Reporter {
  private readonly times = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.replace(/^.*tests\/e2e\//, "");
    this.times.set(file, (this.times.get(file) ?? 0) + result.duration);
  }

  onEnd(_result: FullResult) {
    const slowest = [...this.times].sort((a, b) => b[1] - a[1]).slice(0, 12);
    const total = [...this.times.values()].reduce((sum, ms) => sum + ms, 0);
    console.log(`\nTest time by file (all workers: ${(total / 1000).toFixed(0)} s), the slowest:`);
    for (const [file, ms] of slowest) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
  }
}
