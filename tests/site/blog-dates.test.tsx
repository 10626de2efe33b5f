import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A post dated after its release day shows as upcoming in feed readers: a post carries the
// day it was released, never a later one.
const blogDir = path.join(import.meta.dirname, "..", "..", "blog");
const posts = readdirSync(blogDir).filter((f) => /^\d{4}-\d{2}-\d{2}-.*\.mdx?$/.test(f));

describe("blog post dates", () => {
  it("finds the posts", () => {
    expect(posts.length).toBeGreaterThan(10);
  });

  it.each(posts)("%s is not dated in the future", (file) => {
    const fromName = file.slice(0, 10);
    const front = readFileSync(path.join(blogDir, file), "utf8").match(/^---\n([\s\S]*?)\n---/);
    const fromFront = front?.[1].match(/^date:\s*(\S+)/m)?.[1];
    const today = new Date().toISOString().slice(0, 10);
    expect((fromFront ?? fromName).slice(0, 10) <= today).toBe(true);
  });

  it("posts one release note per month", () => {
    const months = posts.map((f) => f.slice(0, 7));
    expect(new Set(months).size).toBe(months.length);
  });
});
