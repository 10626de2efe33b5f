// The runner's rules, with reads the test holds open: which calculation waits, which is refused,
// and when a turn ends do not depend on how fast anything runs.
import { calculateDose, type DoseInput, FdmCalculatorError } from "fdm-calculator";
import { describe, expect, it } from "vitest";
import {
  type CalculationLimits,
  CalculationRefused,
  type CalculationTask,
  createCalculationRunner,
} from "./calculation-pool.js";

/** A read that waits until the test opens it, and says whether it was started. */
function gate(task: CalculationTask = doseTask()) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const state = { started: false };
  return {
    state,
    open,
    read: async () => {
      state.started = true;
      await opened;
      return task;
    },
  };
}

const doseInput = (fieldId: string): DoseInput => ({
  year: 2025,
  fieldId,
  region: "klei",
  hasGrazingIntention: false,
  cultivations: [],
  applications: [],
});
const doseTask = (fieldId = "perceel-1"): CalculationTask => ({
  kind: "dose",
  input: doseInput(fieldId),
});
const decode = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes));

/** What a refused run rejects with. */
async function refusal(run: Promise<unknown>): Promise<CalculationRefused> {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CalculationRefused);
  return err as CalculationRefused;
}

const limits = (l: Partial<CalculationLimits> = {}): CalculationLimits => ({
  threads: 2,
  queue: 0,
  timeoutMs: 60_000,
  ...l,
});

describe("createCalculationRunner", () => {
  it("computes in a worker and answers the calculator's JSON", async () => {
    const runner = createCalculationRunner(limits());
    const bytes = await runner.run("anna", async () => doseTask());
    expect(decode(bytes)).toEqual(
      JSON.parse(JSON.stringify(calculateDose(doseInput("perceel-1")))),
    );
    expect(decode(bytes)).toMatchObject({ fieldId: "perceel-1", n: 0, nEffective: 0 });
  });

  it("passes the calculator's refusal on as an FdmCalculatorError with its code, message, field and year", async () => {
    const runner = createCalculationRunner(limits());
    // An application of 2026 in the dose of 2025.
    const bad: DoseInput = {
      ...doseInput("perceel-2"),
      applications: [
        {
          id: "a1",
          date: new Date("2026-03-01"),
          amount: 300,
          method: "broadcasting",
          fertilizer: {
            id: "baat_028",
            typeRvo: 115,
            composition: { n: 270, p2o5: 0, k2o: 0, so3: 0, mgo: 0, cao: 0 },
          },
        },
      ],
    };
    const expected = (() => {
      try {
        calculateDose(bad);
      } catch (err) {
        return err as FdmCalculatorError;
      }
      throw new Error("calculateDose took a region it should refuse");
    })();
    const err = await runner
      .run("anna", async () => ({ kind: "dose", input: bad }))
      .catch((e) => e);
    expect(err).toBeInstanceOf(FdmCalculatorError);
    expect([err.code, err.message, err.fieldId, err.year]).toEqual([
      "DATE_OUTSIDE_YEAR",
      expected.message,
      "perceel-2",
      2025,
    ]);
  });

  it("runs one calculation per principal at a time; another principal's runs meanwhile", async () => {
    const runner = createCalculationRunner(limits());
    const first = gate();
    const annas = runner.run("anna", first.read);
    const second = await refusal(runner.run("anna", async () => doseTask()));
    expect(second.problem).toEqual({
      type: "urn:fdm:problem:calculation-in-progress",
      title: "Too many requests",
      status: 429,
      code: "CALCULATION_IN_PROGRESS",
      detail:
        "One calculation at a time per user: your previous calculation is still running; retry after 1 s.",
    });
    expect(second.headers).toEqual({ "retry-after": "1" });
    expect(decode(await runner.run("bert", async () => doseTask("bert-1"))).fieldId).toBe("bert-1");
    first.open();
    expect(decode(await annas).fieldId).toBe("perceel-1");
    // Her turn ended with the answer.
    expect(decode(await runner.run("anna", async () => doseTask("perceel-3"))).fieldId).toBe(
      "perceel-3",
    );
  });

  it("lets `queue` calculations wait for a thread, in order, and refuses the next with 503", async () => {
    const runner = createCalculationRunner(limits({ threads: 1, queue: 1 }));
    const a = gate(doseTask("a"));
    const b = gate(doseTask("b"));
    const annas = runner.run("anna", a.read);
    const berts = runner.run("bert", b.read);
    const carlas = await refusal(runner.run("carla", async () => doseTask("c")));
    expect(carlas.problem).toEqual({
      type: "urn:fdm:problem:calculation-busy",
      title: "Calculations busy",
      status: 503,
      code: "CALCULATION_BUSY",
      detail:
        "The service's calculation threads (1) are all busy and its queue (1) is full; retry after 1 s.",
    });
    expect(carlas.headers).toEqual({ "retry-after": "1" });
    // Bert waits for Anna's thread: his read has not begun.
    expect([a.state.started, b.state.started]).toEqual([true, false]);
    b.open();
    a.open();
    const done: string[] = [];
    await Promise.all([annas.then(() => done.push("anna")), berts.then(() => done.push("bert"))]);
    expect(done).toEqual(["anna", "bert"]);
  });

  it("answers 504 at the deadline while a read still runs, and keeps the principal's turn until it ends", async () => {
    const runner = createCalculationRunner(limits({ timeoutMs: 1 }));
    const slow = gate();
    const late = await refusal(runner.run("anna", slow.read));
    expect(late.problem).toEqual({
      type: "urn:fdm:problem:calculation-timeout",
      title: "Calculation timed out",
      status: 504,
      code: "CALCULATION_TIMEOUT",
      detail:
        "The calculation did not finish within its budget of 1 ms and was stopped; ask for a shorter period or fewer fields.",
    });
    // The read cannot be interrupted; until it ends Anna's calculation is still hers.
    expect((await refusal(runner.run("anna", gate().read))).problem.code).toBe(
      "CALCULATION_IN_PROGRESS",
    );
    slow.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await refusal(runner.run("anna", gate().read))).problem.code).toBe(
      "CALCULATION_TIMEOUT",
    );
  });

  it("counts the wait for a thread in the budget: a calculation out of time leaves the queue", async () => {
    const runner = createCalculationRunner(limits({ threads: 1, queue: 1, timeoutMs: 1 }));
    const holder = gate();
    expect((await refusal(runner.run("anna", holder.read))).problem.code).toBe(
      "CALCULATION_TIMEOUT",
    );
    // Anna's read still holds the thread; Bert waits, runs out of time, and gives his place up.
    const bert = gate();
    expect((await refusal(runner.run("bert", bert.read))).problem.code).toBe("CALCULATION_TIMEOUT");
    expect(bert.state.started).toBe(false);
    expect((await refusal(runner.run("carla", gate().read))).problem.code).toBe(
      "CALCULATION_TIMEOUT",
    );
    holder.open();
  });
});
