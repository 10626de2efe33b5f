import { connect } from "node:net";
import { eq, sql } from "drizzle-orm";
import { createApiKey, fdmSchema, revokeApiKey, verifyApiKey } from "fdm-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from "./app.js";
import { keyCacheDefaults } from "./key-cache.js";
import { startApi } from "./server.js";
import { square, startTestApi, type TestApi } from "./test-server.js";

let api: TestApi;
let anna: { id: string; key: string; email: string };
let bram: { id: string; key: string; email: string };
let annasFarm: string;
let annasField: string;

beforeAll(async () => {
  api = await startTestApi({ maxBodyBytes: 64 * 1024, requestsPerMinute: 1000 });
  anna = await api.user("anna");
  bram = await api.user("bram");
  annasFarm = (await api.call(anna.key, "POST", "/v1/farms", { name: "De Hoeve" })).body.id;
  annasField = (
    await api.call(anna.key, "POST", `/v1/farms/${annasFarm}/fields`, {
      name: "Perceel 1",
      geometry: square(0),
      acquiringDate: "2020-01-01",
      acquiringMethod: "owner",
    })
  ).body.id;
});
afterAll(async () => {
  await api?.close();
});

describe("authentication", () => {
  it("answers 401 problem+json without credentials, with a bad key, or a malformed header", async () => {
    for (const key of [null, "fdm_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "not-a-key"]) {
      const res = await api.call(key, "GET", "/v1/farms");
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="fdm"');
      expect(res.body).toMatchObject({
        status: 401,
        code: "UNAUTHENTICATED",
        title: "Unauthenticated",
      });
    }
  });

  it("refuses a revoked key and an expired key with 401", async () => {
    const created = await api.call(anna.key, "POST", "/v1/api-keys", { name: "short-lived" });
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    expect((await api.call(created.body.key, "GET", "/v1/farms")).status).toBe(200);
    const revoked = await api.call(anna.key, "DELETE", `/v1/api-keys/${created.body.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    expect((await api.call(created.body.key, "GET", "/v1/farms")).status).toBe(401);

    const expiring = await api.call(anna.key, "POST", "/v1/api-keys", {
      name: "expiring",
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    // Valid until it expires (asked of fdm-core: a key the API verified stays in its cache 5 s).
    expect(await verifyApiKey(api.fdm, expiring.body.key)).toBe(anna.id);
    await api.fdm
      .update(fdmSchema.apiKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(fdmSchema.apiKeys.id, expiring.body.id));
    expect((await api.call(expiring.body.key, "GET", "/v1/farms")).status).toBe(401);
  });

  it("lists keys without the key, with last use recorded, and does not let another user revoke them", async () => {
    const listed = await api.call(anna.key, "GET", "/v1/api-keys");
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(anna.key);
    const first = listed.body.items.find(
      (k: { prefix: string }) => k.prefix === anna.key.slice(0, 12),
    );
    expect(first.lastUsedAt).toEqual(expect.any(String));
    const theft = await api.call(bram.key, "DELETE", `/v1/api-keys/${first.id}`);
    expect(theft.status).toBe(404);
    expect((await api.call(anna.key, "GET", "/v1/farms")).status).toBe(200);
  });

  it("accepts a better-auth session cookie from sign-in, and a key created with it", async () => {
    const email = "carla@example.org";
    const password = "correct horse battery staple";
    const signUp = await fetch(`${api.server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://127.0.0.1" },
      body: JSON.stringify({ name: "Carla", email, password }),
    });
    expect(signUp.status).toBe(200);
    const signIn = await fetch(`${api.server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://127.0.0.1" },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const withCookie = (method: string, path: string, body?: unknown) =>
      fetch(`${api.server.url}${path}`, {
        method,
        headers: { cookie, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const farm = await withCookie("POST", "/v1/farms", { name: "Carla's farm" });
    expect(farm.status).toBe(201);
    const created = (await (await withCookie("POST", "/v1/api-keys", { name: "cli" })).json()) as {
      key: string;
    };
    const key = created.key;
    const farms = await api.call(key, "GET", "/v1/farms");
    expect(farms.body.items.map((f: { name: string }) => f.name)).toEqual(["Carla's farm"]);
    // A tampered cookie is no session.
    const bad = await fetch(`${api.server.url}/v1/farms`, { headers: { cookie: `${cookie}x` } });
    expect(bad.status).toBe(401);
  });
});

describe("another user's ids", () => {
  it("refuses to read, change or list another user's farm, field and their contents", async () => {
    const attempts: [string, string, unknown?][] = [
      ["GET", `/v1/farms/${annasFarm}`],
      ["PATCH", `/v1/farms/${annasFarm}`, { name: "Stolen" }],
      ["DELETE", `/v1/farms/${annasFarm}`],
      ["GET", `/v1/farms/${annasFarm}/fields`],
      [
        "POST",
        `/v1/farms/${annasFarm}/fields`,
        { name: "x", geometry: square(3), acquiringDate: "2020-01-01", acquiringMethod: "owner" },
      ],
      ["GET", `/v1/fields/${annasField}`],
      ["PATCH", `/v1/fields/${annasField}`, { name: "Stolen" }],
      ["POST", `/v1/farms/${annasFarm}/principals`, { principalId: bram.id, role: "owner" }],
      [
        "POST",
        `/v1/farms/${annasFarm}/calculations/nitrogen-balance`,
        { start: "2025-01-01", end: "2025-12-31" },
      ],
      [
        "POST",
        `/v1/farms/${annasFarm}/fields/batch`,
        {
          rows: [
            {
              name: "x",
              geometry: square(4),
              acquiringDate: "2020-01-01",
              acquiringMethod: "owner",
            },
          ],
        },
      ],
    ];
    for (const [method, path, body] of attempts) {
      const res = await api.call(bram.key, method, path, body);
      expect([method, path, res.status, res.body.code]).toEqual([
        method,
        path,
        403,
        "PERMISSION_DENIED",
      ]);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
    }
    const farm = await api.call(anna.key, "GET", `/v1/farms/${annasFarm}`);
    expect(farm.body.name).toBe("De Hoeve");
    const fields = await api.call(anna.key, "GET", `/v1/farms/${annasFarm}/fields`);
    expect(fields.body.items.map((f: { name: string }) => f.name)).toEqual(["Perceel 1"]);
  });

  it("answers 404 NOT_FOUND for an id that names nothing", async () => {
    const res = await api.call(bram.key, "GET", "/v1/farms/no-such-farm");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "NOT_FOUND", field: "farmId" });
  });
});

describe("limits", () => {
  it("answers 413 for a body over the limit and stores nothing", async () => {
    const before = await api.call(anna.key, "GET", `/v1/farms/${annasFarm}/fields`);
    const huge = {
      name: "x".repeat(70 * 1024),
      geometry: square(5),
      acquiringDate: "2020-01-01",
      acquiringMethod: "owner",
    };
    const res = await api.call(anna.key, "POST", `/v1/farms/${annasFarm}/fields`, huge);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE", field: "body" });
    const after = await api.call(anna.key, "GET", `/v1/farms/${annasFarm}/fields`);
    expect(after.body.items.length).toBe(before.body.items.length);
  });

  it("answers 422 for a page size over 1000, naming the field", async () => {
    const res = await api.call(anna.key, "GET", "/v1/farms?limit=1001");
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "INVALID_INPUT", field: "limit" });
    const cursor = await api.call(anna.key, "GET", "/v1/farms?cursor=garbage");
    expect(cursor.body).toMatchObject({ status: 422, field: "cursor" });
  });

  it("answers 429 with Retry-After after the per-principal limit, and only for that principal", async () => {
    const small = await startTestApi({ requestsPerMinute: 5 });
    try {
      const dirk = await small.user("dirk");
      const eva = await small.user("eva");
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await small.call(dirk.key, "GET", "/v1/farms")).status);
      // 5 allowed in the minute, then refused (unless the minute turned over mid-run: then fewer).
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const limited = await small.call(dirk.key, "GET", "/v1/farms");
      if (limited.status === 429) {
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
        expect(limited.body.code).toBe("RATE_LIMITED");
      }
      expect(statuses).toContain(429);
      expect((await small.call(eva.key, "GET", "/v1/farms")).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe("secrets", () => {
  it("puts no key, cookie, password or auth secret in a log line or a response", async () => {
    const created = await api.call(anna.key, "POST", "/v1/api-keys", { name: "probe" });
    await api.call(created.body.key, "GET", "/v1/farms");
    await api.call(`${created.body.key}x`, "GET", "/v1/farms");
    await api.call(anna.key, "GET", "/v1/farms?cursor=bad");
    const everything = JSON.stringify(api.logs);
    for (const secret of [
      anna.key,
      bram.key,
      created.body.key,
      api.secret,
      "correct horse battery staple",
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/fdm_[A-Za-z0-9_-]{20,}/);
    expect(everything).not.toContain("session_token");
    // Each line names method, path, status and timing only.
    for (const line of api.logs) {
      expect(
        Object.keys(line).every((k) =>
          ["method", "path", "status", "ms", "principalId", "code"].includes(k),
        ),
      ).toBe(true);
    }
    const doc = await api.call(null, "GET", "/v1/openapi.json");
    expect(JSON.stringify(doc.body)).not.toContain(api.secret);
  });

  it("answers a body that is not JSON with 400 problem+json and no internal detail", async () => {
    const res = await api.call(
      anna.key,
      "POST",
      `/v1/farms/${annasFarm}/calculations/norms/2025`,
      "{not json",
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "MALFORMED_BODY", field: "body" });
    expect(JSON.stringify(res.body)).not.toMatch(/\.ts:\d+|SyntaxError/);
  });
});

describe("bodies that are not JSON", () => {
  const post = (path: string, contentType: string | null, body: string | null, method = "POST") =>
    fetch(`${api.server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${anna.key}`,
        ...(contentType === null ? {} : { "content-type": contentType }),
      },
      body,
    });
  const json = JSON.stringify({ name: "Sent as something else" });
  const kinds: [string, string | null, string | null][] = [
    ["text/plain", "text/plain;charset=UTF-8", json],
    ["a form", "application/x-www-form-urlencoded", "name=Sent+as+something+else"],
    [
      "multipart",
      "multipart/form-data; boundary=b",
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n',
    ],
    ["JSON without a content type", null, json],
  ];

  it.each(kinds)("answers %s with 400 MALFORMED_BODY and stores nothing", async (_, type, body) => {
    const before = (await api.call(anna.key, "GET", "/v1/farms")).body.items.length;
    for (const [method, path] of [
      ["POST", "/v1/farms"],
      ["PATCH", `/v1/farms/${annasFarm}`],
      ["POST", `/v1/farms/${annasFarm}/calculations/norms/2025`],
      // An operation whose JSON body is optional.
      ["POST", `/v1/farms/${annasFarm}/leave`],
    ] as const) {
      const res = await post(path, type, body, method);
      expect([method, path, res.status, res.headers.get("content-type")]).toEqual([
        method,
        path,
        400,
        "application/problem+json",
      ]);
      expect(await res.json()).toMatchObject({ code: "MALFORMED_BODY", field: "body" });
    }
    expect((await api.call(anna.key, "GET", "/v1/farms")).body.items.length).toBe(before);
    expect((await api.call(anna.key, "GET", `/v1/farms/${annasFarm}`)).body.name).toBe("De Hoeve");
  });

  it("answers a required body that is missing with 400, and takes an optional one absent", async () => {
    const missing = await post("/v1/farms", null, null);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: "MALFORMED_BODY", field: "body" });
    // JSON with a charset parameter is JSON.
    const created = await post("/v1/farms", "application/json; charset=utf-8", json);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await api.call(anna.key, "DELETE", `/v1/farms/${id}`);
  });
});

describe("response headers", () => {
  it("sends nosniff and no-store on answers, problems included", async () => {
    const answers = [
      await api.call(anna.key, "GET", "/v1/farms"),
      await api.call(anna.key, "GET", `/v1/farms/${annasFarm}`),
      await api.call(null, "GET", "/v1/farms"),
      await api.call(anna.key, "GET", "/v1/tractors"),
      await api.call(bram.key, "GET", `/v1/farms/${annasFarm}`),
      await api.call(anna.key, "GET", "/v1/farms?limit=0"),
      await api.call(null, "GET", "/v1/health"),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 403, 422, 200]);
    for (const a of answers) {
      expect(a.headers.get("x-content-type-options")).toBe("nosniff");
      expect(a.headers.get("cache-control")).toBe("no-store");
    }
    const auth = await fetch(`${api.server.url}/api/auth/get-session`);
    expect(auth.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("slow clients", () => {
  /** Sends `head` (and no more) over a raw connection; resolves with what came back once closed. */
  function hang(url: string, head: string): Promise<string> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write(head));
      let answer = "";
      socket.on("data", (d) => {
        answer += d.toString();
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(answer));
    });
  }

  it("ends a request whose body never completes, and one whose headers never complete", async () => {
    const server = await startApi(createApi({ fdm: api.fdm, auth: api.auth, log: false }), {
      port: 0,
      requestTimeoutMs: 1_000,
      headersTimeoutMs: 1_000,
    });
    try {
      const host = new URL(server.url).host;
      const body = await hang(
        server.url,
        `POST /v1/farms HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${anna.key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`,
      );
      expect(body === "" || body.startsWith("HTTP/1.1 408")).toBe(true);
      const headers = await hang(
        server.url,
        `GET /v1/health HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `,
      );
      expect(headers === "" || headers.startsWith("HTTP/1.1 408")).toBe(true);
      // The server still answers others.
      expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("refuses timeouts outside their ranges", async () => {
    const app = createApi({ fdm: api.fdm, auth: api.auth, log: false });
    await expect(startApi(app, { port: 0, requestTimeoutMs: 0 })).rejects.toThrow(
      "requestTimeoutMs: must be a whole number from 1 to 3600000.",
    );
    await expect(startApi(app, { port: 0, headersTimeoutMs: 1.5 })).rejects.toThrow(RangeError);
    await expect(startApi(app, { port: 0, keepAliveTimeoutMs: -1 })).rejects.toThrow(RangeError);
  });
});

describe("key revocation through fdm-core", () => {
  it("takes effect on the next request once the instance's 5 s cache of verified keys has passed", async () => {
    const listed = await api.call(bram.key, "GET", "/v1/api-keys");
    await revokeApiKey(api.fdm, bram.id, listed.body.items[0].id);
    // The API verified the key a moment ago; its clock is moved on by the cache's lifetime.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + keyCacheDefaults.ttlMs);
      expect((await api.call(bram.key, "GET", "/v1/farms")).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes effect at once for a key the instance has not verified in the last 5 s", async () => {
    const elsewhere = await createApiKey(api.fdm, anna.id, { name: "elsewhere" });
    await revokeApiKey(api.fdm, anna.id, elsewhere.id);
    expect((await api.call(elsewhere.key, "GET", "/v1/farms")).status).toBe(401);
  });
});
