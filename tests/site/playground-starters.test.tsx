import * as drizzleOrm from "drizzle-orm";
import * as calculator from "fdm-calculator";
import * as core from "fdm-core";
import * as data from "fdm-data";
import { afterAll, describe, expect, it } from "vitest";
import { openPlaygroundDatabase } from "../../src/components/playground/database";
import { PLAYGROUND_PRINCIPAL, starters } from "../../src/components/playground/starters";
import { formatLogLine } from "../../src/components/toolkit/format";
import { compileSample } from "../../src/plugins/toolkit-browser";

/**
 * The playground's starter scripts, compiled as the worker compiles them and
 * run in order on one database, the way the worker runs them (globals `fdm`
 * and `principal`, imports through `require`). The browser run is in
 * tests/e2e/toolkit.spec.ts.
 */
const modules: Record<string, unknown> = {
  "fdm-core": core,
  "fdm-calculator": calculator,
  "fdm-data": data,
  "drizzle-orm": drizzleOrm,
};
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;

const fdmPromise = openPlaygroundDatabase();
afterAll(async () => core.closeFdm(await fdmPromise));

async function runStarter(code: string, fdm?: core.FdmLocalType): Promise<string[]> {
  const lines: string[] = [];
  const fn = new AsyncFunction(
    "require",
    "exports",
    "module",
    "console",
    "fdm",
    "principal",
    compileSample(code),
  );
  const log = (...args: unknown[]) => lines.push(formatLogLine(args));
  await fn(
    (n: string) => modules[n],
    {},
    { exports: {} },
    { log, info: log, warn: log, error: log },
    fdm ?? (await fdmPromise),
    PLAYGROUND_PRINCIPAL,
  );
  return lines;
}

describe("a starter run out of order", { timeout: 120_000 }, () => {
  it("4 before 2 says which script to run first instead of printing a balance of unknowns", async () => {
    const fresh = await openPlaygroundDatabase();
    try {
      await runStarter(starters[0]?.code ?? "", fresh);
      await expect(runStarter(starters[3]?.code ?? "", fresh)).rejects.toThrow(
        "No crops yet: run script 2 first",
      );
    } finally {
      await core.closeFdm(fresh);
    }
  });
});

describe("playground starter scripts", { timeout: 120_000 }, () => {
  it("1 creates the farm and a field of the parcel's area", async () => {
    const lines = await runStarter(starters[0]?.code ?? "");
    expect(lines).toEqual(['field "Achter de schuur": 1.99 ha']);
  });
  it("2 adds the grassland, soil analysis and slurry", async () => {
    const lines = await runStarter(starters[1]?.code ?? "");
    expect(lines).toEqual(["crop: Grasland, blijvend", "applications: 1"]);
  });
  it("3 prints the 2025 norms: 345 kg N/ha for grazed grassland on klei", async () => {
    const lines = await runStarter(starters[2]?.code ?? "");
    expect(lines[0]).toMatch(/^stikstof: 345 kg N\/ha \(Grasland, beweiden\)$/);
    expect(lines.join("\n")).toContain("dierlijke mest: 170 kg N/ha");
  });
  it("4 prints a nitrogen balance complete from the database", async () => {
    const lines = await runStarter(starters[3]?.code ?? "");
    expect(lines[0]).toMatch(/^supply: +\d+\.\d kg N\/ha$/);
    expect(lines[1]).toMatch(/^removal: +\d+\.\d kg N\/ha$/);
    expect(lines[2]).toMatch(/^emission: +\d+\.\d kg N\/ha$/);
    expect(lines[3]).toMatch(/^balance: +-?\d+\.\d kg N\/ha$/);
    expect(lines[4]).toBe("complete: every figure from the database");
  });
  it("5 prints the organic-matter balance, its estimated bulk density said", async () => {
    const lines = await runStarter(starters[4]?.code ?? "");
    // Grassland (nl_265) on the field all 365 days of 2025: 3,975 × 365 / 365 = 3,975; + slurry 25,000 × 44.8643 g EOM/kg / 1000 = 1,121.6075: 5,096.6.
    // ρ for zeeklei at 3 %: 1.184411 g/cm³ (CBAV polynomial); 10 cm under grass at 10.6 °C:
    // 3 × 10 × 1.184411 × 1000 × (0.038228 − 0.008934 × ln 3) × 2^(−0.24) = 854.86; balance 4,241.75.
    expect(lines).toEqual([
      "supply:      5097 kg/ha",
      "degradation: 855 kg/ha",
      "balance:     4242 kg/ha",
      "estimated: bulkDensity 1.18 g/cm³",
      "complete",
    ]);
  });
});
