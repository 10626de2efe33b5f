/**
 * How long a run's code may take. The browser tests prove the limit with a
 * short one: a build with test routes (`npm run build:e2e`, see
 * docusaurus.config.ts) takes it from the tab's sessionStorage, so that one
 * test waits 3 s instead of a minute while every other run keeps the real limit.
 */

/** How long a run's code may take, once it starts, before the worker is ended. */
export const RUN_TIME_LIMIT_MS = 60_000;

/** The sessionStorage key a test build reads the limit from (whole milliseconds). */
export const TEST_RUN_TIME_LIMIT_KEY = "fdm-test-run-time-limit-ms";

/**
 * The limit of the next run: {@link RUN_TIME_LIMIT_MS}, or in a test build the one
 * the tab's sessionStorage names under {@link TEST_RUN_TIME_LIMIT_KEY}.
 *
 * @param testBuild - Whether the site was built with its test routes (customFields.testRoutes).
 * @param storage - Returns the tab's sessionStorage; may throw where there is none.
 * @returns The limit in milliseconds.
 */
export function runTimeLimitMs(
  testBuild: boolean,
  storage: () => Pick<Storage, "getItem">,
): number {
  if (!testBuild) return RUN_TIME_LIMIT_MS;
  let asked: number;
  try {
    asked = Number(storage().getItem(TEST_RUN_TIME_LIMIT_KEY) ?? Number.NaN);
  } catch {
    return RUN_TIME_LIMIT_MS; // no storage, or refused (a sandboxed frame)
  }
  return Number.isInteger(asked) && asked > 0 ? asked : RUN_TIME_LIMIT_MS;
}
