// Hole 8 of issue 11: a service that echoes the API key lower-cased, upper-cased or cut short
// must not get any 8+ character run of it into an error.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FdmCalculatorError } from "../errors.js";
import {
  NutrientAdviceError,
  type NutrientAdviceInput,
  requestNutrientAdvice,
} from "./nutrient-advice.js";

const KEY = "Fdm-Key-7F3a9C1e5B2d4680XyZq";
const lower = KEY.toLowerCase();

// What the careless service on 127.0.0.1 sends back, per path.
const echoes: Record<string, { status: number; type: string; body: string }> = {
  "/lower": {
    status: 401,
    type: "application/json",
    body: JSON.stringify({ message: `bad key ${lower}` }),
  },
  "/upper": {
    status: 403,
    type: "application/json",
    body: JSON.stringify({ error: `key ${KEY.toUpperCase()} denied` }),
  },
  "/truncated": {
    status: 401,
    type: "application/json",
    body: JSON.stringify({ message: `bad key ${KEY.slice(0, 10)}…` }),
  },
  "/truncated-lower": { status: 500, type: "text/plain", body: `oops: ${lower.slice(0, 12)}` },
  "/middle": {
    status: 429,
    type: "application/json",
    body: JSON.stringify({ error: { message: `slow down ${lower.slice(9, 17)}` } }),
  },
  "/seven": {
    status: 400,
    type: "application/json",
    body: JSON.stringify({ message: `near ${lower.slice(0, 7)} only` }),
  },
  // Node's JSON.parse quotes a short body in its message.
  "/not-json": { status: 200, type: "application/json", body: `${lower.slice(0, 12)} oops` },
  "/string-value": {
    status: 200,
    type: "application/json",
    body: JSON.stringify({ advice: { n: lower.slice(3, 14) } }),
  },
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const echo = echoes[request.url ?? ""];
      if (!echo) return response.writeHead(404).end();
      response.writeHead(echo.status, { "Content-Type": echo.type }).end(echo.body);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
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

// Everything a caller could print, log or store about an error, lower-cased.
function everythingAbout(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current instanceof Error) {
    parts.push(current.message, String(current.stack), JSON.stringify(current), String(current));
    current = current.cause;
  }
  return parts.join("\n").toLowerCase();
}

/** Every run of 8 characters of the key, lower-cased. */
const runs = Array.from({ length: KEY.length - 7 }, (_, i) => lower.slice(i, i + 8));

function expectNoRunOfKey(error: unknown) {
  const text = everythingAbout(error);
  for (const run of runs) expect(text).not.toContain(run);
}

describe("requestNutrientAdvice withholds service text holding part of the key", () => {
  it.each([
    ["/lower", 401],
    ["/upper", 403],
    ["/truncated", 401],
    ["/truncated-lower", 500],
    ["/middle", 429],
  ])(
    "an echo from %s leaves no 8-character run of the key in message or serviceMessage",
    async (path, status) => {
      const error = await failure(
        requestNutrientAdvice(input, { endpoint: `${base}${path}`, apiKey: KEY }),
      );
      expect(error).toMatchObject({ code: "NUTRIENT_ADVICE_HTTP_ERROR", status });
      expect(error.serviceMessage).toBe(
        "[withheld: the service's text contained part of the API key]",
      );
      expect(error.message).toContain(`HTTP ${status}`);
      expectNoRunOfKey(error);
    },
  );

  it("keeps a service message that shares only 7 characters with the key", async () => {
    const error = await failure(
      requestNutrientAdvice(input, { endpoint: `${base}/seven`, apiKey: KEY }),
    );
    expect(error.serviceMessage).toBe(`near ${lower.slice(0, 7)} only`);
  });

  it.each([
    ["/not-json", "not valid JSON"],
    ["/string-value", "the answer does not fit the contract"],
  ])("a malformed answer from %s quoting part of the key is withheld", async (path, problem) => {
    const error = await failure(
      requestNutrientAdvice(input, { endpoint: `${base}${path}`, apiKey: KEY }),
    );
    expect(error).toMatchObject({ code: "NUTRIENT_ADVICE_MALFORMED_RESPONSE", status: 200 });
    expect(error.message).toContain(problem);
    expectNoRunOfKey(error);
  });

  it("an error thrown by fetch that quotes the key lower-cased is withheld from the cause", async () => {
    const leaky = vi.fn(async () => {
      throw new TypeError(`socket closed while sending bearer ${lower.slice(2, 20)}`);
    });
    const error = await failure(
      requestNutrientAdvice(input, {
        endpoint: `${base}/lower`,
        apiKey: KEY,
        fetch: leaky as typeof fetch,
      }),
    );
    expect(error).toMatchObject({ code: "NUTRIENT_ADVICE_UNREACHABLE" });
    expect(error.cause).toBeInstanceOf(Error);
    expectNoRunOfKey(error);
  });

  it("an endpoint path that holds part of the key is not quoted either", async () => {
    const error = await failure(
      requestNutrientAdvice(input, { endpoint: `${base}/${lower.slice(0, 10)}`, apiKey: KEY }),
    );
    expect(error).toBeInstanceOf(FdmCalculatorError);
    expect(error).toMatchObject({ code: "NUTRIENT_ADVICE_HTTP_ERROR", status: 404 });
    expectNoRunOfKey(error);
  });
});
