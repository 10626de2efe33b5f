import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import OutputLines from "../../src/components/toolkit/OutputLines";
import {
  RUN_TIME_LIMIT_MS,
  runTimeLimitMs,
  TEST_RUN_TIME_LIMIT_KEY,
} from "../../src/components/toolkit/run-limit";

// The browser test of the limit (tests/e2e/toolkit.spec.ts) runs with a 3 s limit that it
// sets in the tab of a test build; what readers get is proven here.
const storageAsking = (value: string | null) => () => ({
  getItem: (key: string) => (key === TEST_RUN_TIME_LIMIT_KEY ? value : null),
});

const rendered = (limitMs: number) =>
  renderToStaticMarkup(
    <OutputLines
      lines={[]}
      outcome={{ kind: "timeout", ms: limitMs + 4, limitMs }}
      running={false}
      started
      progress={null}
    />,
  );

let productionConfig: { customFields?: Record<string, unknown> };
beforeAll(async () => {
  // docusaurus.config.ts as `npm run build` reads it: without FDM_TEST_ROUTES.
  vi.stubEnv("FDM_TEST_ROUTES", "");
  productionConfig = (await import("../../docusaurus.config")).default;
  vi.unstubAllEnvs();
}, 60_000);

describe("the toolkit's run limit", () => {
  it("is 60 s in the production build, whatever the tab's storage asks", () => {
    const testBuild = productionConfig.customFields?.testRoutes === true;
    expect(testBuild).toBe(false);
    expect(runTimeLimitMs(testBuild, storageAsking("3000"))).toBe(60_000);
    expect(RUN_TIME_LIMIT_MS).toBe(60_000);
  });

  it("is the one the tab's storage names in a test build, else the real one", () => {
    expect(runTimeLimitMs(true, storageAsking("3000"))).toBe(3_000);
    for (const asked of [null, "", "abc", "0", "-5", "1.5"]) {
      expect(runTimeLimitMs(true, storageAsking(asked))).toBe(60_000);
    }
    const refused = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    expect(runTimeLimitMs(true, refused)).toBe(60_000);
  });

  it("is the one the page says a stopped run exceeded", () => {
    expect(rendered(60_000)).toContain("Stopped after 60 s: the code did not finish");
    expect(rendered(3_000)).toContain("Stopped after 3 s: the code did not finish");
  });
});
