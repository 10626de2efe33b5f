import {
  addFarm,
  addFertilizer,
  closeFdm,
  createFdmLocal,
  enableFertilizerCatalogue,
  type FdmLocalType,
  type Fertilizer,
  getFarmRecords,
  getFertilizers,
  getFertilizersFromCatalogue,
  syncCatalogues,
} from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateDose } from "../dose.js";
import { FdmCalculatorError } from "../errors.js";
import type { NormsFertilizer, NormsFieldInput } from "../norms/nl/engine/types.js";
import {
  calculateDierlijkeMestGebruiksNormFilling,
  calculateRenureGebruiksNormFilling,
} from "../norms/nl/norms.js";
import { signUpOwner } from "./test-farm.js";

// fdm-core's typeRvo is the number fdm-calculator takes: a fertilizer read from a PGlite
// database goes into the dose and the norms as it is, with no conversion in between.
let fdm: FdmLocalType;
let owner: string;
let farmId: string;
let slurry: Fertilizer;
let renure: Fertilizer;

beforeAll(async () => {
  fdm = await createFdmLocal();
  owner = await signUpOwner(fdm);
  await syncCatalogues(fdm);
  farmId = await addFarm(fdm, owner, { name: "Mestcodehoeve" });
  await enableFertilizerCatalogue(fdm, owner, farmId, "rvo");
  const slurryId = await addFertilizer(fdm, owner, farmId, {
    catalogueItemId: "rvo_14",
    acquiringDate: new Date("2025-01-01"),
  });
  const renureId = await addFertilizer(fdm, owner, farmId, {
    custom: {
      name: "Ammoniumsulfaat uit mest",
      typeRvo: 130,
      form: "liquid",
      n: 80,
      p2o5: 0,
      applicationMethods: ["broadcasting"],
    },
    acquiringDate: new Date("2025-12-01"),
  });
  const held = await getFertilizers(fdm, owner, farmId);
  slurry = held.find((f) => f.id === slurryId) as Fertilizer;
  renure = held.find((f) => f.id === renureId) as Fertilizer;
}, 120_000);

afterAll(async () => {
  if (fdm) await closeFdm(fdm);
});

/** fdm-core's fertilizer as the calculations take it: its typeRvo untouched. */
const asInput = (f: Fertilizer): NormsFertilizer => ({
  id: f.catalogueItemId,
  typeRvo: f.typeRvo,
  composition: { n: f.n, p2o5: f.p2o5, k2o: f.k2o, so3: f.so3, mgo: f.mgo, cao: f.cao },
});

const field = (
  year: number,
  applications: NormsFieldInput["applications"],
): NormsFieldInput & { year: number } => ({
  fieldId: "weide",
  area: 1,
  region: "zand_nwc",
  isNVGebied: false,
  hasGrazingIntention: true,
  isOrganicCertified: false,
  isGWBG: false,
  isNatura2000: false,
  isDerogatievrijeZone: false,
  hasDerogation: false,
  cultivations: [{ cultivationId: "nl_265", startDate: new Date("2015-01-01") }],
  applications,
  year,
});

describe("fdm-core's typeRvo in fdm-calculator", () => {
  it("is a number in every read of fdm-core, the one read as JSON in SQL included", async () => {
    expect(slurry.typeRvo).toBe(14);
    expect(renure.typeRvo).toBe(130);
    const records = await getFarmRecords(fdm, owner, farmId);
    expect(records.fertilizers.map((f) => f.typeRvo).sort((a, b) => a - b)).toEqual([14, 130]);
    const items = await getFertilizersFromCatalogue(fdm, owner, farmId);
    expect(items.find((item) => item.itemId === "rvo_14")?.typeRvo).toBe(14);
  });

  it("gives calculateDose the cattle slurry's Table 11 contents", () => {
    // 30 t/ha × 4.0 kg N/t and 1.5 kg P2O5/t (Table 11, mestcode 14); effective N at 45 %
    // (Table 9: slurry of grazing animals from the farm itself, a farm that grazes).
    const dose = calculateDose(
      field(2025, [
        {
          id: "a1",
          date: new Date("2025-03-15"),
          amount: 30_000,
          origin: "eigen_bedrijf",
          fertilizer: asInput(slurry),
        },
      ]),
    );
    expect([dose.n, dose.p2o5, dose.nEffective]).toEqual([120, 45, 54]);
  });

  it("counts it for the dierlijke-mest norm of 2025 and the RENURE norm of 2026", () => {
    const manure = calculateDierlijkeMestGebruiksNormFilling(
      2025,
      field(2025, [
        {
          date: new Date("2025-03-15"),
          amount: 30_000,
          origin: "eigen_bedrijf",
          fertilizer: asInput(slurry),
        },
      ]),
    );
    expect(manure.normFilling).toBe(120); // 30 t × 4.0 kg N/t
    const renureFilling = calculateRenureGebruiksNormFilling(
      2026,
      field(2026, [{ date: new Date("2026-04-01"), amount: 400, fertilizer: asInput(renure) }]),
    );
    expect(renureFilling.normFilling).toBe(32); // 400 kg × 80 g N/kg
  });

  it("says what it got when the code comes as text or as a number of no table", () => {
    const withCode = (typeRvo: unknown) => () =>
      calculateDose(
        field(2025, [
          {
            id: "a1",
            date: new Date("2025-03-15"),
            amount: 30_000,
            origin: "eigen_bedrijf",
            fertilizer: { ...asInput(slurry), typeRvo: typeRvo as never },
          },
        ]),
      );
    expect(withCode("14")).toThrow(FdmCalculatorError);
    expect(withCode("14")).toThrow(
      /^Field "weide": application a1 has typeRvo "14" \(a string; give the number 14\)$/,
    );
    expect(withCode(999)).toThrow(
      /^Field "weide": application a1 has typeRvo 999, which is not an RVO mestcode of Table 11 \(Uitvoeringsregeling Meststoffenwet\) for 2025$/,
    );
    // RENURE's 130 is a mestcode of 2026's Table 11, not of 2025's.
    expect(withCode(renure.typeRvo)).toThrow(
      /has typeRvo 130, which is not an RVO mestcode of Table 11 .* for 2025$/,
    );
  });
});
