import { notInArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./authorization.js";
import { addCultivation, getCultivation } from "./cultivation.js";
import { FdmError } from "./error.js";
import { addFarm } from "./farm.js";
import { addFertilizer } from "./fertilizer.js";
import { addFertilizerApplication } from "./fertilizer-application.js";
import {
  addField,
  addFields,
  discardField,
  getField,
  getFields,
  removeField,
  updateField,
} from "./field.js";
import { addHarvest } from "./harvest.js";
import { auditLog } from "./schema.js";
import { addSoilAnalysis } from "./soil.js";
import { withAuditRows } from "./test-audit.js";
import {
  countRows,
  createTestDatabase,
  expectNoWrite,
  seedFarm,
  squareHa,
  type TestDatabase,
} from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  farmId = (await seedFarm(db.fdm, "grower")).farmId;
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const base = {
  name: "Kampje",
  geometry: squareHa,
  acquiringDate: new Date("2021-03-01"),
  acquiringMethod: "lease" as const,
};

describe("addField and getField", () => {
  it("stores the field with its area computed from the geometry", async () => {
    const id = await addField(db.fdm, "grower", farmId, base);
    const field = await getField(db.fdm, "grower", id);
    expect(field).toMatchObject({
      id,
      farmId,
      name: "Kampje",
      geometry: squareHa,
      acquiringDate: new Date("2021-03-01"),
      acquiringMethod: "lease",
      discardingDate: null,
    });
    // 100 m × 100 m
    expect(field.areaHa).toBeCloseTo(1.0, 2);
  });

  it("sums the polygons of a MultiPolygon, minus its holes", async () => {
    const [ring] = squareHa.coordinates;
    const shifted = (ring ?? []).map(([x, y]) => [(x ?? 0) + 0.01, y ?? 0]);
    // A hole of a quarter of the square: 50 m × 50 m.
    const hole = [
      [5.66 + 0.00036, 51.98 + 0.00022],
      [5.66 + 0.00036, 51.98 + 0.00022 + 0.00044916],
      [5.66 + 0.00036 + 0.00072925, 51.98 + 0.00022 + 0.00044916],
      [5.66 + 0.00036 + 0.00072925, 51.98 + 0.00022],
      [5.66 + 0.00036, 51.98 + 0.00022],
    ];
    const id = await addField(db.fdm, "grower", farmId, {
      ...base,
      geometry: { type: "MultiPolygon", coordinates: [[ring ?? [], hole], [shifted]] },
    });
    expect((await getField(db.fdm, "grower", id)).areaHa).toBeCloseTo(1.75, 2);
  });

  it("stores a discarding date given up front", async () => {
    const id = await addField(db.fdm, "grower", farmId, {
      ...base,
      discardingDate: new Date("2022-12-31"),
    });
    expect((await getField(db.fdm, "grower", id)).discardingDate).toEqual(new Date("2022-12-31"));
  });

  const bad: [string, unknown, string][] = [
    ["an empty name", { ...base, name: "" }, "name"],
    ["a point", { ...base, geometry: { type: "Point", coordinates: [5, 52] } }, "geometry"],
    [
      "an open ring",
      {
        ...base,
        geometry: {
          type: "Polygon",
          coordinates: [
            [
              [5, 52],
              [5.001, 52],
              [5.001, 52.001],
              [5, 52.001],
            ],
          ],
        },
      },
      "geometry",
    ],
    [
      "a ring of three positions",
      {
        ...base,
        geometry: {
          type: "Polygon",
          coordinates: [
            [
              [5, 52],
              [5.001, 52],
              [5, 52],
            ],
          ],
        },
      },
      "geometry",
    ],
    [
      "a latitude of 95",
      {
        ...base,
        geometry: {
          type: "Polygon",
          coordinates: [
            [
              [5, 95],
              [5.001, 95],
              [5.001, 95.001],
              [5, 95],
            ],
          ],
        },
      },
      "geometry",
    ],
    [
      "text coordinates",
      {
        ...base,
        geometry: {
          type: "Polygon",
          coordinates: [
            [
              ["5", "52"],
              [5.001, 52],
              [5.001, 52.001],
              ["5", "52"],
            ],
          ],
        },
      },
      "geometry",
    ],
    [
      "a zero-area ring",
      {
        ...base,
        geometry: {
          type: "Polygon",
          coordinates: [
            [
              [5, 52],
              [5.001, 52],
              [5.002, 52],
              [5, 52],
            ],
          ],
        },
      },
      "geometry",
    ],
    [
      "an area above 10,000 ha",
      {
        ...base,
        geometry: {
          type: "Polygon",
          coordinates: [
            [
              [5, 52],
              [6, 52],
              [6, 53],
              [5, 53],
              [5, 52],
            ],
          ],
        },
      },
      "geometry",
    ],
    [
      "an empty MultiPolygon",
      { ...base, geometry: { type: "MultiPolygon", coordinates: [] } },
      "geometry",
    ],
    ["an unknown acquiring method", { ...base, acquiringMethod: "stolen" }, "acquiringMethod"],
    ["an invalid date", { ...base, acquiringDate: new Date("nope") }, "acquiringDate"],
    ["a date string", { ...base, acquiringDate: "2021-03-01" }, "acquiringDate"],
    [
      "a discarding before the acquiring",
      { ...base, discardingDate: new Date("2021-02-28") },
      "discardingDate",
    ],
  ];
  it.each(bad)("rejects %s, writing nothing", async (_label, input, field) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addField(db.fdm, "grower", farmId, input as never),
    );
    expect(error).toBeInstanceOf(FdmError);
    expect(error).toMatchObject({ code: "INVALID_INPUT", field });
    expect(after).toEqual(before);
  });

  it("reports an unknown farm and an unknown field as NOT_FOUND", async () => {
    await expect(addField(db.fdm, "grower", "nope", base)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(getField(db.fdm, "grower", "nope")).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "fieldId",
    });
  });
});

describe("getFields", () => {
  it("lists by name, and filters by the tenure overlapping the timeframe", async () => {
    const own = await addFarm(db.fdm, "lister", { name: "Lijst" });
    const add = (name: string, acq: string, disc?: string) =>
      addField(db.fdm, "lister", own, {
        ...base,
        name,
        acquiringDate: new Date(acq),
        discardingDate: disc ? new Date(disc) : null,
      });
    await add("C-old", "2015-01-01", "2019-06-30");
    await add("A-long", "2010-01-01");
    await add("B-new", "2025-06-01");
    await add("D-edge", "2020-01-01", "2024-01-01");
    const names = async (tf?: { start: Date | null; end: Date | null }) =>
      (await getFields(db.fdm, "lister", own, tf)).map((f) => f.name);
    expect(await names()).toEqual(["A-long", "B-new", "C-old", "D-edge"]);
    expect(await names({ start: new Date("2024-01-01"), end: new Date("2024-12-31") })).toEqual([
      "A-long",
      "D-edge",
    ]);
    expect(await names({ start: null, end: new Date("2016-01-01") })).toEqual(["A-long", "C-old"]);
    expect(await names({ start: new Date("2025-01-01"), end: null })).toEqual(["A-long", "B-new"]);
  });

  it("rejects a timeframe that ends before it starts", async () => {
    await expect(
      getFields(db.fdm, "grower", farmId, {
        start: new Date("2025-02-01"),
        end: new Date("2025-01-01"),
      }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", field: "timeframe.end" });
  });
});

describe("updateField and discardField", () => {
  it("recomputes the area with a new geometry and keeps other fields", async () => {
    const id = await addField(db.fdm, "grower", farmId, base);
    const half = {
      type: "Polygon" as const,
      coordinates: [
        [
          [5.66, 51.98],
          [5.66 + 0.0014585, 51.98],
          [5.66 + 0.0014585, 51.98 + 0.00044916],
          [5.66, 51.98 + 0.00044916],
          [5.66, 51.98],
        ],
      ],
    };
    const field = await updateField(db.fdm, "grower", id, { geometry: half, name: "Helft" });
    expect(field.areaHa).toBeCloseTo(0.5, 2);
    expect(field).toMatchObject({ name: "Helft", acquiringMethod: "lease" });
    expect(field.updatedAt).toBeInstanceOf(Date);
  });

  it("discards a field and undoes the discarding with null", async () => {
    const id = await addField(db.fdm, "grower", farmId, base);
    expect(
      (await discardField(db.fdm, "grower", id, new Date("2024-10-31"))).discardingDate,
    ).toEqual(new Date("2024-10-31"));
    expect(
      (await updateField(db.fdm, "grower", id, { discardingDate: null })).discardingDate,
    ).toBeNull();
  });

  it("rejects tenure changes that leave actions on the field outside it, writing nothing", async () => {
    const id = await addField(db.fdm, "grower", farmId, base);
    await addCultivation(db.fdm, "grower", id, {
      catalogueItemId: "nl_233",
      startDate: new Date("2023-10-15"),
    });
    await addSoilAnalysis(db.fdm, "grower", id, {
      samplingDate: new Date("2022-02-01"),
      source: "laboratory",
      parameters: { ph: 5.5 },
    });
    for (const [patch, field] of [
      [{ acquiringDate: new Date("2022-06-01") }, "acquiringDate"],
      [{ discardingDate: new Date("2023-01-01") }, "discardingDate"],
      [{ discardingDate: new Date("2021-01-01") }, "discardingDate"],
    ] as const) {
      const { error, before, after } = await expectNoWrite(db.fdm, () =>
        updateField(db.fdm, "grower", id, patch),
      );
      expect(error).toMatchObject({ code: "INVALID_INPUT", field });
      expect(after).toEqual(before);
    }
    const discarded = await discardField(db.fdm, "grower", id, new Date("2024-01-01"));
    expect(discarded.discardingDate).toEqual(new Date("2024-01-01"));
  });

  it("rejects an empty update, a bad discarding date and an unknown field", async () => {
    const id = await addField(db.fdm, "grower", farmId, base);
    await expect(updateField(db.fdm, "grower", id, {})).rejects.toMatchObject({ field: "update" });
    await expect(discardField(db.fdm, "grower", id, "2024" as never)).rejects.toMatchObject({
      field: "discardingDate",
    });
    await expect(updateField(db.fdm, "grower", "nope", { name: "x" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("removeField", () => {
  it("removes the field with its cultivations, harvests, applications and soil analyses", async () => {
    const before = await countRows(db.fdm);
    const id = await addField(db.fdm, "grower", farmId, base);
    const cultivationId = await addCultivation(db.fdm, "grower", id, {
      catalogueItemId: "nl_265",
      startDate: new Date("2022-01-01"),
    });
    await addHarvest(db.fdm, "grower", cultivationId, {
      harvestDate: new Date("2022-05-20"),
      dryMatterYield: 3000,
    });
    const fertilizerId = await addFertilizer(db.fdm, "grower", farmId, {
      catalogueItemId: "rvo_14",
      acquiringDate: new Date("2022-01-01"),
    });
    await addFertilizerApplication(db.fdm, "grower", id, {
      fertilizerId,
      amountKgPerHa: 20000,
      method: "shallow_injection",
      applicationDate: new Date("2022-03-01"),
    });
    await addSoilAnalysis(db.fdm, "grower", id, {
      samplingDate: new Date("2022-02-01"),
      source: "laboratory",
      parameters: { pAl: 40 },
    });
    await removeField(db.fdm, "grower", id);
    const after = await countRows(db.fdm);
    // Only the fertilizer (a farm asset) and its acquiring remain of what was added.
    expect(after).toEqual({
      ...before,
      fertilizers: before.fertilizers + 1,
      fertilizerAcquiring: before.fertilizerAcquiring + 1,
    });
    await expect(getCultivation(db.fdm, "grower", cultivationId)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("addFields", () => {
  it("adds every field with its acquiring and discarding, ids in input order", async () => {
    const own = await addFarm(db.fdm, "importer", { name: "Import" });
    const ids = await addFields(db.fdm, "importer", own, [
      { ...base, name: "B-perceel" },
      {
        ...base,
        name: "A-perceel",
        acquiringMethod: "owner",
        discardingDate: new Date("2024-12-31"),
      },
    ]);
    expect(ids).toHaveLength(2);
    expect(await getField(db.fdm, "importer", ids[0] as string)).toMatchObject({
      farmId: own,
      name: "B-perceel",
      acquiringDate: new Date("2021-03-01"),
      acquiringMethod: "lease",
      discardingDate: null,
    });
    const second = await getField(db.fdm, "importer", ids[1] as string);
    expect(second).toMatchObject({
      name: "A-perceel",
      acquiringMethod: "owner",
      discardingDate: new Date("2024-12-31"),
    });
    // the 100 m × 100 m square of test-setup is 1.00 ha
    expect(second.areaHa).toBeCloseTo(1, 2);
    const listed = await getFields(db.fdm, "importer", own);
    expect(listed.map((f) => f.name)).toEqual(["A-perceel", "B-perceel"]);
  });

  it("refreshes the planner statistics after a large batch, so the field list is planned for its real size", async () => {
    // PGlite runs no autovacuum: without ANALYZE the planner would still count a handful of fields
    const own = await addFarm(db.fdm, "importer", { name: "Import groot" });
    const many = Array.from({ length: 120 }, (_, i) => ({ ...base, name: `Perceel ${i}` }));
    await addFields(db.fdm, "importer", own, many);
    const [stats] = await rowsOf<{ tuples: number }>(
      db.fdm,
      sql`select reltuples::float8 as tuples from pg_class where relname = 'field_acquiring'`,
    );
    expect(Number(stats?.tuples)).toBeGreaterThanOrEqual(120);
    expect(await getFields(db.fdm, "importer", own)).toHaveLength(120);
  });

  it("writes nothing when one field is invalid, and names its index and property", async () => {
    const own = await addFarm(db.fdm, "importer", { name: "Import 2" });
    const open = {
      ...base.geometry,
      coordinates: [
        [
          [5.66, 51.98],
          [5.67, 51.98],
          [5.67, 51.99],
        ],
      ],
    };
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addFields(db.fdm, "importer", own, [base, base, { ...base, geometry: open }]),
    );
    expect(after).toEqual(before);
    expect(error).toBeInstanceOf(FdmError);
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "fields[2].geometry" });
    expect((error as Error).message).toMatch(/^fields\[2\]\.geometry: /);

    const late = { ...base, discardingDate: new Date("2020-01-01") };
    await expect(addFields(db.fdm, "importer", own, [late])).rejects.toMatchObject({
      field: "fields[0].discardingDate",
    });
    await expect(
      addFields(db.fdm, "importer", own, [base, null as unknown as typeof base]),
    ).rejects.toMatchObject({ field: "fields[1]", message: "fields[1]: must be an object." });
    await expect(addFields(db.fdm, "importer", own, [])).rejects.toMatchObject({
      code: "INVALID_INPUT",
      field: "fields",
    });
    expect(await getFields(db.fdm, "importer", own)).toEqual([]);
  });

  it("refuses a principal without the write right, writing nothing", async () => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addFields(db.fdm, "stranger", farmId, [base]),
    );
    expect(error).toMatchObject({
      code: "PERMISSION_DENIED",
      resource: "farm",
      resourceId: farmId,
    });
    expect(after).toEqual(before);
  });
});

describe("getFields reads the list as one JSON value", () => {
  it("returns each field exactly as getField does: dates, geometry, area, discarding", async () => {
    const [kept, discarded] = await addFields(db.fdm, "grower", farmId, [
      { ...base, name: "Lijst 1" },
      { ...base, name: "Lijst 2", discardingDate: new Date("2024-12-31T00:00:00Z") },
    ]);
    const listed = await getFields(db.fdm, "grower", farmId);
    for (const id of [kept, discarded]) {
      const one = listed.find((f) => f.id === id);
      expect(one?.createdAt).toBeInstanceOf(Date);
      expect(one).toEqual(await getField(db.fdm, "grower", id as string));
    }
    expect(listed.find((f) => f.id === discarded)?.discardingDate).toEqual(
      new Date("2024-12-31T00:00:00Z"),
    );
    expect(
      await getFields(db.fdm, "grower", farmId, { start: new Date("2030-01-01"), end: null }),
    ).not.toContainEqual(expect.objectContaining({ id: discarded }));
  });
});

/** A lon/lat rectangle's ring drawn with `n` positions: the extra ones along its south edge. */
function rectangleRing(west: number, south: number, size: number, n = 5): number[][] {
  const east = west + size;
  const extra = Array.from({ length: n - 5 }, (_, i) => [west + (size * (i + 1)) / (n - 4), south]);
  return [
    [west, south],
    ...extra,
    [east, south],
    [east, south + size],
    [west, south + size],
    [west, south],
  ];
}
/** `n` disjoint squares of `size` degrees in rows of 200, each ring of `positions` positions. */
const squares = (n: number, size = 0.0005, positions = 5) =>
  Array.from({ length: n }, (_, i) => [
    rectangleRing(5 + (i % 200) * size * 2, 52 + Math.floor(i / 200) * size * 2, size, positions),
  ]);
/** A ring crossing itself: only the topology check (JSTS) finds it invalid. */
const bowtieRing = [
  [5.66, 51.98],
  [5.67, 51.99],
  [5.67, 51.98],
  [5.66, 51.99],
  [5.66, 51.98],
];
const bowtie = { type: "Polygon" as const, coordinates: [bowtieRing] };
// The report's geometry: 19,999 polygons, 99,995 positions, inside the old limit of 100,000;
// its check took about 260 s. One of them is the bowtie, so INVALID_INPUT would show it ran.
const flood = { type: "MultiPolygon" as const, coordinates: [...squares(19_998), [bowtieRing]] };

describe("the geometry is checked only once access is granted", () => {
  it.each([
    ["a principal that does not exist", "ghost-principal"],
    ["a user without a role on the farm", "stranger"],
  ])(
    "%s gets PERMISSION_DENIED from addField, addFields and updateField, for a huge or an invalid geometry, and nothing is written",
    async (_label, who) => {
      expect(flood.coordinates.flat(2)).toHaveLength(99_995);
      const fieldId = await addField(db.fdm, "grower", farmId, base);
      for (const geometry of [bowtie, flood]) {
        for (const call of [
          () => addField(db.fdm, who, farmId, { ...base, geometry }),
          () => addFields(db.fdm, who, farmId, [base, { ...base, geometry }]),
          () => updateField(db.fdm, who, fieldId, { geometry }),
        ]) {
          const { error, before, after } = await expectNoWrite(db.fdm, call);
          expect(error).toMatchObject({ code: "PERMISSION_DENIED" });
          expect(after).toEqual(before);
        }
      }
      expect((await getField(db.fdm, "grower", fieldId)).geometry).toEqual(squareHa);
    },
  );

  it("an unknown farm or field is NOT_FOUND, not a geometry fault", async () => {
    await expect(
      addField(db.fdm, "grower", "no-such-farm", { ...base, geometry: bowtie }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "farmId" });
    await expect(
      addFields(db.fdm, "grower", "no-such-farm", [{ ...base, geometry: flood }]),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "farmId" });
    await expect(
      updateField(db.fdm, "grower", "no-such-field", { geometry: bowtie }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "fieldId" });
  });

  it("a geometry refused in the work leaves only its audit row, saying it failed with INVALID_INPUT", async () => {
    const before = (await db.fdm.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id);
    const {
      error,
      before: rowsBefore,
      after,
    } = await expectNoWrite(db.fdm, () =>
      addField(db.fdm, "grower", farmId, { ...base, geometry: bowtie }),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "geometry" });
    expect((error as Error).message).toMatch(/self-intersection/);
    expect(after).toEqual(rowsBefore);
    const added = await db.fdm.select().from(auditLog).where(notInArray(auditLog.id, before));
    expect(added).toEqual([
      expect.objectContaining({
        origin: "addField",
        allowed: true,
        outcome: "failed",
        errorCode: "INVALID_INPUT",
      }),
    ]);
  });
});

describe("the size of a geometry is bounded", () => {
  it("refuses the report's 19,999 polygons to a writer of the farm, naming the rule", async () => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addField(db.fdm, "grower", farmId, { ...base, geometry: flood }),
    );
    expect(error).toMatchObject({
      code: "INVALID_INPUT",
      field: "geometry",
      message: "geometry: a MultiPolygon may hold at most 100 polygons.",
    });
    expect(after).toEqual(before);
  });

  it("takes a field of 100 polygons and 2,000 positions; refuses 101 polygons or 2,001 positions", async () => {
    const largest = { type: "MultiPolygon" as const, coordinates: squares(100, 0.001, 20) };
    expect(largest.coordinates.flat(2)).toHaveLength(2_000);
    const id = await addField(db.fdm, "grower", farmId, { ...base, geometry: largest });
    const stored = await getField(db.fdm, "grower", id);
    expect(stored.geometry).toEqual(largest);
    // 100 squares of 0.001° near 52° N, about 0.76 ha each
    expect(stored.areaHa).toBeGreaterThan(75);
    expect(stored.areaHa).toBeLessThan(77);

    const overs: [unknown, string][] = [
      [
        { type: "MultiPolygon", coordinates: squares(101) },
        "geometry: a MultiPolygon may hold at most 100 polygons.",
      ],
      [
        { type: "Polygon", coordinates: [rectangleRing(5.66, 51.98, 0.001, 2_001)] },
        "geometry: an outline may hold at most 2000 positions.",
      ],
      [
        {
          type: "MultiPolygon",
          coordinates: [...squares(99, 0.001, 20), [rectangleRing(5.9, 51.9, 0.001, 21)]],
        },
        "geometry: an outline may hold at most 2000 positions.",
      ],
    ];
    for (const [geometry, message] of overs) {
      for (const call of [
        () => addField(db.fdm, "grower", farmId, { ...base, geometry: geometry as never }),
        () => updateField(db.fdm, "grower", id, { geometry: geometry as never }),
      ]) {
        const { error, before, after } = await expectNoWrite(db.fdm, call);
        expect(error).toMatchObject({ code: "INVALID_INPUT", field: "geometry", message });
        expect(after).toEqual(before);
      }
    }
    const { error } = await expectNoWrite(db.fdm, () =>
      addFields(db.fdm, "grower", farmId, [base, { ...base, geometry: overs[1]?.[0] as never }]),
    );
    expect(error).toMatchObject({
      field: "fields[1].geometry",
      message: "fields[1].geometry: an outline may hold at most 2000 positions.",
    });
  });

  it("takes a batch of 50,000 positions; refuses one more field, naming the rule", async () => {
    const own = await addFarm(db.fdm, "importer", { name: "Import limiet" });
    const field = (i: number) => ({
      ...base,
      name: `Perceel ${i}`,
      geometry: {
        type: "Polygon" as const,
        coordinates: [rectangleRing(5 + i * 0.002, 52, 0.001, 2_000)],
      },
    });
    const full = Array.from({ length: 25 }, (_, i) => field(i));
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addFields(db.fdm, "importer", own, [...full, { ...base, name: "Een te veel" }]),
    );
    expect(error).toMatchObject({
      code: "INVALID_INPUT",
      field: "fields",
      message: "fields: may hold at most 50000 positions together (split them over several calls).",
    });
    expect(after).toEqual(before);
    expect(await addFields(db.fdm, "importer", own, full)).toHaveLength(25);
    expect(await getFields(db.fdm, "importer", own)).toHaveLength(25);
  });
});

describe("updateField and discardField decide access once", () => {
  it("write one audit row per call, done, and return the field read in their transaction", async () => {
    const id = await addField(db.fdm, "grower", farmId, base);
    const updated = await withAuditRows(db.fdm, () =>
      updateField(db.fdm, "grower", id, { name: "Eén rij", geometry: squareHa }),
    );
    expect(updated.result).toMatchObject({ id, name: "Eén rij" });
    expect(updated.rows).toEqual([
      expect.objectContaining({
        origin: "updateField",
        resource: "field",
        resourceId: id,
        allowed: true,
        outcome: "done",
      }),
    ]);
    const discarded = await withAuditRows(db.fdm, () =>
      discardField(db.fdm, "grower", id, new Date("2025-01-01")),
    );
    expect(discarded.result.discardingDate).toEqual(new Date("2025-01-01"));
    expect(discarded.rows).toEqual([
      expect.objectContaining({ origin: "discardField", outcome: "done" }),
    ]);
  });
});

describe("addField returning the record", () => {
  it("gives the field exactly as getField reads it, with and without a discarding date", async () => {
    for (const input of [base, { ...base, discardingDate: new Date("2024-06-30T12:00:00Z") }]) {
      const { result: added, rows } = await withAuditRows(db.fdm, () =>
        addField(db.fdm, "grower", farmId, input, { returning: "record" }),
      );
      expect(added).toStrictEqual(await getField(db.fdm, "grower", added.id));
      expect(added.discardingDate).toEqual("discardingDate" in input ? input.discardingDate : null);
      expect(added.createdAt).toBeInstanceOf(Date);
      expect(rows).toEqual([expect.objectContaining({ origin: "addField", outcome: "done" })]);
    }
  });
});
