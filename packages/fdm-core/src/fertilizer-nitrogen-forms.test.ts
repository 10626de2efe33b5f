// A custom product states its ammonium and nitrate nitrogen (NH4-N, NO3-N), which the nitrogen
// balance's ammonia emission needs; both are parts of the total N.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addFertilizer, getFertilizer, getFertilizerParametersDescription } from "./fertilizer.js";
import { createTestDatabase, expectNoWrite, seedFarm, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  ({ farmId } = await seedFarm(db.fdm, "owner"));
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const slurry = {
  name: "Drijfmest met analyse",
  typeRvo: 14 as const,
  isManure: true,
  form: "slurry" as const,
  n: 4.5,
  applicationMethods: ["shallow_injection" as const],
};

describe("custom products with NH4-N and NO3-N", () => {
  it("stores and returns them, in g N/kg", async () => {
    const id = await addFertilizer(db.fdm, "owner", farmId, {
      custom: { ...slurry, nNh4: 2.5, nNo3: 0 },
      acquiringDate: new Date("2025-02-01"),
    });
    expect(await getFertilizer(db.fdm, "owner", id)).toMatchObject({ n: 4.5, nNh4: 2.5, nNo3: 0 });
  });

  it("describes them for an input form: g N/kg, 0 to 1000", () => {
    const d = getFertilizerParametersDescription();
    for (const parameter of ["nNh4", "nNo3"] as const) {
      expect(d.find((x) => x.parameter === parameter)).toMatchObject({
        unit: "g N/kg",
        min: 0,
        max: 1000,
        type: "number",
        required: false,
      });
    }
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ["NH4-N above the total N", { nNh4: 4.6 }, "nNh4"],
    ["NO3-N above the total N", { nNo3: 5 }, "nNo3"],
    ["NH4-N and NO3-N together above the total N", { nNh4: 3, nNo3: 2 }, "nNo3"],
    ["NH4-N without a total N", { n: null, nNh4: 1 }, "nNh4"],
    ["a negative NH4-N", { nNh4: -1 }, "nNh4"],
    ["NO3-N that is not a number", { nNo3: "2" }, "nNo3"],
  ];
  it.each(cases)("rejects %s, writing nothing", async (_label, change, field) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addFertilizer(db.fdm, "owner", farmId, {
        custom: { ...slurry, ...change } as never,
        acquiringDate: new Date("2025-02-01"),
      }),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field });
    expect(after).toEqual(before);
  });
});
