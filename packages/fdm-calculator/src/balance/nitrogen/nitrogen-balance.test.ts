import type { Mestcode } from "fdm-data";
import { describe, expect, it } from "vitest";
import { FdmCalculatorError } from "../../errors.js";
import { getNormYears } from "../../norms/nl/norms.js";
import { calculateNitrogenBalance } from "./nitrogen-balance.js";
import type {
  NitrogenBalanceApplication,
  NitrogenBalanceEmissionFactors,
  NitrogenBalanceFieldInput,
  NitrogenBalanceInput,
  NitrogenBalanceSurplusTarget,
} from "./types.js";

// Test figures, chosen for easy arithmetic; they stand for a caller's own tables.
const factors: NitrogenBalanceEmissionFactors = {
  source: "test table",
  fertilizers: [
    { type: "manure", method: "shallow_injection", factor: 0.1 },
    { type: "mineral", method: "broadcasting", factor: 0.02 },
    { type: "compost", method: "broadcasting", factor: 0.01 },
  ],
  cropResidue: 0.05,
};
const targets: NitrogenBalanceSurplusTarget[] = [
  { soilType: "klei", groundwaterClass: "VI", target: 100, source: "test targets" },
  { soilType: "klei", groundwaterClass: null, target: 150, source: "test targets" },
  { soilType: "zand_nwc", groundwaterClass: null, target: 120, source: "test targets" },
];
const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };

const can = (id: string, date: string, amount: number): NitrogenBalanceApplication => ({
  id,
  date: new Date(date),
  amount,
  method: "broadcasting",
  fertilizer: {
    id: "baat_028",
    typeRvo: 115,
    isMineral: true,
    isManure: false,
    isCompost: false,
    composition: { n: 270 },
  },
});

/** Grassland on klei, Gt VI, 10 ha, with slurry, CAN and compost. */
function grassField(): NitrogenBalanceFieldInput {
  return {
    id: "grass",
    area: 10,
    soilType: "klei",
    groundwaterClass: "VI",
    deposition: 25,
    mineralization: 60,
    nitrateLeachingFraction: 0.11,
    cultivations: [
      {
        id: "c-grass",
        cultivationId: "nl_265",
        rotation: "grassland",
        startDate: new Date("2020-01-01"),
        nitrogenFixation: null,
        nitrogenContentHarvest: 30,
        residueNitrogen: 10,
        harvests: [
          { id: "h1", date: new Date("2025-05-20"), yield: 4000, nContent: 35 },
          { id: "h2", date: new Date("2025-07-15"), yield: 3000, nContent: null },
        ],
      },
    ],
    applications: [
      {
        id: "a-slurry",
        date: new Date("2025-03-01"),
        amount: 30000,
        method: "shallow_injection",
        fertilizer: {
          id: "rvo_14",
          typeRvo: 14,
          isMineral: false,
          isManure: true,
          isCompost: false,
          composition: { n: null },
        },
      },
      can("a-can", "2025-04-01", 300),
      {
        id: "a-compost",
        date: new Date("2025-06-01"),
        amount: 10000,
        method: "broadcasting",
        fertilizer: {
          id: "my-compost",
          typeRvo: 111,
          isMineral: false,
          isManure: false,
          isCompost: true,
          composition: { n: 6 },
        },
      },
    ],
  };
}

/** Winter wheat on zand_nwc, 30 ha, straw taken off. */
function wheatField(): NitrogenBalanceFieldInput {
  return {
    id: "wheat",
    area: 30,
    soilType: "zand_nwc",
    groundwaterClass: null,
    deposition: 20,
    mineralization: 40,
    nitrateLeachingFraction: 0.44,
    cultivations: [
      {
        id: "c-wheat",
        cultivationId: "nl_233",
        rotation: "cereal",
        startDate: new Date("2024-10-15"),
        endDate: new Date("2025-08-05"),
        nitrogenFixation: null,
        nitrogenContentHarvest: 19,
        residueNitrogen: 15,
        harvests: [{ id: "h-grain", date: new Date("2025-08-05"), yield: 8000, nContent: null }],
        residueRemovals: [
          { id: "r-straw", date: new Date("2025-08-06"), amount: 4000, nContent: 5 },
        ],
      },
    ],
    applications: [can("a-can", "2025-03-10", 500)],
  };
}

const farm = (fields: NitrogenBalanceFieldInput[], extra: Partial<NitrogenBalanceInput> = {}) =>
  calculateNitrogenBalance({
    timeframe: year,
    fields,
    emissionFactors: factors,
    surplusTargets: targets,
    ...extra,
  });

/** The item at `index`, failing the test when it is absent. */
function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

function expectError(input: NitrogenBalanceInput, code: string, message: RegExp) {
  try {
    calculateNitrogenBalance(input);
  } catch (error) {
    expect(error).toBeInstanceOf(FdmCalculatorError);
    expect((error as FdmCalculatorError).code).toBe(code);
    expect((error as Error).message).toMatch(message);
    return;
  }
  throw new Error("expected calculateNitrogenBalance to throw");
}

describe("calculateNitrogenBalance: a complete field", () => {
  const result = farm([grassField()]);
  const field = at(result.fields, 0);

  it("splits the fertilizer supply by type", () => {
    // slurry: 30000 kg × 4 g/kg (Table 11 forfaitair, mestcode 14) / 1000 = 120
    // CAN: 300 × 270 / 1000 = 81; compost: 10000 × 6 / 1000 = 60
    expect(field.supply.fertilizers).toEqual({
      total: 261,
      mineral: 81,
      manure: 120,
      compost: 60,
      other: 0,
    });
    expect(at(field.applications, 0)).toMatchObject({
      applicationId: "a-slurry",
      type: "manure",
      nContent: 4,
      nContentSource: "forfaitair",
      supply: 120,
    });
  });

  it("adds deposition and mineralization for one year and no fixation for grass", () => {
    // 261 + 0 + 25 + 60 = 346
    expect(field.supply.fixation).toBe(0);
    expect(field.supply.deposition).toBe(25);
    expect(field.supply.mineralization).toBe(60);
    expect(field.supply.total).toBe(346);
  });

  it("removes the N of each harvest, with the crop's N content where the harvest has none", () => {
    // h1: 4000 × 35 / 1000 = 140; h2: 3000 × 30 (nitrogenContentHarvest) / 1000 = 90
    expect(field.harvests.map((h) => h.removal)).toEqual([140, 90]);
    expect(field.removal).toEqual({ total: 230, harvests: 230, residues: 0 });
  });

  it("emits ammonia by type and method and from residues", () => {
    // slurry 120 × 0.1 = 12; CAN 81 × 0.02 = 1.62; compost 60 × 0.01 = 0.6; residues 10 × 0.05 = 0.5
    expect(field.emission.fertilizers.manure).toBeCloseTo(12, 10);
    expect(field.emission.fertilizers.mineral).toBeCloseTo(1.62, 10);
    expect(field.emission.fertilizers.compost).toBeCloseTo(0.6, 10);
    expect(field.emission.residues).toBeCloseTo(0.5, 10);
    expect(field.emission.total).toBeCloseTo(14.72, 10);
  });

  it("gives the balance and compares it with the target of klei, Gt VI", () => {
    // 346 − 230 − 14.72 = 101.28 > 100
    expect(field.balance).toBeCloseTo(101.28, 10);
    expect(field.target).toEqual({ value: 100, source: "test targets" });
    expect(field.overTarget).toBe(true);
    expect(field.complete).toBe(true);
    expect(field.missing).toEqual([]);
    expect(result.emissionFactorSource).toBe("test table");
  });
});

describe("calculateNitrogenBalance: the farm", () => {
  const result = farm([grassField(), wheatField()]);
  const wheat = at(result.fields, 1);

  it("computes the wheat field with straw taken off", () => {
    // supply 135 + 0 + 20 + 40 = 195; removal 8000 × 19 / 1000 = 152 plus straw 4000 × 5 / 1000 = 20
    // emission 135 × 0.02 = 2.7 plus residues 15 × 0.05 = 0.75; balance 195 − 172 − 3.45 = 19.55
    expect(wheat.supply.total).toBe(195);
    expect(wheat.removal).toEqual({ total: 172, harvests: 152, residues: 20 });
    expect(wheat.emission.total).toBeCloseTo(3.45, 10);
    expect(wheat.balance).toBeCloseTo(19.55, 10);
    expect(wheat.target?.value).toBe(120);
    expect(wheat.overTarget).toBe(false);
  });

  it("weighs the fields by area", () => {
    // 10 ha grass, 30 ha wheat
    // supply (346 × 10 + 195 × 30) / 40 = 232.75; mineral (81 × 10 + 135 × 30) / 40 = 121.5
    // manure (120 × 10) / 40 = 30; removal (230 × 10 + 172 × 30) / 40 = 186.5
    // emission (14.72 × 10 + 3.45 × 30) / 40 = 6.2675; balance (101.28 × 10 + 19.55 × 30) / 40 = 39.9825
    expect(result.area).toBe(40);
    expect(result.days).toBe(365);
    expect(result.supply.total).toBeCloseTo(232.75, 10);
    expect(result.supply.fertilizers.mineral).toBeCloseTo(121.5, 10);
    expect(result.supply.fertilizers.manure).toBeCloseTo(30, 10);
    expect(result.removal.total).toBeCloseTo(186.5, 10);
    expect(result.emission.total).toBeCloseTo(6.2675, 10);
    expect(result.balance).toBeCloseTo(39.9825, 10);
    expect(result.complete).toBe(true);
  });
});

describe("calculateNitrogenBalance: fixation, timeframe and N contents", () => {
  it("counts a legume's fixation once per cultivation", () => {
    const field = wheatField();
    field.cultivations = [
      {
        id: "c-peas",
        cultivationId: "nl_244",
        rotation: "legume",
        startDate: new Date("2025-04-01"),
        endDate: new Date("2025-07-31"),
        nitrogenFixation: 150,
        nitrogenContentHarvest: 40,
        residueNitrogen: 0,
        harvests: [{ id: "h-peas", date: new Date("2025-07-31"), yield: 4000, nContent: null }],
      },
    ];
    field.applications = [];
    const result = at(farm([field]).fields, 0);
    // supply 0 + 150 + 20 + 40 = 210; removal 4000 × 40 / 1000 = 160; emission 0; balance 50
    expect(result.supply.fixation).toBe(150);
    expect(result.balance).toBe(50);
    expect(at(result.cultivations, 0)).toEqual({
      id: "c-peas",
      cultivationId: "nl_244",
      fixation: 150,
      residueEmission: 0,
    });
  });

  it("scales yearly figures and the target to the timeframe", () => {
    const field: NitrogenBalanceFieldInput = {
      id: "winter",
      area: 1,
      soilType: "klei",
      deposition: 73,
      mineralization: 36.5,
      cultivations: [],
      applications: [],
    };
    // 2025-01-01 to 2025-03-31 is 90 days: 73 × 90 / 365 = 18; 36.5 × 90 / 365 = 9; target 150 × 90 / 365 = 36.986…
    const result = farm([field], {
      timeframe: { start: new Date("2025-01-01"), end: new Date("2025-03-31") },
    });
    expect(result.days).toBe(90);
    expect(at(result.fields, 0).supply.deposition).toBeCloseTo(18, 10);
    expect(at(result.fields, 0).supply.mineralization).toBeCloseTo(9, 10);
    expect(at(result.fields, 0).balance).toBeCloseTo(27, 10);
    expect(at(result.fields, 0).target?.value).toBeCloseTo((150 * 90) / 365, 10);
  });

  it("lists kunstmest without a recorded N content as missing, never as 0", () => {
    const field = wheatField();
    const application = can("a-pk", "2025-03-01", 400);
    application.fertilizer.composition = { n: null };
    field.applications = [application];
    const result = at(farm([field]).fields, 0);
    expect(at(result.applications, 0)).toMatchObject({
      nContent: null,
      nContentSource: null,
      supply: null,
    });
    expect(result.missing.map((m) => [m.item, m.ref])).toContainEqual([
      "fertilizerNContent",
      "a-pk",
    ]);
    expect(result.supply.fertilizers.mineral).toBeNull();
    expect(result.complete).toBe(false);
  });

  it("lists an emission as missing with the caller's reason when it gives emissionFactorMissing", () => {
    const field = wheatField();
    const application = can("a-why", "2025-03-01", 400);
    application.emissionFactorMissing = 'fertilizer "x" has no ammonium N figure; give its nNh4';
    field.applications = [application];
    const result = at(farm([field]).fields, 0);
    expect(result.missing).toContainEqual({
      fieldId: field.id,
      item: "fertilizerEmissionFactor",
      ref: "a-why",
      reason: 'fertilizer "x" has no ammonium N figure; give its nNh4',
    });
    expect(at(result.applications, 0).emission).toBeNull();
    application.emissionFactorMissing = " ";
    expect(() => farm([field])).toThrow(
      `Field "${field.id}": emissionFactorMissing of application "a-why" must be a non-empty text or null`,
    );
  });
});

describe("calculateNitrogenBalance: figures of the application, cultivation and field itself", () => {
  const field = (harvestYield: number, deposition: number): NitrogenBalanceFieldInput => ({
    id: "own",
    area: 1,
    deposition,
    depositionSource: "national average",
    mineralization: 0,
    nitrateLeachingFraction: 0.5,
    surplusTarget: { value: 80, source: "own target" },
    cultivations: [
      {
        id: "c-grass",
        cultivationId: "nl_265",
        rotation: "grassland",
        startDate: new Date("2020-01-01"),
        nitrogenFixation: null,
        nitrogenContentHarvest: 30,
        residueNitrogen: 10,
        residueEmissionFactor: 0.2,
        harvests: [{ id: "h", date: new Date("2025-06-01"), yield: harvestYield, nContent: null }],
      },
    ],
    applications: [{ ...can("a-can", "2025-03-01", 500), emissionFactor: 0.05 }],
  });

  it("uses them over the tables, and leaches part of a positive balance as nitrate", () => {
    const result = farm([field(2000, 20)]);
    const f = at(result.fields, 0);
    // CAN 500 × 270 / 1000 = 135 N; × 0.05 (its own factor, not the table's 0.02) = 6.75
    expect(at(f.applications, 0).emissionFactor).toBe(0.05);
    expect(f.emission.fertilizers.mineral).toBeCloseTo(6.75, 10);
    // residues 10 × 0.2 (its own factor, not 0.05) = 2
    expect(f.emission.residues).toBeCloseTo(2, 10);
    // supply 135 + 20 = 155; removal 2000 × 30 / 1000 = 60; balance 155 − 60 − 8.75 = 86.25
    expect(f.balance).toBeCloseTo(86.25, 10);
    // nitrate 86.25 × 0.5 = 43.125; the balance keeps it
    expect(f.nitrateLeaching).toBeCloseTo(43.125, 10);
    expect(result.nitrateLeaching).toBeCloseTo(43.125, 10);
    expect(f.target).toEqual({ value: 80, source: "own target" });
    expect(f.overTarget).toBe(true);
    expect(f.depositionSource).toBe("national average");
    expect(f.complete).toBe(true);
    expect(f.missing).toEqual([]);
  });

  it("leaches nothing from a deficit", () => {
    // supply 135 + 0; removal 6000 × 30 / 1000 = 180; balance 135 − 180 − 8.75 = −53.75
    const f = at(farm([field(6000, 0)]).fields, 0);
    expect(f.balance).toBeCloseTo(-53.75, 10);
    expect(f.nitrateLeaching).toBe(0);
  });

  it("lists an unknown leaching fraction without making the field incomplete", () => {
    const f = at(farm([{ ...field(2000, 20), nitrateLeachingFraction: null }]).fields, 0);
    expect(f.nitrateLeaching).toBeNull();
    expect(f.complete).toBe(true);
    expect(f.missing.map((m) => m.item)).toEqual(["nitrateLeachingFraction"]);
  });

  it("rejects a factor or fraction outside 0–1 and a target without a source", () => {
    const bad = field(2000, 20);
    const app = at(bad.applications, 0);
    expectError(
      { timeframe: year, fields: [{ ...bad, applications: [{ ...app, emissionFactor: 1.5 }] }] },
      "INVALID_INPUT",
      /emissionFactor of application "a-can" must be a fraction from 0 to 1/,
    );
    expectError(
      { timeframe: year, fields: [{ ...bad, nitrateLeachingFraction: -0.1 }] },
      "INVALID_INPUT",
      /nitrateLeachingFraction must be a fraction/,
    );
    expectError(
      { timeframe: year, fields: [{ ...bad, surplusTarget: { value: 80, source: " " } }] },
      "INVALID_INPUT",
      /surplusTarget.source must name/,
    );
  });
});

describe("calculateNitrogenBalance: missing inputs", () => {
  it("lists each missing input, leaves its components null and marks field and farm incomplete", () => {
    const field = grassField();
    field.deposition = null;
    at(at(field.cultivations, 0).harvests, 1).yield = null;
    at(field.applications, 1).method = null;
    field.applications.push({
      id: "a-other",
      date: new Date("2025-08-01"),
      amount: 1000,
      method: "broadcasting",
      fertilizer: {
        id: "unknown-product",
        typeRvo: 116,
        isMineral: false,
        isManure: false,
        isCompost: false,
        composition: { n: null },
      },
    });
    const result = farm([field, wheatField()]);
    const grass = at(result.fields, 0);
    expect(grass.missing.map((m) => [m.item, m.ref])).toEqual([
      ["applicationMethod", "a-can"],
      ["fertilizerNContent", "a-other"],
      ["fertilizerEmissionFactor", "a-other"],
      ["harvestYield", "h2"],
      ["deposition", null],
    ]);
    expect(grass.missing.every((m) => m.fieldId === "grass" && m.reason.length > 0)).toBe(true);
    expect(grass.supply.deposition).toBeNull();
    expect(grass.supply.fertilizers.other).toBeNull();
    expect(grass.supply.fertilizers.manure).toBe(120);
    expect(grass.supply.total).toBeNull();
    expect(grass.removal.harvests).toBeNull();
    expect(at(grass.harvests, 0).removal).toBe(140);
    expect(grass.emission.fertilizers.mineral).toBeNull();
    expect(grass.balance).toBeNull();
    expect(grass.overTarget).toBeNull();
    expect(grass.complete).toBe(false);
    expect(result.complete).toBe(false);
    expect(result.balance).toBeNull();
    expect(result.supply.fertilizers.manure).toBeCloseTo(30, 10);
    expect(result.missing).toHaveLength(5);
    expect(at(result.fields, 1).complete).toBe(true);
  });

  it("lists every emission when no emission factors are given", () => {
    const result = at(farm([wheatField()], { emissionFactors: null }).fields, 0);
    expect(result.missing.map((m) => m.item)).toEqual([
      "fertilizerEmissionFactor",
      "residueEmissionFactor",
    ]);
    expect(result.emission.total).toBeNull();
    expect(result.supply.total).toBe(195);
    expect(result.complete).toBe(false);
  });

  it("lists a legume without fixation, unknown residue N and unknown mineralization", () => {
    const field = wheatField();
    field.mineralization = null;
    at(field.cultivations, 0).rotation = "legume";
    at(field.cultivations, 0).residueNitrogen = undefined;
    const result = at(farm([field]).fields, 0);
    expect(result.missing.map((m) => m.item)).toEqual([
      "nitrogenFixation",
      "residueNitrogen",
      "mineralization",
    ]);
    expect(result.supply.fixation).toBeNull();
    expect(result.emission.residues).toBeNull();
  });

  it("lists a missing harvest N content and residue-removal figures", () => {
    const field = wheatField();
    at(field.cultivations, 0).nitrogenContentHarvest = null;
    at(field.cultivations, 0).residueRemovals = [
      { id: "r1", date: new Date("2025-08-06"), amount: null, nContent: null },
    ];
    const result = at(farm([field]).fields, 0);
    expect(result.missing.map((m) => [m.item, m.ref])).toEqual([
      ["harvestNContent", "h-grain"],
      ["residueRemovalAmount", "r1"],
      ["residueRemovalNContent", "r1"],
    ]);
    expect(result.removal.total).toBeNull();
  });

  it("lists a missing target without making the balance incomplete", () => {
    const result = at(farm([wheatField()], { surplusTargets: null }).fields, 0);
    expect(result.missing.map((m) => m.item)).toEqual(["surplusTarget"]);
    expect(result.target).toBeNull();
    expect(result.overTarget).toBeNull();
    expect(result.complete).toBe(true);
    expect(result.balance).toBeCloseTo(19.55, 10);
  });
});

describe("calculateNitrogenBalance: bad input", () => {
  const input = (change: (field: NitrogenBalanceFieldInput) => void): NitrogenBalanceInput => {
    const field = wheatField();
    change(field);
    return { timeframe: year, fields: [field], emissionFactors: factors };
  };

  it("rejects a negative amount", () => {
    expectError(
      input((f) => {
        at(f.applications, 0).amount = -5;
      }),
      "INVALID_INPUT",
      /Field "wheat": amount of application "a-can" \(kg\/ha\) must be a number of at least 0/,
    );
  });

  it("rejects an application outside the timeframe", () => {
    expectError(
      input((f) => {
        at(f.applications, 0).date = new Date("2026-01-01");
      }),
      "DATE_OUTSIDE_TIMEFRAME",
      /Field "wheat": application "a-can" is dated 2026-01-01, outside the timeframe 2025-01-01 to 2025-12-31/,
    );
  });

  it("rejects a harvest outside the timeframe and a cultivation not on the field in it", () => {
    expectError(
      input((f) => {
        at(at(f.cultivations, 0).harvests, 0).date = new Date("2024-12-31");
      }),
      "DATE_OUTSIDE_TIMEFRAME",
      /harvest "h-grain" of cultivation "c-wheat" is dated 2024-12-31/,
    );
    expectError(
      input((f) => {
        at(f.cultivations, 0).startDate = new Date("2023-10-01");
        at(f.cultivations, 0).endDate = new Date("2024-08-01");
      }),
      "DATE_OUTSIDE_TIMEFRAME",
      /cultivation "c-wheat" \(2023-10-01 to 2024-08-01\) is not on the field during the timeframe/,
    );
  });

  it("rejects an unknown application method", () => {
    expectError(
      input((f) => {
        (at(f.applications, 0) as { method: string }).method = "helicopter";
      }),
      "UNKNOWN_APPLICATION_METHOD",
      /Field "wheat": application "a-can" has method "helicopter"/,
    );
  });

  it("rejects a fertilizer with two type flags and an unknown mestcode", () => {
    expectError(
      input((f) => {
        at(f.applications, 0).fertilizer.isManure = true;
      }),
      "INVALID_INPUT",
      /has isMineral and isManure; a fertilizer counts as one type only/,
    );
    expectError(
      input((f) => {
        at(f.applications, 0).fertilizer.typeRvo = 999 as never;
      }),
      "UNKNOWN_MESTCODE",
      /Field "wheat": application "a-can" has typeRvo 999/,
    );
  });

  it("rejects an area of 0, a negative yield and a duplicate field", () => {
    expectError(
      input((f) => {
        f.area = 0;
      }),
      "INVALID_INPUT",
      /Field "wheat": area must be above 0 ha/,
    );
    expectError(
      input((f) => {
        at(at(f.cultivations, 0).harvests, 0).yield = -1;
      }),
      "INVALID_INPUT",
      /yield of harvest "h-grain" of cultivation "c-wheat" \(kg DM\/ha\) must be null or a number of at least 0/,
    );
    expectError(
      { timeframe: year, fields: [wheatField(), wheatField()] },
      "INVALID_INPUT",
      /Field "wheat": the field id appears twice/,
    );
  });

  it("rejects a reversed timeframe and an emission factor above 1", () => {
    expectError(
      { timeframe: { start: year.end, end: year.start }, fields: [] },
      "INVALID_INPUT",
      /timeframe.end \(2025-01-01\) lies before timeframe.start \(2025-12-31\)/,
    );
    expectError(
      {
        timeframe: year,
        fields: [],
        emissionFactors: {
          source: "x",
          fertilizers: [{ type: "mineral", method: "broadcasting", factor: 2 }],
        },
      },
      "INVALID_INPUT",
      /emissionFactors.fertilizers\[0\].factor must be a fraction from 0 to 1/,
    );
  });
});

describe("calculateNitrogenBalance: Table 11 of the application's year", () => {
  // reference/nl-2026/mestcodes-2026.csv: 130 Ammoniumsulfaat (Renure), no forfaitaire N;
  // 14 runderdrijfmest 4 kg N/ton in 2025 and 2026.
  const bare = (date: string, typeRvo: Mestcode, n: number | null): NitrogenBalanceInput => ({
    timeframe: {
      start: new Date(`${date.slice(0, 4)}-01-01`),
      end: new Date(`${date.slice(0, 4)}-12-31`),
    },
    fields: [
      {
        id: "f",
        area: 1,
        deposition: 0,
        mineralization: 0,
        cultivations: [],
        applications: [
          {
            id: "a",
            date: new Date(date),
            amount: 400,
            method: null,
            fertilizer: {
              id: "p",
              typeRvo,
              isMineral: true,
              isManure: false,
              isCompost: false,
              composition: { n },
            },
          },
        ],
      },
    ],
  });

  it("reads a RENURE mestcode in a 2026 balance: 400 kg × 80 g N/kg = 32 kg N/ha, measured", () => {
    const f = calculateNitrogenBalance(bare("2026-04-15", 130, 80)).fields[0];
    expect(f?.supply.fertilizers.mineral).toBe(32);
    expect(f?.applications[0]?.nContentSource).toBe("measured");
  });

  it("a RENURE mestcode dated 2025 is not in that year's Table 11", () => {
    expect(() => calculateNitrogenBalance(bare("2025-04-15", 130, 80))).toThrow(
      /typeRvo 130, which is not an RVO mestcode of Table 11 .* for 2025/,
    );
  });

  it("a year without RVO tables is an error naming the supported years", () => {
    const run = () => calculateNitrogenBalance(bare("2024-04-15", 14, null));
    expect(run).toThrow(FdmCalculatorError);
    expect(run).toThrow(
      `year 2024 has no RVO tables in fdm-calculator; the supported years are ${getNormYears().join(", ")}`,
    );
  });
});
