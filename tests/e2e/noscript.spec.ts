import { expect, site, test } from "./fixtures";

// With JavaScript off, each interactive part says what it needs, and the site's links stay
// reachable on a phone. Chromium parses <noscript> as markup only when scripting is off for
// the parser, which Playwright's javaScriptEnabled does not change; so these tests read the
// server-rendered HTML, where each part's <noscript> must hold its message.

const noscripts = async (request: import("@playwright/test").APIRequestContext, path: string) => {
  const html = await (await request.get(site(path))).text();
  return [...html.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map((m) => m[1] ?? "");
};

test("Run, the calculators and search say they need JavaScript", async ({ request }) => {
  const sample = await noscripts(request, "/docs/getting-started/basic-usage-fdm-core");
  expect(sample.some((n) => /<p[^>]*>Run and Edit need JavaScript/.test(n))).toBe(true);
  expect(sample.some((n) => n.includes("Search needs JavaScript"))).toBe(true);
  const norms = await noscripts(request, "/docs/norms/nl/2025/stikstofgebruiksnorm");
  expect(
    norms.some((n) => n.includes("The calculator runs in your browser and needs JavaScript")),
  ).toBe(true);
});

test("on a phone without JavaScript the site's links show in the navbar", async ({ request }) => {
  // The build minifies the stylesheet: compare without spaces.
  const styles = (await noscripts(request, "/docs")).join("\n").replace(/\s+/g, "");
  expect(styles).toMatch(/@media\((max-width:996px|width<=996px)\)/);
  expect(styles).toContain(".navbar__toggle{display:none}");
  expect(styles).toContain(
    ".navbar__items:not(.navbar__items--right).navbar__item{display:inline-block}",
  );
});
