// Sums the JSON reports that Vitest and Playwright write into the report
// directory and prints "N passed, N failed" as the last line. Exits 1 when a
// test failed or no test ran at all.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
for (const file of readdirSync(dir)
  .filter((name) => name.endsWith(".json"))
  .sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), "utf8"));
  let p;
  let f;
  if (typeof report.numPassedTests === "number") {
    // Vitest
    p = report.numPassedTests;
    // A file that failed to load has no test results; count it as one failure.
    const brokenFiles = (report.testResults ?? []).filter(
      (result) => result.status === "failed" && (result.assertionResults ?? []).length === 0,
    ).length;
    f = report.numFailedTests + brokenFiles;
  } else if (report.stats && typeof report.stats.expected === "number") {
    // Playwright: flaky tests passed on retry but count as failures here.
    p = report.stats.expected;
    f = report.stats.unexpected + report.stats.flaky;
  } else {
    console.error(`${file}: not a Vitest or Playwright report`);
    process.exit(1);
  }
  console.log(`${file}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
