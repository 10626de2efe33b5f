import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { answerHeaders } from "./app.js";

describe("answerHeaders", () => {
  const app = new Hono();
  app.use("*", answerHeaders);
  app.get("/json", (c) => c.json({ ok: true }));
  app.get("/cached", (c) => c.text("public", 200, { "cache-control": "max-age=60" }));
  // Response.redirect's headers are immutable: the answer is copied to set them.
  app.get("/redirect", () => Response.redirect("https://example.org/elsewhere", 302));

  it("sets nosniff and no-store on an answer, and keeps its body and status", async () => {
    const res = await app.request("/json");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ ok: true });
  });

  it("keeps an answer's own Cache-Control", async () => {
    const res = await app.request("/cached");
    expect(res.headers.get("cache-control")).toBe("max-age=60");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe("public");
  });

  it("sets them on an answer whose headers are immutable", async () => {
    const res = await app.request("/redirect");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://example.org/elsewhere");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
