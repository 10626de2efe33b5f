import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FdmCalculatorError } from "../errors.js";
import {
  NutrientAdviceError,
  type NutrientAdviceInput,
  type NutrientAdviceOptions,
  requestNutrientAdvice,
} from "./nutrient-advice.js";

const API_KEY = "test-key-7f3a9c1e5b2d4680";

const validAdvice = {
  n: 345,
  p2o5: 90,
  k2o: 250.5,
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

interface SeenRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let base: string;
let seen: SeenRequest[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      seen.push({ method: request.method, url: request.url, headers: request.headers, body });
      const path = request.url ?? "";
      const json = (status: number, value: unknown) =>
        response
          .writeHead(status, { "Content-Type": "application/json" })
          .end(JSON.stringify(value));
      if (path === "/advice") {
        if (request.headers.authorization !== `Bearer ${API_KEY}`) {
          // Like a careless service, it echoes the key it got beside its code.
          json(401, {
            code: "unauthorized",
            message: `invalid API key: ${request.headers.authorization}`,
          });
          return;
        }
        json(200, { advice: validAdvice, service: "test" });
        return;
      }
      const status = /^\/status\/(\d{3})$/.exec(path);
      if (status !== null) {
        const code = Number(status[1]);
        if (code === 503) json(503, { code: "unavailable" });
        else if (code === 502)
          response.writeHead(502, { "Content-Type": "text/plain" }).end("down for maintenance\n");
        else if (code === 404) response.writeHead(404).end();
        else if (code === 403) json(403, { error: { message: "no access to this crop" } });
        else if (code === 422) json(422, { code: "unknown_cultivation" });
        else if (code === 429) json(429, { code: "Rate_Limited" });
        else json(code, { message: `refused with ${code} (key ${API_KEY})` });
        return;
      }
      if (path === "/not-json") {
        response
          .writeHead(200, { "Content-Type": "application/json" })
          .end(`{"advice": {"n": 1, oops ${API_KEY}`);
        return;
      }
      if (path === "/missing-key") return json(200, { advice: { ...validAdvice, co: undefined } });
      if (path === "/extra-key") return json(200, { advice: { ...validAdvice, fe: 3 } });
      if (path === "/negative") return json(200, { advice: { ...validAdvice, k2o: -5 } });
      if (path === "/string-value") return json(200, { advice: { ...validAdvice, n: API_KEY } });
      if (path === "/no-advice") return json(200, { result: validAdvice });
      if (path === "/array") return json(200, [validAdvice]);
      if (path === "/slow") {
        // Answers long after any timeout the tests use; closed in afterAll.
        setTimeout(() => json(200, { advice: validAdvice }), 60_000).unref();
        return;
      }
      response.writeHead(500).end();
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
  soil: { pAl: 32, pCaCl2: 2.1, kCaCl2: 110, organicMatter: 4.2, ph: 5.6 },
};

const options = (
  path: string,
  extra: Partial<NutrientAdviceOptions> = {},
): NutrientAdviceOptions => ({
  endpoint: `${base}${path}`,
  apiKey: API_KEY,
  timeoutMs: 5_000,
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<FdmCalculatorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FdmCalculatorError);
  return error as FdmCalculatorError;
}

// Everything a caller could print, log or store about an error.
function everythingAbout(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current instanceof Error) {
    parts.push(current.message, String(current.stack), JSON.stringify(current), String(current));
    current = current.cause;
  }
  if (current !== undefined) parts.push(JSON.stringify(current));
  return parts.join("\n");
}

describe("requestNutrientAdvice against a service on 127.0.0.1", () => {
  it("sends POST with JSON, the bearer key and the documented body, and returns the advice", async () => {
    const advice = await requestNutrientAdvice(input, options("/advice"));
    expect(advice).toEqual({
      cultivationId: "nl_265",
      nutrients: {
        n: 345,
        p2o5: 90,
        k2o: 250.5,
        s: 20,
        mg: 60,
        ca: null,
        na: 0,
        cu: 0.5,
        zn: null,
        b: 0.3,
        mo: null,
        co: null,
      },
    });
    expect(seen).toHaveLength(1);
    const [request] = seen as [SeenRequest];
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/advice");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers.accept).toBe("application/json");
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(JSON.parse(request.body)).toEqual({
      cultivation: { catalogueId: "nl_265", brpCode: 265 },
      location: { type: "Point", coordinates: [5.66, 51.97] },
      soil: { pAl: 32, pCaCl2: 2.1, kCaCl2: 110, organicMatter: 4.2, ph: 5.6 },
    });
    expect(request.body).not.toContain("field-1");
  });

  it("accepts a bare BRP code and a field outline as location", async () => {
    const outline = {
      type: "Polygon" as const,
      coordinates: [
        [
          [5.66, 51.97],
          [5.67, 51.97],
          [5.67, 51.98],
          [5.66, 51.97],
        ],
      ],
    };
    const advice = await requestNutrientAdvice(
      { cultivation: "233", location: outline, soil: {} },
      options("/advice"),
    );
    expect(advice.cultivationId).toBe("nl_233");
    expect(JSON.parse((seen[0] as SeenRequest).body)).toEqual({
      cultivation: { catalogueId: "nl_233", brpCode: 233 },
      location: outline,
      soil: {},
    });
  });

  it.each([
    [400, null, null],
    [403, null, null],
    [404, null, null],
    [422, "unknown_cultivation", "the service has no advice for this crop"],
    [429, null, null], // "Rate_Limited" is not a code of the contract
    [500, null, null],
    [502, null, null],
    [503, "unavailable", "the service is unavailable for now"],
  ])(
    "HTTP %i throws NUTRIENT_ADVICE_HTTP_ERROR with the status and only a code of the contract (%s)",
    async (status, serviceCode, serviceMessage) => {
      const error = await failure(requestNutrientAdvice(input, options(`/status/${status}`)));
      expect(error).toBeInstanceOf(NutrientAdviceError);
      expect(error).toMatchObject({
        code: "NUTRIENT_ADVICE_HTTP_ERROR",
        status,
        serviceCode,
        serviceMessage,
        fieldId: "field-1",
      });
      expect(error.message).toBe(
        `Nutrient-advice service ${base}: HTTP ${status}${serviceCode === null ? "" : ` (${serviceCode})`}`,
      );
      const text = everythingAbout(error);
      for (const serviceText of [API_KEY, "no access", "maintenance", "refused with"]) {
        expect(text).not.toContain(serviceText);
      }
    },
  );

  it("a wrong key gets the service's 401 and its code, without the echoed key", async () => {
    const error = await failure(
      requestNutrientAdvice(input, options("/advice", { apiKey: `${API_KEY}-wrong` })),
    );
    expect(error).toMatchObject({
      code: "NUTRIENT_ADVICE_HTTP_ERROR",
      status: 401,
      serviceCode: "unauthorized",
      serviceMessage: "the service refused the API key",
    });
    expect(everythingAbout(error)).not.toContain(API_KEY);
  });

  it.each([
    ["/not-json", "not valid JSON"],
    ["/missing-key", '"advice.co" is missing'],
    ["/extra-key", '"advice" holds 1 key that is not a nutrient of the contract'],
    ["/negative", '"advice.k2o" must be a number of 0 or more'],
    ["/string-value", '"advice.n" must be a number of 0 or more, or null; got a string'],
    ["/no-advice", '"advice" is missing'],
    ["/array", "not a JSON object"],
  ])("an answer from %s throws NUTRIENT_ADVICE_MALFORMED_RESPONSE", async (path, problem) => {
    const error = await failure(requestNutrientAdvice(input, options(path)));
    expect(error).toMatchObject({ code: "NUTRIENT_ADVICE_MALFORMED_RESPONSE", status: 200 });
    expect(error.message).toContain(problem);
    expect(everythingAbout(error)).not.toContain(API_KEY);
  });

  it("a service slower than timeoutMs throws NUTRIENT_ADVICE_TIMEOUT", async () => {
    const error = await failure(requestNutrientAdvice(input, options("/slow", { timeoutMs: 50 })));
    expect(error).toMatchObject({ code: "NUTRIENT_ADVICE_TIMEOUT", status: null });
    expect(error.message).toContain("within 50 ms");
    expect(everythingAbout(error)).not.toContain(API_KEY);
  });

  it("a closed port throws NUTRIENT_ADVICE_UNREACHABLE with a cause that holds no key", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const error = await failure(
      requestNutrientAdvice(input, options("", { endpoint: `http://127.0.0.1:${port}/advice` })),
    );
    expect(error).toMatchObject({
      code: "NUTRIENT_ADVICE_UNREACHABLE",
      status: null,
      message: `Nutrient-advice service http://127.0.0.1:${port}: the request failed (ECONNREFUSED)`,
    });
    expect(error.cause).toBeInstanceOf(Error);
    expect(everythingAbout(error)).not.toContain(API_KEY);
  });

  it("uses the fetch given in options, and strips the key from whatever it throws", async () => {
    const leaky = vi.fn(async (_url: unknown, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      throw new TypeError(`socket closed while sending ${headers.get("authorization")}`);
    });
    const error = await failure(
      requestNutrientAdvice(input, options("/advice", { fetch: leaky as typeof fetch })),
    );
    expect(leaky).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ code: "NUTRIENT_ADVICE_UNREACHABLE" });
    expect((error.cause as Error).message).toBe("the request failed");
    expect(everythingAbout(error)).not.toContain(API_KEY);
  });

  it("logs nothing, on success or failure", async () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => {}),
    );
    await requestNutrientAdvice(input, options("/advice"));
    await requestNutrientAdvice(input, options("/status/500")).catch(() => {});
    for (const spy of spies) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
  });
});

describe("requestNutrientAdvice input and configuration", () => {
  it("throws NUTRIENT_ADVICE_NOT_CONFIGURED without an endpoint or key, and sends nothing", async () => {
    for (const bad of [
      { endpoint: "", apiKey: API_KEY },
      { endpoint: "ftp://127.0.0.1/advice", apiKey: API_KEY },
      { endpoint: `${base}/advice`, apiKey: "" },
      { endpoint: `${base}/advice`, apiKey: `${API_KEY}\n` },
    ]) {
      const error = await failure(requestNutrientAdvice(input, bad));
      expect(error).toMatchObject({ code: "NUTRIENT_ADVICE_NOT_CONFIGURED" });
      expect(everythingAbout(error)).not.toContain(API_KEY);
    }
    const missing = await failure(
      requestNutrientAdvice(input, undefined as unknown as NutrientAdviceOptions),
    );
    expect(missing.code).toBe("NUTRIENT_ADVICE_NOT_CONFIGURED");
    expect(seen).toHaveLength(0);
  });

  it.each([
    [
      { cultivation: "grass" },
      "INVALID_INPUT",
      'Field "field-1": cultivation must be a BRP gewascode',
    ],
    [{ cultivation: "nl_999999" }, "UNKNOWN_CULTIVATION", "nl_999999 is not a BRP gewascode"],
    [
      { location: { type: "Point", coordinates: [5.66, 95] } },
      "INVALID_INPUT",
      "location must be a WGS84 point",
    ],
    [
      { location: { type: "LineString", coordinates: [] } },
      "INVALID_INPUT",
      "location must be a GeoJSON Point",
    ],
    [{ soil: { pAl: -1 } }, "INVALID_INPUT", "soil.pAl must be a finite number of 0 or more"],
    [{ soil: { ph: 15 } }, "INVALID_INPUT", "soil.ph must lie between 0 and 14"],
    [{ soil: { organicMatter: 120 } }, "INVALID_INPUT", "soil.organicMatter is a percentage"],
    [{ soil: { p_al: 30 } }, "INVALID_INPUT", "soil.p_al is not a known soil parameter"],
    [{ soil: null }, "INVALID_INPUT", "soil must be an object"],
  ])("rejects %j with %s before sending", async (change, code, message) => {
    const error = await failure(
      requestNutrientAdvice(
        { ...input, ...change } as unknown as NutrientAdviceInput,
        options("/advice"),
      ),
    );
    expect(error).not.toBeInstanceOf(NutrientAdviceError);
    expect(error).toMatchObject({ code, fieldId: "field-1" });
    expect(error.message).toContain(message);
    expect(seen).toHaveLength(0);
  });

  it("rejects a timeoutMs that is not above 0", async () => {
    const error = await failure(requestNutrientAdvice(input, options("/advice", { timeoutMs: 0 })));
    expect(error).toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("timeoutMs"),
    });
  });
});
