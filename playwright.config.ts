import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests of the built site. `npm run test:e2e` first builds it into
 * build-e2e/ with FDM_TEST_ROUTES=1 (the production build plus the test-only
 * crash route), then serves that build on 127.0.0.1:3100 — its own port, so a
 * site served with `npm run serve` on 3000 does not get in the way.
 */
// FDM_E2E_PORT: another port, when several worktrees test on one machine.
const port = Number(process.env.FDM_E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "tests/e2e",
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.FDM_REPORT_DIR
    ? [["list"], ["json", { outputFile: `${process.env.FDM_REPORT_DIR}/playwright.json` }]]
    : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
    colorScheme: "light",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `npx docusaurus serve --dir build-e2e --host 127.0.0.1 --port ${port} --no-open`,
    url: `http://127.0.0.1:${port}/fdm/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
