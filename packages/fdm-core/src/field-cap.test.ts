import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./authorization.js";
import { FdmError } from "./error.js";
import { addFarm } from "./farm.js";
import { addField, addFields, getFields, MAX_FIELDS_PER_FARM, removeField } from "./field.js";
import { createTestDatabase, expectNoWrite, squareHa, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const field = (name: string) => ({
  name,
  geometry: squareHa,
  acquiringDate: new Date("2021-03-01"),
  acquiringMethod: "owner" as const,
});

/**
 * Gives a farm `n` more fields by inserting the rows directly (thousands of addField calls would
 * take minutes); `discarded` of them with a discarding date, which still count.
 */
async function fill(farmId: string, n: number, discarded = 0): Promise<void> {
  const prefix = `${farmId}_${Math.random().toString(36).slice(2, 8)}_`;
  await db.fdm.execute(sql`
    insert into fields (id, name, geometry, area_ha)
    select ${prefix} || g, 'Perceel ' || g, ${JSON.stringify(squareHa)}::jsonb, 1.0
    from generate_series(1, ${n}::int) g`);
  await db.fdm.execute(sql`
    insert into field_acquiring (field_id, farm_id, acquiring_method, acquiring_date)
    select ${prefix} || g, ${farmId}, 'owner', '2020-01-01'
    from generate_series(1, ${n}::int) g`);
  if (discarded > 0) {
    await db.fdm.execute(sql`
      insert into field_discarding (field_id, discarding_date)
      select ${prefix} || g, '2022-12-31' from generate_series(1, ${discarded}::int) g`);
  }
}

// Thousands of rows per test: more than the default 5 s on a busy machine.
describe("a farm holds at most 2,500 fields", { timeout: 60_000 }, () => {
  it("is 2,500", () => {
    expect(MAX_FIELDS_PER_FARM).toBe(2500);
  });

  it("takes the 2,500th field through addField and refuses the next, naming the rule and writing nothing", async () => {
    const farmId = await addFarm(db.fdm, "owner", { name: "Groot bedrijf" });
    // 100 of the 2,499 are discarded: they stay in the farm's history and count.
    await fill(farmId, 2499, 100);
    const last = await addField(db.fdm, "owner", farmId, field("Perceel 2500"));
    // 2,400 held from 2023 on, 2,500 in all
    const since2023 = { start: new Date("2023-01-01"), end: null };
    expect(await getFields(db.fdm, "owner", farmId, since2023)).toHaveLength(2400);
    expect(await getFields(db.fdm, "owner", farmId)).toHaveLength(2500);

    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addField(db.fdm, "owner", farmId, field("Perceel 2501")),
    );
    expect(after).toEqual(before);
    expect(error).toBeInstanceOf(FdmError);
    expect(error).toMatchObject({ code: "CONFLICT", field: "farmId" });
    expect((error as Error).message).toBe(
      `farmId: a farm may hold at most 2500 fields, discarded ones included; farm "${farmId}" holds 2500, so one more field would make 2501. Remove fields it no longer needs (removeField) first.`,
    );

    // Removing a field frees its place.
    await removeField(db.fdm, "owner", last);
    await addField(db.fdm, "owner", farmId, field("Perceel 2500 (nieuw)"));
  });

  it("refuses a batch that would pass 2,500, writing none of it, and takes one that reaches it", async () => {
    const farmId = await addFarm(db.fdm, "owner", { name: "Importbedrijf" });
    await fill(farmId, 2400);
    const batch = (k: number) => Array.from({ length: k }, (_, i) => field(`Nieuw ${i + 1}`));

    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addFields(db.fdm, "owner", farmId, batch(101)),
    );
    expect(after).toEqual(before);
    expect(error).toMatchObject({ code: "CONFLICT", field: "fields" });
    expect((error as Error).message).toBe(
      `fields: a farm may hold at most 2500 fields, discarded ones included; farm "${farmId}" holds 2400, so 101 more fields would make 2501. Remove fields it no longer needs (removeField) first.`,
    );

    expect(await addFields(db.fdm, "owner", farmId, batch(100))).toHaveLength(100);
    await expect(addFields(db.fdm, "owner", farmId, batch(1))).rejects.toMatchObject({
      code: "CONFLICT",
      field: "fields",
    });
  });

  it("counts per farm: a full farm leaves the owner's other farms free", async () => {
    const full = await addFarm(db.fdm, "owner", { name: "Vol" });
    const other = await addFarm(db.fdm, "owner", { name: "Leeg" });
    await fill(full, 2500);
    await expect(addField(db.fdm, "owner", full, field("Te veel"))).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await addField(db.fdm, "owner", other, field("Eerste"))).toEqual(expect.any(String));
  });

  it("tells a principal without the write right only that it may not write, not how full the farm is", async () => {
    const farmId = await addFarm(db.fdm, "owner", { name: "Vol, vreemd" });
    await fill(farmId, 2500);
    await expect(addField(db.fdm, "stranger", farmId, field("Indringer"))).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await expect(addFields(db.fdm, "stranger", farmId, [field("Indringer")])).rejects.toMatchObject(
      { code: "PERMISSION_DENIED" },
    );
  });

  it("lets calls at once take no more than the places left", async () => {
    const farmId = await addFarm(db.fdm, "owner", { name: "Wedloop" });
    await fill(farmId, 2000);
    // Ten batches of 100 for 500 places. On PostgreSQL the handles' pools run them on several
    // connections at once, each checking 100 geometries between its count and its insert.
    const second = await db.openSecond();
    const batch = (i: number) =>
      Array.from({ length: 100 }, (_, j) => field(`Gegadigde ${i}.${j}`));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        addFields(i % 2 === 0 ? db.fdm : second, "owner", farmId, batch(i)),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        code: "CONFLICT",
        field: "fields",
      });
    }
    const [row] = await rowsOf<{ n: number }>(
      db.fdm,
      sql`select count(*)::int as n from field_acquiring where farm_id = ${farmId}`,
    );
    expect(row?.n).toBe(2500);
  });
});
