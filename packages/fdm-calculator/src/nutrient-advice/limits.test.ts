// requestNutrientAdvice bounds what a service can make it hold and how long it waits: an answer
// above 1 MiB is cut off while it streams in, and the whole exchange, body included, ends at
// timeoutMs. Every service runs on 127.0.0.1.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  NutrientAdviceError,
  type NutrientAdviceInput,
  requestNutrientAdvice,
} from "./nutrient-advice.js";

const KEY = "limits-test-key-5d1e9a";
const MIB = 1_048_576;
const HUGE = 64 * MIB;

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

/** What the server managed to hand to the socket for the last streamed answer, and how it ended. */
const stream = { sent: 0, finished: false, closed: false };

/**
 * Streams a valid advice padded with spaces to `HUGE` bytes in 64 KiB chunks, at the pace the
 * client reads (it waits for `drain`), so `sent` tells how far the client read.
 */
function streamHuge(response: ServerResponse) {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const head = `{"advice":${JSON.stringify(validAdvice)},"pad":"`;
  response.on("close", () => {
    stream.closed = true;
  });
  response.write(head);
  stream.sent = head.length;
  const pump = () => {
    while (stream.sent < HUGE) {
      if (response.destroyed) return;
      stream.sent += chunk.length;
      if (!response.write(chunk)) {
        response.once("drain", pump);
        return;
      }
    }
    response.end('"}', () => {
      stream.finished = true;
    });
  };
  pump();
}

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const path = request.url ?? "";
      if (path === "/huge") {
        response.writeHead(200, { "Content-Type": "application/json" });
        return streamHuge(response);
      }
      if (path === "/huge-error") {
        response.writeHead(500, { "Content-Type": "application/json" });
        return streamHuge(response);
      }
      if (path === "/declared-huge") {
        // Declares 64 MiB and sends a first part only; the client must not wait for the rest.
        response.writeHead(200, {
          "Content-Type": "application/json",
          "Content-Length": String(HUGE),
        });
        response.on("close", () => {
          stream.closed = true;
        });
        response.write(`{"advice":${JSON.stringify(validAdvice)}`);
        return;
      }
      if (path === "/just-under") {
        // 1 MiB exactly: still within the contract.
        const head = `{"advice":${JSON.stringify(validAdvice)},"pad":"`;
        const body = `${head}${" ".repeat(MIB - head.length - 2)}"}`;
        response.writeHead(200, { "Content-Type": "application/json" }).end(body);
        return;
      }
      if (path === "/slow-body") {
        // Headers at once, then a byte now and then: the body never completes in time.
        response.writeHead(200, { "Content-Type": "application/json" });
        response.write('{"advice":');
        const drip = setInterval(() => {
          if (response.destroyed) clearInterval(drip);
          else response.write(" ");
        }, 20);
        drip.unref();
        response.on("close", () => clearInterval(drip));
        return;
      }
      response.writeHead(404).end();
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
  stream.sent = 0;
  stream.finished = false;
  stream.closed = false;
  vi.useRealTimers();
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

/** Waits until the server has seen the connection close, or a second has passed. */
async function serverSawClose() {
  for (let i = 0; i < 100 && !stream.closed; i++) {
    await new Promise((done) => setTimeout(done, 10));
  }
  return stream.closed;
}

describe("requestNutrientAdvice reads at most 1 MiB of an answer", () => {
  it("stops reading a 64 MiB streamed answer at the cap and refuses it", async () => {
    const error = await failure(
      requestNutrientAdvice(input, { endpoint: `${base}/huge`, apiKey: KEY, timeoutMs: 60_000 }),
    );
    expect(error).toMatchObject({
      code: "NUTRIENT_ADVICE_MALFORMED_RESPONSE",
      status: 200,
      message: `Nutrient-advice service ${base}: the answer is larger than the contract's 1 MiB (1048576 bytes); reading stopped there`,
    });
    // The connection was closed while the server was still sending, far from the 64 MiB.
    expect(await serverSawClose()).toBe(true);
    expect(stream.finished).toBe(false);
    expect(stream.sent).toBeLessThan(16 * MIB);
  });

  it("refuses an answer that declares more than 1 MiB without waiting for it", async () => {
    const started = Date.now();
    const error = await failure(
      requestNutrientAdvice(input, {
        endpoint: `${base}/declared-huge`,
        apiKey: KEY,
        timeoutMs: 30_000,
      }),
    );
    expect(error).toMatchObject({
      code: "NUTRIENT_ADVICE_MALFORMED_RESPONSE",
      message: expect.stringContaining("larger than the contract's 1 MiB"),
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await serverSawClose()).toBe(true);
  });

  it("reads no more than a little of a 64 MiB error body, and keeps the status", async () => {
    const error = await failure(
      requestNutrientAdvice(input, {
        endpoint: `${base}/huge-error`,
        apiKey: KEY,
        timeoutMs: 60_000,
      }),
    );
    expect(error).toMatchObject({
      code: "NUTRIENT_ADVICE_HTTP_ERROR",
      status: 500,
      serviceCode: null,
      message: `Nutrient-advice service ${base}: HTTP 500`,
    });
    expect(await serverSawClose()).toBe(true);
    expect(stream.finished).toBe(false);
    expect(stream.sent).toBeLessThan(16 * MIB);
  });

  it("accepts an answer of exactly 1 MiB", async () => {
    const advice = await requestNutrientAdvice(input, {
      endpoint: `${base}/just-under`,
      apiKey: KEY,
    });
    expect(advice.nutrients.n).toBe(345);
  });
});

describe("requestNutrientAdvice ends the whole exchange at timeoutMs", () => {
  it("times out a body that trickles in", async () => {
    const started = Date.now();
    const error = await failure(
      requestNutrientAdvice(input, { endpoint: `${base}/slow-body`, apiKey: KEY, timeoutMs: 200 }),
    );
    expect(error).toMatchObject({
      code: "NUTRIENT_ADVICE_TIMEOUT",
      status: 200,
      message: `Nutrient-advice service ${base}: no complete answer within 200 ms`,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("times out a body whose stream ignores the abort signal (a custom fetch)", async () => {
    // A fetch whose answer's body never ends and never heeds the signal.
    const stuck = vi.fn(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"advice":'));
            },
          }),
          { status: 200, headers: { "Content-Type": "application/json" } },
        ),
    );
    const error = await failure(
      requestNutrientAdvice(input, {
        endpoint: `${base}/never-called`,
        apiKey: KEY,
        timeoutMs: 100,
        fetch: stuck as typeof fetch,
      }),
    );
    expect(stuck).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ code: "NUTRIENT_ADVICE_TIMEOUT", status: 200 });
  }, 5_000);

  it("waits 30 000 ms by default", async () => {
    vi.useFakeTimers();
    // A fetch that answers only when aborted, as the global fetch does.
    const hanging = (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const pending = requestNutrientAdvice(input, {
      endpoint: `${base}/never-called`,
      apiKey: KEY,
      fetch: hanging as typeof fetch,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({
      code: "NUTRIENT_ADVICE_TIMEOUT",
      message: `Nutrient-advice service ${base}: no complete answer within 30000 ms`,
    });
  });
});
