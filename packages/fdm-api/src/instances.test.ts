import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./test-server.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("startApi", () => {
  it("serves on 127.0.0.1 and closes", async () => {
    expect(api.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await api.call(null, "GET", "/v1/health")).body).toEqual({
      status: "ok",
      database: "ok",
    });
  });
});
