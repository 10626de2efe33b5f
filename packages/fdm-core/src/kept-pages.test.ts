// Pages of fields kept by the revision of their farm's field list (page.ts, KeptPages; the
// triggers of migration 0009): a kept page is only ever served at the revision it was read at,
// so every change shows on the next read, through this handle or another, and access is
// checked and audited on every read as before.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FdmPermissionError } from "./error.js";
import { addFarm, removeFarm } from "./farm.js";
import type { FdmType } from "./fdm.js";
import {
  addField,
  addFields,
  discardField,
  type Field,
  getFields,
  removeField,
  updateField,
} from "./field.js";
import { KeptPages } from "./page.js";
import { auditLog, farmRevisions } from "./schema.js";
import { withAuditRows } from "./test-audit.js";
import { createTestDatabase, squareHa, type TestDatabase } from "./test-setup.js";

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
  acquiringDate: new Date("2020-01-01"),
  acquiringMethod: "owner" as const,
});

/** The farm's field list revision as stored (no row: 0). */
async function revision(fdm: FdmType, farmId: string): Promise<number> {
  const [row] = await fdm
    .select({ fields: farmRevisions.fields })
    .from(farmRevisions)
    .where(eq(farmRevisions.farmId, farmId));
  return row?.fields ?? 0;
}

/** The names on the first page of `limit` fields, as a reader of the list sees them. */
async function names(fdm: FdmType, farmId: string, limit = 10): Promise<string[]> {
  const page = await getFields(fdm, "owner", farmId, undefined, { limit });
  return page.items.map((f: Field) => f.name).sort();
}

describe("the field list's revision", () => {
  it("goes up with every change to a farm's fields, once per call, and not for other farms", async () => {
    const fdm = db.fdm;
    const farmId = await addFarm(fdm, "owner", { name: "Revisions" });
    const other = await addFarm(fdm, "owner", { name: "Other farm" });
    expect(await revision(fdm, farmId)).toBe(0);

    const a = await addField(fdm, "owner", farmId, field("A"));
    const afterAdd = await revision(fdm, farmId);
    expect(afterAdd).toBeGreaterThan(0);

    await addFields(fdm, "owner", farmId, [field("B"), field("C"), field("D")]);
    const afterBatch = await revision(fdm, farmId);
    expect(afterBatch).toBeGreaterThan(afterAdd);

    await updateField(fdm, "owner", a, { name: "A2" });
    const afterName = await revision(fdm, farmId);
    expect(afterName).toBeGreaterThan(afterBatch);

    await updateField(fdm, "owner", a, { acquiringDate: new Date("2019-06-01") });
    const afterTenure = await revision(fdm, farmId);
    expect(afterTenure).toBeGreaterThan(afterName);

    await discardField(fdm, "owner", a, new Date("2025-01-01"));
    const afterDiscard = await revision(fdm, farmId);
    expect(afterDiscard).toBeGreaterThan(afterTenure);

    await updateField(fdm, "owner", a, { discardingDate: null });
    const afterUndo = await revision(fdm, farmId);
    expect(afterUndo).toBeGreaterThan(afterDiscard);

    await removeField(fdm, "owner", a);
    expect(await revision(fdm, farmId)).toBeGreaterThan(afterUndo);

    // Nothing on the other farm moved, and a refused write moves nothing either.
    expect(await revision(fdm, other)).toBe(0);
    const before = await revision(fdm, farmId);
    await expect(addField(fdm, "stranger", farmId, field("E"))).rejects.toBeInstanceOf(
      FdmPermissionError,
    );
    expect(await revision(fdm, farmId)).toBe(before);
  }, 60_000);

  it("goes with the farm when the farm is removed", async () => {
    const fdm = db.fdm;
    const farmId = await addFarm(fdm, "owner", { name: "Short-lived" });
    await addFields(fdm, "owner", farmId, [field("A"), field("B")]);
    expect(await revision(fdm, farmId)).toBeGreaterThan(0);
    await removeFarm(fdm, "owner", farmId);
    const rows = await fdm.select().from(farmRevisions).where(eq(farmRevisions.farmId, farmId));
    expect(rows).toEqual([]);
  }, 30_000);
});

describe("a page of fields read again", () => {
  it("shows every change on the next read, through the same handle and through another", async () => {
    const fdm = db.fdm;
    const second = await db.openSecond();
    const farmId = await addFarm(fdm, "owner", { name: "Kept pages" });
    const [a, b] = await addFields(fdm, "owner", farmId, [field("A"), field("B")]);
    expect(await names(fdm, farmId)).toEqual(["A", "B"]);
    expect(await names(fdm, farmId)).toEqual(["A", "B"]); // now kept

    // A change through another handle (another process or instance, on PostgreSQL).
    await updateField(second, "owner", a as string, { name: "A, renamed" });
    expect(await names(fdm, farmId)).toEqual(["A, renamed", "B"]);

    const bigger = {
      type: "Polygon" as const,
      coordinates: [
        [
          [5.66, 51.98],
          [5.66 + 0.003, 51.98],
          [5.66 + 0.003, 51.98 + 0.0018],
          [5.66, 51.98 + 0.0018],
          [5.66, 51.98],
        ],
      ],
    };
    const before = (await getFields(fdm, "owner", farmId, undefined, { limit: 10 })).items;
    await updateField(second, "owner", b as string, { geometry: bigger });
    const after = (await getFields(fdm, "owner", farmId, undefined, { limit: 10 })).items;
    const areaOf = (items: Field[]) => items.find((f) => f.id === b)?.areaHa ?? 0;
    expect(areaOf(after)).toBeGreaterThan(3 * areaOf(before));
    expect(after.find((f) => f.id === b)?.geometry).toEqual(bigger);

    await addField(second, "owner", farmId, field("C"));
    expect(await names(fdm, farmId)).toEqual(["A, renamed", "B", "C"]);

    await discardField(second, "owner", b as string, new Date("2024-12-31"));
    const discarded = await getFields(fdm, "owner", farmId, undefined, { limit: 10 });
    expect(discarded.items.find((f) => f.id === b)?.discardingDate).toEqual(new Date("2024-12-31"));
    // The timeframe is part of what a page is asked for: 2025 leaves the discarded field out.
    const in2025 = await getFields(
      fdm,
      "owner",
      farmId,
      { start: new Date("2025-01-01"), end: new Date("2025-12-31") },
      { limit: 10 },
    );
    expect(in2025.items.map((f) => f.name).sort()).toEqual(["A, renamed", "C"]);

    await removeField(second, "owner", a as string);
    expect(await names(fdm, farmId)).toEqual(["B", "C"]);
    // Pages further on are kept by their own start.
    const first = await getFields(fdm, "owner", farmId, undefined, { limit: 1 });
    const next = await getFields(fdm, "owner", farmId, undefined, {
      limit: 1,
      after: first.next as string,
    });
    expect([...first.items, ...next.items].map((f) => f.name).sort()).toEqual(["B", "C"]);
  }, 60_000);

  it("is not built again by the database while the list is unchanged", async () => {
    const fdm = db.fdm;
    const farmId = await addFarm(fdm, "owner", { name: "Not built again" });
    await addFields(fdm, "owner", farmId, [field("A"), field("B")]);
    const read = vi.spyOn(KeptPages.prototype, "read");
    try {
      await names(fdm, farmId, 7);
      await names(fdm, farmId, 7);
      await addField(fdm, "owner", farmId, field("C"));
      await names(fdm, farmId, 7);
      const rev = await revision(fdm, farmId);
      // What the statement sent back: the page, then only its revision, then the new page.
      const sent = read.mock.calls.map(([, , , value]) => value.replace(/^(\d+:).+$/s, "$1…"));
      expect(sent).toEqual([`${rev - 1}:…`, `${rev - 1}:`, `${rev}:…`]);
    } finally {
      read.mockRestore();
    }
  }, 60_000);

  it("tells the revision a page was read at, which moves with the list", async () => {
    const fdm = db.fdm;
    const farmId = await addFarm(fdm, "owner", { name: "Revision told" });
    await addFields(fdm, "owner", farmId, [field("A")]);
    const first = await getFields(fdm, "owner", farmId, undefined, { limit: 10 });
    const again = await getFields(fdm, "owner", farmId, undefined, { limit: 10 });
    expect(first.revision).toBe(await revision(fdm, farmId));
    expect(again.revision).toBe(first.revision);
    await addField(fdm, "owner", farmId, field("B"));
    const after = await getFields(fdm, "owner", farmId, undefined, { limit: 10 });
    expect(after.revision).toBe((first.revision as number) + 1);
    expect(after.items.map((f) => f.name).sort()).toEqual(["A", "B"]);
  });

  it("hands each read its own items: changing what one read got changes no later read", async () => {
    const fdm = db.fdm;
    const farmId = await addFarm(fdm, "owner", { name: "Own items" });
    await addFields(fdm, "owner", farmId, [field("A")]);
    const page = { limit: 10 };
    const first = await getFields(fdm, "owner", farmId, undefined, page);
    const [a] = first.items as [Field];
    a.name = "changed";
    a.acquiringDate.setUTCFullYear(1990);
    (a.geometry.coordinates[0] as number[][])[0] = [0, 0];
    first.items.push({ ...a, id: "extra" });
    const second = await getFields(fdm, "owner", farmId, undefined, page);
    expect(second.items).toHaveLength(1);
    const [b] = second.items as [Field];
    expect(b.name).toBe("A");
    expect(b.acquiringDate.toISOString()).toBe("2020-01-01T00:00:00.000Z");
    expect(b.geometry).toEqual(squareHa);
    (b.geometry.coordinates[0] as number[][])[1] = [1, 1];
    const third = await getFields(fdm, "owner", farmId, undefined, page);
    expect(third.items[0]?.geometry).toEqual(squareHa);
  });

  it("is still checked and audited on every read: a stranger is refused a kept page", async () => {
    const fdm = db.fdm;
    const farmId = await addFarm(fdm, "owner", { name: "Checked" });
    await addFields(fdm, "owner", farmId, [field("A")]);
    await names(fdm, farmId);
    const { result, rows } = await withAuditRows(fdm, () =>
      getFields(fdm, "owner", farmId, undefined, { limit: 10 }),
    );
    expect(result.items.map((f) => f.name)).toEqual(["A"]);
    expect(rows.map((r) => [r.origin, r.allowed, r.outcome])).toEqual([
      ["getFields", true, "done"],
    ]);
    await expect(
      getFields(fdm, "stranger", farmId, undefined, { limit: 10 }),
    ).rejects.toBeInstanceOf(FdmPermissionError);
    const refused = await fdm.select().from(auditLog).where(eq(auditLog.principalId, "stranger"));
    expect(refused.some((r) => r.resourceId === farmId && r.allowed === false)).toBe(true);
  });
});

describe("KeptPages", () => {
  const handle = {};
  /** A list of rows `[n]` read as `{ n }`, counting its parses. */
  function countingList() {
    const list = {
      parses: 0,
      parse: <T>(text: string | null | undefined) => {
        list.parses++;
        return (JSON.parse(text ?? "[]") as number[][]).map(([n]) => ({ n })) as T[];
      },
      copy: <T>(rows: readonly T[]) => rows.map((r) => ({ ...r })),
    };
    return list;
  }
  it("parses a kept page once and hands every read a copy", () => {
    const kept = new KeptPages();
    const list = countingList() as unknown as Parameters<KeptPages["read"]>[4] & {
      parses: number;
    };
    const first = kept.read<{ n: number }>(handle, "p", undefined, "3:[[1],[2]]", list);
    expect(first).toEqual({ rows: [{ n: 1 }, { n: 2 }], revision: 3 });
    (first.rows[0] as { n: number }).n = 99;
    const again = kept.read<{ n: number }>(handle, "p", kept.get(handle, "p"), "3:", list);
    expect(again).toEqual({ rows: [{ n: 1 }, { n: 2 }], revision: 3 });
    expect(again.rows).not.toBe(first.rows);
    expect(list.parses).toBe(1);
    const newer = kept.read<{ n: number }>(handle, "p", kept.get(handle, "p"), "4:[[5]]", list);
    expect(newer).toEqual({ rows: [{ n: 5 }], revision: 4 });
    expect(list.parses).toBe(2);
  });
  it("keeps the newest page: a slower read of an older revision does not replace it", () => {
    const kept = new KeptPages();
    expect(kept.take(handle, "k", undefined, "3:[3]")).toBe("[3]");
    expect(kept.get(handle, "k")).toEqual({ revision: 3, text: "[3]" });
    expect(kept.take(handle, "k", undefined, "2:[2]")).toBe("[2]");
    expect(kept.get(handle, "k")).toEqual({ revision: 3, text: "[3]" });
    expect(kept.take(handle, "k", undefined, "4:[4]")).toBe("[4]");
    expect(kept.get(handle, "k")?.revision).toBe(4);
  });

  it("serves the page a read was sent for, even if a newer one was kept meanwhile", () => {
    const kept = new KeptPages();
    kept.take(handle, "k", undefined, "5:[5]");
    const asked = kept.get(handle, "k");
    kept.take(handle, "k", asked, "6:[6]"); // a concurrent read saw revision 6
    expect(kept.take(handle, "k", asked, "5:")).toBe("[5]");
  });

  it("refuses a value that names a revision it holds no page of", () => {
    const kept = new KeptPages();
    expect(() => kept.take(handle, "k", undefined, "7:")).toThrow(
      "kept pages: no page of revision 7 was kept",
    );
    kept.take(handle, "k", undefined, "7:[7]");
    expect(() => kept.take(handle, "k", kept.get(handle, "k"), "8:")).toThrow(
      "no page of revision 8",
    );
  });

  it("keeps pages per handle and lets the oldest go past 8 million characters", () => {
    const kept = new KeptPages();
    const big = "x".repeat(1_500_000);
    for (let i = 0; i < 6; i++) kept.take(handle, `k${i}`, undefined, `1:${big}`);
    expect(kept.get(handle, "k0")).toBeUndefined();
    expect(kept.get(handle, "k1")?.text).toBe(big);
    expect(kept.get(handle, "k5")?.text).toBe(big);
    expect(kept.get({}, "k5")).toBeUndefined();
    // A page of over 2 million characters is served but not kept.
    expect(kept.take(handle, "huge", undefined, `1:${"y".repeat(2_000_001)}`)).toHaveLength(
      2_000_001,
    );
    expect(kept.get(handle, "huge")).toBeUndefined();
  });
});
