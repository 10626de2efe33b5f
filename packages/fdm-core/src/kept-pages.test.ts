// Pages of fields kept by the revision of their farm's field list (page.ts, KeptPages; the
// triggers of migrations 0009 and 0010): a kept page is served only while no change touched its
// key range, so every change shows on the next read, through this handle or another, and
// access is checked and audited on every read as before.
import { inspect } from "node:util";
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
import { auditLog, farmFieldChanges, farmRevisions } from "./schema.js";
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

  it("shows a kept page as plain data: console.log, JSON and spreading see its items", async () => {
    const fdm = db.fdm;
    const farmId = await addFarm(fdm, "owner", { name: "Shown" });
    await addFields(fdm, "owner", farmId, [field("A")]);
    await names(fdm, farmId);
    const page = await getFields(fdm, "owner", farmId, undefined, { limit: 10 });
    const shown = inspect(page, { depth: 1 });
    expect(shown).toMatch(/^\{ items: \[ \[Object\] \], next: null, revision: \d+ \}$/);
    expect(inspect(page, { depth: 3 })).toContain("name: 'A'");
    expect(JSON.parse(JSON.stringify(page)).items[0].name).toBe("A");
    expect({ ...page }.items[0]?.name).toBe("A");
    expect(Object.keys(page)).toEqual(["items", "next", "revision"]);
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

describe("a kept page and changes elsewhere in the list", () => {
  /** Reads pages of `limit` through `fdm`, noting what each statement sent back. */
  async function walk(fdm: FdmType, farmId: string, limit: number) {
    const pages: { names: string[]; revision: number | undefined; sent: string }[] = [];
    const read = vi.spyOn(KeptPages.prototype, "read");
    try {
      let after: string | undefined;
      do {
        const page = await getFields(fdm, "owner", farmId, undefined, { limit, after });
        const value = read.mock.calls.at(-1)?.[3] as string;
        pages.push({
          names: page.items.map((f) => f.name),
          revision: page.revision,
          sent: value.endsWith(":") ? "kept" : "built",
        });
        after = page.next ?? undefined;
      } while (after !== undefined);
    } finally {
      read.mockRestore();
    }
    return pages;
  }

  it("keeps a page whose key range no change touched, and builds one whose range changed", async () => {
    const fdm = db.fdm;
    const second = await db.openSecond();
    const farmId = await addFarm(fdm, "owner", { name: "Key ranges" });
    await addFields(fdm, "owner", farmId, ["A", "B", "C", "D", "E", "F"].map(field));
    // The fields in key order, as the pages hold them.
    const ids = (await getFields(fdm, "owner", farmId)).map((f) => f.id).sort();
    const nameOf = async (i: number) =>
      (await getFields(fdm, "owner", farmId)).find((f) => f.id === ids[i])?.name;
    const first = await walk(fdm, farmId, 2);
    expect(first.map((p) => p.sent)).toEqual(["built", "built", "built"]);
    const at = first[0]?.revision as number;

    // A field of the last page changes (through another handle): the first two pages hold.
    await updateField(second, "owner", ids[5] as string, { name: "F, renamed" });
    const second1 = await walk(fdm, farmId, 2);
    expect(second1.map((p) => p.sent)).toEqual(["kept", "kept", "built"]);
    // A kept page tells the revision its items were read at; the rebuilt one the new revision.
    expect(second1.map((p) => p.revision)).toEqual([at, at, at + 1]);
    expect(second1.flatMap((p) => p.names)).toContain("F, renamed");

    // A field of the first page changes: only that page is built again.
    await updateField(second, "owner", ids[1] as string, { name: "renamed too" });
    const third = await walk(fdm, farmId, 2);
    expect(third.map((p) => p.sent)).toEqual(["built", "kept", "kept"]);
    expect(third[0]?.names).toContain("renamed too");
    expect(await nameOf(1)).toBe("renamed too");

    // The field read past the first page (the first of the second) belongs to both ranges.
    await discardField(second, "owner", ids[2] as string, new Date("2024-12-31"));
    const fourth = await walk(fdm, farmId, 2);
    expect(fourth.map((p) => p.sent)).toEqual(["built", "built", "kept"]);

    // A field removed from the middle: the pages from there on start elsewhere and are built.
    await removeField(second, "owner", ids[3] as string);
    const fifth = await walk(fdm, farmId, 2);
    expect(fifth.map((p) => p.sent)).toEqual(["kept", "built", "built"]);
    const remaining = (await getFields(fdm, "owner", farmId)).map((f) => f.name).sort();
    expect(remaining).toHaveLength(5);
    expect(remaining).toContain("renamed too");
    expect(fifth.flatMap((p) => p.names).sort()).toEqual(remaining);
  }, 60_000);

  it("walks the list exactly through random changes, as a read without pages sees it", async () => {
    const fdm = db.fdm;
    const second = await db.openSecond();
    const farmId = await addFarm(fdm, "owner", { name: "Random changes" });
    await addFields(
      fdm,
      "owner",
      farmId,
      Array.from({ length: 12 }, (_, i) => field(`F${i}`)),
    );
    // A fixed sequence of pseudo-random choices, so that a failure can be replayed.
    let seed = 20261129;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const kept: string[] = [];
    for (let step = 0; step < 40; step++) {
      const all = await getFields(fdm, "owner", farmId);
      const target = all[next(all.length)] as Field;
      const kind = next(4);
      if (kind === 0 || all.length < 4) await addField(second, "owner", farmId, field(`N${step}`));
      else if (kind === 1) await updateField(second, "owner", target.id, { name: `R${step}` });
      else if (kind === 2) await discardField(second, "owner", target.id, new Date("2025-06-01"));
      else await removeField(second, "owner", target.id);
      for (const limit of [1, 3, 5]) {
        const pages = await walk(fdm, farmId, limit);
        kept.push(...pages.map((p) => p.sent));
        const expected = (await getFields(fdm, "owner", farmId))
          .map((f) => `${f.id} ${f.name} ${f.discardingDate?.toISOString() ?? "-"}`)
          .sort();
        const fresh = await getFields(fdm, "owner", farmId, undefined, { limit: 1000 });
        expect(fresh.items.length).toBe(expected.length);
        const walked: string[] = [];
        let after: string | undefined;
        do {
          const page = await getFields(fdm, "owner", farmId, undefined, { limit, after });
          walked.push(
            ...page.items.map((f) => `${f.id} ${f.name} ${f.discardingDate?.toISOString() ?? "-"}`),
          );
          after = page.next ?? undefined;
        } while (after !== undefined);
        expect(walked).toEqual(expected);
      }
    }
    // The walks did take kept pages (else this test would show nothing of them).
    expect(kept.filter((s) => s === "kept").length).toBeGreaterThan(100);
  }, 120_000);

  it("keeps the changes of a farm's last 1,000 revisions; a page kept longer ago is built again", async () => {
    const fdm = db.fdm;
    const farmId = await addFarm(fdm, "owner", { name: "Pruned" });
    const [a] = await addFields(fdm, "owner", farmId, [field("A"), field("B"), field("C")]);
    const changes = () =>
      fdm
        .select({ revision: farmFieldChanges.revision })
        .from(farmFieldChanges)
        .where(eq(farmFieldChanges.farmId, farmId));
    expect((await changes()).length).toBe(3);
    const at = await revision(fdm, farmId);
    expect((await walk(fdm, farmId, 10)).map((p) => p.sent)).toEqual(["built"]);
    // Another farm's revisions move on, with no change to this page's range: 1,000 later it
    // is still taken, one more and it is built, as older changes may have been pruned.
    await fdm
      .update(farmRevisions)
      .set({ fields: at + 1000 })
      .where(eq(farmRevisions.farmId, farmId));
    expect((await walk(fdm, farmId, 10)).map((p) => p.sent)).toEqual(["kept"]);
    const fresh = new KeptPages();
    expect(fresh.get(fdm, "x")).toBeUndefined();
    await fdm
      .update(farmRevisions)
      .set({ fields: at + 2001 })
      .where(eq(farmRevisions.farmId, farmId));
    expect((await walk(fdm, farmId, 10)).map((p) => p.sent)).toEqual(["built"]);
    // The next change prunes every change of a revision 1,000 or more behind it.
    await updateField(fdm, "owner", a as string, { name: "A2" });
    expect((await changes()).map((c) => c.revision)).toEqual([at + 2002]);
  }, 60_000);
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
  type List = Parameters<KeptPages["read"]>[4];
  /** The key range's end of rows `{ n }` read with a page size of 2 (see KeptPage.end). */
  const endOf = (rows: { n: number }[]) => (rows.length > 2 ? String(rows[2]?.n) : null);
  const read = (
    kept: KeptPages,
    key: string,
    value: string,
    list: List = countingList() as never,
  ) => kept.read<{ n: number }>(handle, key, kept.get(handle, key), value, list, endOf);

  it("parses a kept page once and hands out its rows as shared, a new page's too", () => {
    const kept = new KeptPages();
    const list = countingList() as unknown as List & { parses: number };
    const first = kept.read<{ n: number }>(handle, "p", undefined, "3:[[1],[2],[3]]", list, endOf);
    expect(first).toEqual({ rows: [{ n: 1 }, { n: 2 }, { n: 3 }], version: 3, shared: true });
    expect(kept.get(handle, "p")).toMatchObject({ revision: 3, version: 3, end: "3" });
    const again = read(kept, "p", "3:", list);
    expect(again).toEqual({ rows: [{ n: 1 }, { n: 2 }, { n: 3 }], version: 3, shared: true });
    expect(again.rows).toBe(first.rows);
    expect(list.parses).toBe(1);
    const newer = read(kept, "p", "4:[[5]]", list);
    expect(newer).toEqual({ rows: [{ n: 5 }], version: 4, shared: true });
    expect(kept.get(handle, "p")).toMatchObject({ revision: 4, version: 4, end: null });
    expect(list.parses).toBe(2);
  });

  it("takes the statement's word that a kept page holds at a later revision, and tells its own", () => {
    const kept = new KeptPages();
    read(kept, "p", "3:[[1]]");
    const later = read(kept, "p", "9:");
    expect(later).toEqual({ rows: [{ n: 1 }], version: 3, shared: true });
    // The next statement is sent revision 9 as `known`: it need only look at changes since.
    expect(kept.get(handle, "p")).toMatchObject({ revision: 9, version: 3 });
  });

  it("keeps the newest page: a slower read of an older revision does not replace it", () => {
    const kept = new KeptPages();
    read(kept, "k", "3:[[3]]");
    expect(kept.get(handle, "k")).toMatchObject({ revision: 3, text: "[[3]]" });
    const older = read(kept, "k", "2:[[2]]");
    expect(older).toEqual({ rows: [{ n: 2 }], version: 2, shared: false });
    expect(kept.get(handle, "k")).toMatchObject({ revision: 3, text: "[[3]]" });
    read(kept, "k", "4:[[4]]");
    expect(kept.get(handle, "k")?.revision).toBe(4);
  });

  it("serves the page a read was sent for, even if a newer one was kept meanwhile", () => {
    const kept = new KeptPages();
    read(kept, "k", "5:[[5]]");
    const asked = kept.get(handle, "k");
    read(kept, "k", "6:[[6]]"); // a concurrent read saw revision 6
    const served = kept.read<{ n: number }>(
      handle,
      "k",
      asked,
      "5:",
      countingList() as never,
      endOf,
    );
    expect(served).toEqual({ rows: [{ n: 5 }], version: 5, shared: true });
  });

  it("refuses a value that names a revision when no page, or a newer one, was kept", () => {
    const kept = new KeptPages();
    expect(() => read(kept, "k", "7:")).toThrow("kept pages: no page of revision 7 was kept");
    read(kept, "k", "7:[[7]]");
    expect(() => read(kept, "k", "6:")).toThrow("no page of revision 6");
  });

  it("keeps pages per handle and lets the oldest go past 8 million characters", () => {
    const kept = new KeptPages();
    const big = `[${"[1],".repeat(375_000)}[1]]`;
    for (let i = 0; i < 6; i++) read(kept, `k${i}`, `1:${big}`);
    expect(kept.get(handle, "k0")).toBeUndefined();
    expect(kept.get(handle, "k1")?.text).toBe(big);
    expect(kept.get(handle, "k5")?.text).toBe(big);
    expect(kept.get({}, "k5")).toBeUndefined();
    // A page of over 2 million characters is served but not kept.
    const huge = `[${"[2],".repeat(500_001)}[2]]`;
    expect(read(kept, "huge", `1:${huge}`).rows).toHaveLength(500_002);
    expect(kept.get(handle, "huge")).toBeUndefined();
  });
});
