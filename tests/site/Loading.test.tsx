import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Loading from "../../src/theme/Loading/index";

// The stand-in a page shows while its code loads. In the browser the router
// preloads pages before showing them, so these states are rendered here.
const base = { isLoading: true, timedOut: false, retry: () => {} };

describe("page loading screen", () => {
  it("shows nothing before the loader's delay has passed", () => {
    expect(renderToStaticMarkup(<Loading {...base} pastDelay={false} error={null} />)).toBe("");
  });

  it("shows a spinner announced as a status once the delay has passed", () => {
    const html = renderToStaticMarkup(<Loading {...base} pastDelay error={null} />);
    expect(html).toContain('role="status"');
    expect(html).toContain("Loading page…");
  });

  it("shows the error text and a Retry button when loading failed", () => {
    const error = new Error("Loading chunk 812 failed.");
    const html = renderToStaticMarkup(<Loading {...base} pastDelay error={error} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("This page could not be loaded: Error: Loading chunk 812 failed.");
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
  });
});
