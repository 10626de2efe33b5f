// No error of requestNutrientAdvice holds a secret: not the API key echoed by the service in any
// form (plain, other case, cut short, URL-encoded, base64, spaced out), and not a password or
// token the caller put in the endpoint URL. Every service runs on 127.0.0.1.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  NutrientAdviceError,
  type NutrientAdviceInput,
  requestNutrientAdvice,
} from "./nutrient-advice.js";

// With "+", "/" and "=", so that its URL-encoded form differs from it.
const KEY = "Fdm+Key/7F3a9C1e5B2d=4680XyZq";

/** How a careless service may echo the key it got. */
const forms: Record<string, (key: string) => string> = {
  plain: (key) => key,
  lower: (key) => key.toLowerCase(),
  upper: (key) => key.toUpperCase(),
  truncated: (key) => `${key.slice(0, 10)}…`,
  "URL-encoded": (key) => encodeURIComponent(key),
  base64: (key) => Buffer.from(key).toString("base64"),
  base64url: (key) => Buffer.from(key).toString("base64url"),
  hex: (key) => Buffer.from(key).toString("hex"),
  spaced: (key) => key.split("").join(" "),
};

const validAdvice = {
  n: 345,
  p2o5: 90,
  k2o: 250,
  s: 20,
  mg: 60,
  ca: null,
  na: 0,
  cu: 0.5,
  zn: null,
  b: 0.3,
  mo: null,
  co: null,
};

/** What the service answers per route, given the echo of the key it got. */
const routes: Record<string, (echo: string) => { status: number; type: string; body: string }> = {
  "json-message": (echo) => ({
    status: 400,
    type: "application/json",
    body: JSON.stringify({ message: `bad key ${echo}`, error: { message: echo } }),
  }),
  "code-beside-echo": (echo) => ({
    status: 401,
    type: "application/json",
    body: JSON.stringify({ code: "unauthorized", message: `bad key ${echo}`, error: echo }),
  }),
  "echo-as-code": (echo) => ({
    status: 403,
    type: "application/json",
    body: JSON.stringify({ code: echo }),
  }),
  "plain-text": (echo) => ({ status: 500, type: "text/plain", body: `oops: ${echo}` }),
  "not-json": (echo) => ({ status: 200, type: "application/json", body: `${echo} oops` }),
  "advice-key": (echo) => ({
    status: 200,
    type: "application/json",
    body: JSON.stringify({ advice: { ...validAdvice, [echo]: 1 } }),
  }),
  "advice-value": (echo) => ({
    status: 200,
    type: "application/json",
    body: JSON.stringify({ advice: { ...validAdvice, n: echo } }),
  }),
};

let server: Server;
let base: string;
let seen: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      seen.push(request.url ?? "");
      // The route and form are the last two segments: anything before them is a caller's token.
      const [route, form] = new URL(request.url ?? "/", "http://x").pathname.split("/").slice(-2);
      const answer = routes[route ?? ""];
      const encode = forms[form ?? ""];
      if (route === "slow") return; // never answers; the connection is closed in afterAll
      if (answer === undefined || encode === undefined) return response.writeHead(404).end();
      // The service echoes what it got, as a careless one does.
      const got = (request.headers.authorization ?? "").replace(/^Bearer /, "");
      const { status, type, body } = answer(encode(got));
      response.writeHead(status, { "Content-Type": type }).end(body);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});
afterEach(() => {
  seen = [];
});

const input: NutrientAdviceInput = {
  fieldId: "field-1",
  cultivation: "nl_265",
  location: { type: "Point", coordinates: [5.66, 51.97] },
  soil: { pAl: 32 },
};

async function failure(promise: Promise<unknown>): Promise<NutrientAdviceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NutrientAdviceError);
  return error as NutrientAdviceError;
}

/** Everything a caller could print, log or store about an error: message, stack, JSON, cause chain. */
function everythingAbout(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    parts.push(JSON.stringify(current), String(current));
    if (current instanceof Error) parts.push(current.message, String(current.stack));
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join("\n");
}

/** Every run of 8 characters of a text, lower-cased. */
const runsOf = (text: string) =>
  Array.from({ length: Math.max(1, text.length - 7) }, (_, i) =>
    text.toLowerCase().slice(i, i + 8),
  );

/** No form of the key, nor 8 characters of one, in the error, even with its whitespace removed. */
function expectNoEchoOfKey(error: unknown) {
  const text = everythingAbout(error).toLowerCase();
  const squeezed = text.replace(/\s+/g, "");
  for (const encode of Object.values(forms)) {
    for (const run of runsOf(encode(KEY).replace(/\s+/g, ""))) {
      expect(squeezed).not.toContain(run);
    }
  }
  expect(text).not.toContain(forms.spaced?.(KEY).toLowerCase());
}

describe("requestNutrientAdvice copies no text of the service into its errors", () => {
  const cases = Object.keys(routes).flatMap((route) =>
    Object.keys(forms).map((form) => [route, form] as const),
  );
  it.each(cases)("an echo from %s, %s, leaves no trace of the key", async (route, form) => {
    const error = await failure(
      requestNutrientAdvice(input, { endpoint: `${base}/${route}/${form}`, apiKey: KEY }),
    );
    expect(seen).toEqual([`/${route}/${form}`]);
    expectNoEchoOfKey(error);
    // Only a code of the contract passes, with its fixed description.
    if (route === "code-beside-echo") {
      expect(error).toMatchObject({
        serviceCode: "unauthorized",
        serviceMessage: "the service refused the API key",
      });
    } else {
      expect(error).toMatchObject({ serviceCode: null, serviceMessage: null });
    }
  });

  it("an error thrown by fetch that quotes the key is not copied into the cause", async () => {
    const leaky = vi.fn(async (_url: unknown, init?: RequestInit) => {
      const bearer = new Headers(init?.headers).get("authorization") ?? "";
      const cause = Object.assign(new Error(`socket closed while sending ${bearer}`), {
        code: "ECONNRESET",
      });
      throw new TypeError(`fetch failed: ${encodeURIComponent(bearer)}`, { cause });
    });
    const error = await failure(
      requestNutrientAdvice(input, {
        endpoint: `${base}/plain-text/plain`,
        apiKey: KEY,
        fetch: leaky as typeof fetch,
      }),
    );
    expect(error).toMatchObject({
      code: "NUTRIENT_ADVICE_UNREACHABLE",
      message: `Nutrient-advice service ${base}: the request failed (ECONNRESET)`,
    });
    expect((error.cause as Error).message).toBe("the request failed: ECONNRESET");
    expectNoEchoOfKey(error);
  });
});

describe("requestNutrientAdvice names the service by its origin only", () => {
  const PASSWORD = "S3cretPassw0rd";
  const USER = "svc-account-77";
  const PATH_TOKEN = "pathTok-4f9d2c81ab";
  const QUERY_TOKEN = "queryTok-77e1b0c3";

  /** Neither the user name, the password nor a token of the endpoint, in any error's text. */
  function expectNoEndpointSecret(error: unknown) {
    const text = everythingAbout(error);
    for (const secret of [PASSWORD, USER, PATH_TOKEN, QUERY_TOKEN]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
  }

  it.each([
    ["a user name and password", () => `http://${USER}:${PASSWORD}@127.0.0.1:1/advice`],
    ["a user name", () => `http://${USER}@127.0.0.1:1/advice`],
    ["a password", () => `https://:${PASSWORD}@127.0.0.1:1/advice`],
  ])(
    "refuses an endpoint with %s as not configured, naming neither, and sends nothing",
    async (_what, endpoint) => {
      const error = await failure(
        requestNutrientAdvice(input, { endpoint: endpoint(), apiKey: KEY }),
      );
      expectNoEndpointSecret(error);
      expect(error).toMatchObject({
        code: "NUTRIENT_ADVICE_NOT_CONFIGURED",
        message:
          "requestNutrientAdvice: options.endpoint must not hold a user name or password; give the credential as options.apiKey",
      });
    },
  );

  it("leaves out a token in the endpoint's path or query, on an HTTP error", async () => {
    const error = await failure(
      requestNutrientAdvice(input, {
        endpoint: `${base}/t/${PATH_TOKEN}/plain-text/plain?token=${QUERY_TOKEN}`,
        apiKey: KEY,
      }),
    );
    expect(seen).toEqual([`/t/${PATH_TOKEN}/plain-text/plain?token=${QUERY_TOKEN}`]);
    expectNoEndpointSecret(error);
    expect(error).toMatchObject({
      code: "NUTRIENT_ADVICE_HTTP_ERROR",
      status: 500,
      message: `Nutrient-advice service ${base}: HTTP 500`,
    });
  });

  it("leaves out a token in the endpoint's path or query, on a malformed answer", async () => {
    const error = await failure(
      requestNutrientAdvice(input, {
        endpoint: `${base}/${PATH_TOKEN}/not-json/plain?key=${QUERY_TOKEN}`,
        apiKey: KEY,
      }),
    );
    expectNoEndpointSecret(error);
    expect(error).toMatchObject({
      code: "NUTRIENT_ADVICE_MALFORMED_RESPONSE",
      message: `Nutrient-advice service ${base}: the answer does not fit the contract: the body is not valid JSON`,
    });
  });

  it("leaves out a token in the endpoint's path or query, on a timeout", async () => {
    const error = await failure(
      requestNutrientAdvice(input, {
        endpoint: `${base}/${PATH_TOKEN}/slow/plain?key=${QUERY_TOKEN}`,
        apiKey: KEY,
        timeoutMs: 100,
      }),
    );
    expectNoEndpointSecret(error);
    expect(error).toMatchObject({
      code: "NUTRIENT_ADVICE_TIMEOUT",
      message: `Nutrient-advice service ${base}: no complete answer within 100 ms`,
    });
  });

  it("leaves out a token in the endpoint's path or query when the port is closed", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const error = await failure(
      requestNutrientAdvice(input, {
        endpoint: `http://127.0.0.1:${port}/${PATH_TOKEN}/advice?key=${QUERY_TOKEN}`,
        apiKey: KEY,
      }),
    );
    expectNoEndpointSecret(error);
    expect(error).toMatchObject({
      code: "NUTRIENT_ADVICE_UNREACHABLE",
      message: `Nutrient-advice service http://127.0.0.1:${port}: the request failed (ECONNREFUSED)`,
    });
  });
});
