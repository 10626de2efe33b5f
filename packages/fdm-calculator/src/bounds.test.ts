// Hole 7 of issue 11: every amount and measurement a public function accepts has a physical
// upper bound; a figure beyond it is refused with an error naming the input and the bound, and
// no result is Infinity or absurd.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The functions come from the public entry, so that a move inside the package leaves this test be.
import {
  calculateDierlijkeMestGebruiksNormFilling,
  calculateDose,
  calculateFosfaatGebruiksNormFilling,
  calculateGebruiksnormenForFarm,
  calculateNitrogenBalance,
  calculateStikstofGebruiksNormFilling,
  type DerogationFlags,
  FdmCalculatorError,
  getDierlijkeMestGebruiksNorm,
  getFosfaatGebruiksNorm,
  getStikstofGebruiksNorm,
  type NitrogenBalanceFieldInput,
  type NitrogenBalanceInput,
  type NormsFieldInput,
  NutrientAdviceError,
  OutOfBoundsError,
  PHYSICAL_BOUNDS,
  requestNutrientAdvice,
} from "./index.js";
import { apply, crop, field } from "./norms/nl/test-fields.js";

/** Runs `fn`, expects a refusal naming `input` and the bound's maximum and unit. */
function expectOutOfBounds(
  fn: () => unknown,
  input: string,
  boundName: keyof typeof PHYSICAL_BOUNDS,
) {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(OutOfBoundsError);
  expect(error).toBeInstanceOf(FdmCalculatorError);
  const e = error as OutOfBoundsError;
  const bound = PHYSICAL_BOUNDS[boundName];
  expect(e).toMatchObject({ code: "INVALID_INPUT", input, boundName, bound });
  expect(e.message).toContain(input);
  expect(e.message).toContain(`${boundName}`);
  expect(e.message).toMatch(
    new RegExp(`at (most|least) ${bound.max > 0 && e.value > bound.max ? bound.max : bound.min} `),
  );
  expect(e.message).toContain(bound.unit);
  return e;
}

// Grassland on klei with a cattle-slurry application: a field every 2025 function accepts.
const grass = (overrides: Partial<NormsFieldInput & DerogationFlags> = {}) =>
  field({
    cultivations: [crop("nl_265", "2020-01-01")],
    soilPhosphate: { pCaCl2: 2.0, pAl: 40 },
    applications: [apply("2025-03-10", 25_000, 14, { origin: "eigen_bedrijf" })],
    ...overrides,
  });

describe("2025 norms and filling refuse figures beyond the physical bounds", () => {
  it("dierlijke-mest filling with an amount of 1e308 is refused, not Infinity", () => {
    const input = grass({
      applications: [apply("2025-03-10", 1e308, 14, { origin: "eigen_bedrijf" })],
    });
    const e = expectOutOfBounds(
      () => calculateDierlijkeMestGebruiksNormFilling(2025, input),
      "amount of application 0",
      "applicationAmount",
    );
    expect(e.fieldId).toBe("field-1");
    expect(e.message).toMatch(
      /^Field "field-1": amount of application 0 is 1e\+308 kg\/ha; it must be at most 200000 kg\/ha/,
    );
  });

  it("phosphate filling with 1.5e305-sized amounts and contents is refused", () => {
    const input = grass({
      applications: [
        apply("2025-03-10", 1e305, 10, { origin: "aangevoerd", composition: { p2o5: 1.5e3 } }),
      ],
    });
    expectOutOfBounds(
      () => calculateFosfaatGebruiksNormFilling(2025, input),
      "amount of application 0",
      "applicationAmount",
    );
    const content = grass({
      applications: [
        apply("2025-03-10", 10_000, 10, { origin: "aangevoerd", composition: { p2o5: 1.5e3 } }),
      ],
    });
    expectOutOfBounds(
      () => calculateFosfaatGebruiksNormFilling(2025, content),
      "composition.p2o5 of application 0",
      "fertilizerContent",
    );
  });

  it.each(["n", "p2o5", "k2o", "so3", "mgo", "cao"] as const)(
    "a %s content above 1,000 g/kg is refused",
    (key) => {
      const input = grass({
        applications: [apply("2025-04-01", 300, 115, { composition: { n: 270, [key]: 1000.5 } })],
      });
      expectOutOfBounds(
        () => calculateStikstofGebruiksNormFilling(2025, input),
        `composition.${key} of application 0`,
        "fertilizerContent",
      );
    },
  );

  it("a soil P of 1e9 is refused instead of giving a normal-looking norm", () => {
    expectOutOfBounds(
      () => getFosfaatGebruiksNorm(2025, grass({ soilPhosphate: { pCaCl2: 1e9, pAl: 40 } })),
      "soilPhosphate.pCaCl2",
      "soilPCaCl2",
    );
    expectOutOfBounds(
      () => getFosfaatGebruiksNorm(2025, grass({ soilPhosphate: { pCaCl2: 2, pAl: 1e9 } })),
      "soilPhosphate.pAl",
      "soilPAl",
    );
  });

  it("an area above 10,000 ha is refused by every norm and by the farm total", () => {
    const big = grass({ area: 1e7 });
    expectOutOfBounds(() => getStikstofGebruiksNorm(2025, big), "area", "fieldArea");
    expectOutOfBounds(() => getDierlijkeMestGebruiksNorm(2025, big), "area", "fieldArea");
    expectOutOfBounds(
      () => calculateGebruiksnormenForFarm(2025, [grass(), { ...big, fieldId: "field-2" }]),
      "area",
      "fieldArea",
    );
  });

  it("figures at the bounds are accepted and give finite results", () => {
    const { max: amount } = PHYSICAL_BOUNDS.applicationAmount;
    const input = grass({
      area: PHYSICAL_BOUNDS.fieldArea.max,
      soilPhosphate: { pCaCl2: PHYSICAL_BOUNDS.soilPCaCl2.max, pAl: PHYSICAL_BOUNDS.soilPAl.max },
      applications: [
        apply("2025-03-10", amount, 14, {
          origin: "eigen_bedrijf",
          composition: { n: 1000, p2o5: 1000 },
        }),
      ],
    });
    // amount × content / 1000 = 200,000 kg N/ha: absurd farming, but a finite figure from physical inputs.
    expect(calculateDierlijkeMestGebruiksNormFilling(2025, input).normFilling).toBe(200_000);
    expect(calculateFosfaatGebruiksNormFilling(2025, input).normFilling).toBe(200_000);
    expect(getFosfaatGebruiksNorm(2025, input).fosfaatklasse).toBe("Hoog");
  });
});

describe("calculateDose refuses figures beyond the physical bounds", () => {
  const doseInput = {
    fieldId: "field-1",
    region: "klei" as const,
    hasGrazingIntention: false,
    cultivations: [crop("nl_265", "2020-01-01")],
  };
  it("an amount of 1e308 and a content of 5,000 g/kg are refused", () => {
    expectOutOfBounds(
      () =>
        calculateDose({
          ...doseInput,
          applications: [apply("2025-04-01", 1e308, 115, { composition: { n: 270 } })],
        }),
      "amount of application 0",
      "applicationAmount",
    );
    expectOutOfBounds(
      () =>
        calculateDose({
          ...doseInput,
          applications: [apply("2025-04-01", 300, 115, { composition: { n: 270, cao: 5000 } })],
        }),
      "composition.cao of application 0",
      "fertilizerContent",
    );
  });
});

describe("calculateNitrogenBalance refuses figures beyond the physical bounds", () => {
  function balanceField(): NitrogenBalanceFieldInput {
    return {
      id: "f1",
      area: 10,
      soilType: "klei",
      groundwaterClass: null,
      deposition: 25,
      mineralization: 60,
      cultivations: [
        {
          id: "c1",
          cultivationId: "nl_233",
          rotation: "cereal",
          startDate: new Date("2024-10-15"),
          endDate: new Date("2025-08-05"),
          nitrogenFixation: null,
          nitrogenContentHarvest: 19,
          residueNitrogen: 15,
          harvests: [{ id: "h1", date: new Date("2025-08-05"), yield: 8000, nContent: null }],
          residueRemovals: [{ id: "r1", date: new Date("2025-08-06"), amount: 4000, nContent: 5 }],
        },
      ],
      applications: [
        {
          id: "a1",
          date: new Date("2025-03-10"),
          amount: 500,
          method: "broadcasting",
          fertilizer: {
            id: "can",
            typeRvo: 115,
            isMineral: true,
            isManure: false,
            isCompost: false,
            composition: { n: 270 },
          },
        },
      ],
    };
  }
  const balance =
    (change: (f: NitrogenBalanceFieldInput) => void, extra: Partial<NitrogenBalanceInput> = {}) =>
    () => {
      const f = balanceField();
      change(f);
      return calculateNitrogenBalance({
        timeframe: { start: new Date("2025-01-01"), end: new Date("2025-12-31") },
        fields: [f],
        ...extra,
      });
    };
  const cultivation = (f: NitrogenBalanceFieldInput) => {
    const c = f.cultivations[0];
    if (!c) throw new Error("no cultivation");
    return c;
  };

  it("the unchanged field gives a finite balance", () => {
    const result = balance(() => {})();
    expect(result.fields[0]?.supply.fertilizers.total).toBe(135);
  });

  it.each<[string, (f: NitrogenBalanceFieldInput) => void, string, keyof typeof PHYSICAL_BOUNDS]>([
    [
      "area",
      (f) => {
        f.area = 1e9;
      },
      "area",
      "fieldArea",
    ],
    [
      "application amount",
      (f) => {
        if (f.applications[0]) f.applications[0].amount = 1e308;
      },
      'amount of application "a1"',
      "applicationAmount",
    ],
    [
      "N content",
      (f) => {
        if (f.applications[0]) f.applications[0].fertilizer.composition = { n: 2000 };
      },
      'composition.n of application "a1"',
      "fertilizerContent",
    ],
    [
      "harvest yield",
      (f) => {
        const h = cultivation(f).harvests[0];
        if (h) h.yield = 1e12;
      },
      'yield of harvest "h1" of cultivation "c1"',
      "harvestYield",
    ],
    [
      "harvest N content",
      (f) => {
        const h = cultivation(f).harvests[0];
        if (h) h.nContent = 500;
      },
      'nContent of harvest "h1" of cultivation "c1"',
      "plantNContent",
    ],
    [
      "catalogue N content",
      (f) => {
        cultivation(f).nitrogenContentHarvest = 1e6;
      },
      'nitrogenContentHarvest of cultivation "c1"',
      "plantNContent",
    ],
    [
      "residue removal amount",
      (f) => {
        const r = cultivation(f).residueRemovals?.[0];
        if (r) r.amount = 1e9;
      },
      'amount of residue removal "r1" of cultivation "c1"',
      "harvestYield",
    ],
    [
      "residue removal N content",
      (f) => {
        const r = cultivation(f).residueRemovals?.[0];
        if (r) r.nContent = 1e9;
      },
      'nContent of residue removal "r1" of cultivation "c1"',
      "plantNContent",
    ],
    [
      "nitrogen fixation",
      (f) => {
        cultivation(f).nitrogenFixation = 1e308;
      },
      'nitrogenFixation of cultivation "c1"',
      "nitrogenFlow",
    ],
    [
      "residue nitrogen",
      (f) => {
        cultivation(f).residueNitrogen = 5e3;
      },
      'residueNitrogen of cultivation "c1"',
      "nitrogenFlow",
    ],
    [
      "deposition",
      (f) => {
        f.deposition = 1e308;
      },
      "deposition",
      "nitrogenFlow",
    ],
    [
      "mineralization",
      (f) => {
        f.mineralization = 1e308;
      },
      "mineralization",
      "nitrogenFlow",
    ],
  ])("refuses an absurd %s", (_name, change, input, boundName) => {
    expectOutOfBounds(balance(change), input, boundName);
  });

  it("refuses a surplus target beyond ±1,000 kg N/ha", () => {
    expectOutOfBounds(
      balance(() => {}, {
        surplusTargets: [{ soilType: "klei", groundwaterClass: null, target: -1e308, source: "t" }],
      }),
      "surplusTargets[0].target",
      "surplusTarget",
    );
  });
});

describe("requestNutrientAdvice bounds the soil data it sends and the advice it accepts", () => {
  let server: Server;
  let base: string;
  let sent = 0;
  const advice = {
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
  const answers: Record<string, unknown> = {
    "/ok": { advice },
    "/huge-n": { advice: { ...advice, n: 1e308 } },
    "/huge-ca": { advice: { ...advice, ca: 25_000 } },
    "/huge-cu": { advice: { ...advice, cu: 150 } },
  };
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        sent++;
        response
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify(answers[request.url ?? ""]));
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });
  const input = {
    fieldId: "field-1",
    cultivation: "nl_265",
    location: { type: "Point" as const, coordinates: [5.66, 51.97] },
    soil: { pAl: 32, pCaCl2: 2.1 },
  };
  const options = (path: string) => ({
    endpoint: `${base}${path}`,
    apiKey: "bounds-test-key-123456",
  });

  it("accepts advice within the bounds", async () => {
    expect((await requestNutrientAdvice(input, options("/ok"))).nutrients.n).toBe(345);
  });

  it.each([
    ["/huge-n", "advice.n", PHYSICAL_BOUNDS.adviceNutrient],
    ["/huge-ca", "advice.ca", PHYSICAL_BOUNDS.adviceLime],
    ["/huge-cu", "advice.cu", PHYSICAL_BOUNDS.adviceTraceElement],
  ])(
    "an answer from %s beyond its bound is a malformed answer naming %s and the bound",
    async (path, key, bound) => {
      const error = await requestNutrientAdvice(input, options(path)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(NutrientAdviceError);
      expect(error).toMatchObject({ code: "NUTRIENT_ADVICE_MALFORMED_RESPONSE" });
      expect((error as Error).message).toContain(`"${key}"`);
      expect((error as Error).message).toContain(`at most ${bound.max} ${bound.unit}`);
    },
  );

  it.each<[string, number, keyof typeof PHYSICAL_BOUNDS]>([
    ["pAl", 1e9, "soilPAl"],
    ["pCaCl2", 1e9, "soilPCaCl2"],
    ["kCaCl2", 1e6, "soilKCaCl2"],
    ["kCec", 1e6, "soilCec"],
    ["mgCaCl2", 1e6, "soilMgCaCl2"],
    ["sTotal", 1e7, "soilSTotal"],
    ["nTotal", 1e308, "soilNTotal"],
    ["cec", 1e6, "soilCec"],
  ])("refuses soil.%s = %d before sending anything", async (key, value, boundName) => {
    const before = sent;
    const error = await requestNutrientAdvice(
      { ...input, soil: { [key]: value } },
      options("/ok"),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutOfBoundsError);
    expect(error).toMatchObject({
      code: "INVALID_INPUT",
      input: `soil.${key}`,
      boundName,
      fieldId: "field-1",
    });
    expect((error as Error).message).toMatch(/^Field "field-1": soil\./);
    expect(sent).toBe(before);
  });

  it("refuses a timeoutMs beyond ten minutes (Node's timer would fire at once)", async () => {
    const error = await requestNutrientAdvice(input, { ...options("/ok"), timeoutMs: 1e308 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutOfBoundsError);
    expect(error).toMatchObject({ input: "options.timeoutMs", boundName: "timeoutMs" });
  });
});
