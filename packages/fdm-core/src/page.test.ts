import { type Query, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey, listApiKeys } from "./api-key.js";
import { getCultivationsFromCatalogue, getFertilizersFromCatalogue } from "./catalogue.js";
import { addCultivation, getCultivations, getCultivationsForFarm } from "./cultivation.js";
import { FdmError } from "./error.js";
import { addFarm, getFarms } from "./farm.js";
import {
  grantRoleToFarm,
  listFarmRoleOffers,
  listFarmRoleOffersForFarm,
  listPrincipalsForFarm,
} from "./farm-sharing.js";
import type { FdmType } from "./fdm.js";
import { addFertilizer, getFertilizers } from "./fertilizer.js";
import {
  addFertilizerApplication,
  getFertilizerApplications,
  getFertilizerApplicationsForFarm,
} from "./fertilizer-application.js";
import { addField, addFields, fieldsOfFarm, getFields, removeField } from "./field.js";
import { addHarvest, getHarvests, getHarvestsForFarm } from "./harvest.js";
import {
  acceptInvitation,
  createOrganization,
  getOrganizationsForUser,
  inviteUserToOrganization,
  listMembersOfOrganization,
  listPendingInvitationsForOrganization,
  listPendingInvitationsForUser,
} from "./organization.js";
import type { Page, PageRequest } from "./page.js";
import { Prepared } from "./prepared.js";
import { addSoilAnalysis, getSoilAnalyses } from "./soil.js";
import { withAuditRows } from "./test-audit.js";
import {
  addUser,
  createTestDatabase,
  grantAccepted,
  seedFarm,
  squareHa,
  type TestDatabase,
} from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
let fieldId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  ({ farmId, fieldId } = await seedFarm(db.fdm, "lister"));
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
/** Byte order, as the pages order keys (JavaScript's `<` on these ASCII ids). */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every page of a list, walked `size` at a time from the first. */
async function walk<T>(list: (page: PageRequest) => Promise<Page<T>>, size: number) {
  const pages: Page<T>[] = [];
  let after: string | undefined;
  do {
    const page = await list(after === undefined ? { limit: size } : { limit: size, after });
    pages.push(page);
    after = page.next ?? undefined;
  } while (after !== undefined && pages.length < 1000);
  return pages;
}

/**
 * The pages of `list`, `size` at a time, hold the items of the whole list (`all`) once each,
 * in the byte order of their keys; each page but the last is full, and only the last has no
 * `next`.
 */
async function expectPagesOf<T>(
  list: (page: PageRequest) => Promise<Page<T>>,
  all: T[],
  keyOf: (item: T) => string,
  size: number,
): Promise<void> {
  expect(all.length).toBeGreaterThan(size); // more than one page
  const pages = await walk(list, size);
  const keys = pages.flatMap((p) => p.items.map(keyOf));
  expect(keys).toEqual(all.map(keyOf).sort(byteOrder));
  expect(pages.flatMap((p) => p.items)).toEqual(
    [...all].sort((a, b) => byteOrder(keyOf(a), keyOf(b))),
  );
  expect(pages.slice(0, -1).every((p) => p.items.length === size && p.next !== null)).toBe(true);
  expect(pages.at(-1)?.next).toBeNull();
}

/** The plan of an `explain` query with placeholders, as drizzle runs it on `fdm`. */
async function planOf(fdm: FdmType, query: Query, values: Record<string, unknown>) {
  const session = (fdm as unknown as { _: { session: PreparingSession } })._.session;
  const result = await session.prepareQuery(query, undefined, undefined, false).execute(values);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as Record<string, string>[];
  return rows.map((r) => Object.values(r)[0]).join("\n");
}
type PreparingSession = {
  prepareQuery(
    query: Query,
    fields: undefined,
    name: undefined,
    arrayMode: false,
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
};

describe("the fields of a farm, a page at a time", () => {
  it("concatenate to the whole list in id order, each field once", async () => {
    const farm = await addFarm(db.fdm, "lister", { name: "Pages" });
    await addFields(
      db.fdm,
      "lister",
      farm,
      Array.from({ length: 23 }, (_, i) => field(`P ${i}`)),
    );
    const all = await getFields(db.fdm, "lister", farm);
    await expectPagesOf(
      (p) => getFields(db.fdm, "lister", farm, undefined, p),
      all,
      (f) => f.id,
      5,
    );
    await expectPagesOf(
      (p) => getFields(db.fdm, "lister", farm, undefined, p),
      all,
      (f) => f.id,
      1,
    );
    const one = await getFields(db.fdm, "lister", farm, undefined, { limit: 1000 });
    expect([one.items.length, one.next]).toEqual([23, null]);
  });

  it("fields added or removed between pages neither shift nor repeat the others", async () => {
    const farm = await addFarm(db.fdm, "lister", { name: "Busy" });
    const before = await addFields(
      db.fdm,
      "lister",
      farm,
      Array.from({ length: 30 }, (_, i) => field(`B ${i}`)),
    );
    const seen: string[] = [];
    // Each field added between two pages, with the cursor it was added at.
    const added: { id: string; cursor: string }[] = [];
    let removed: string | null = null;
    let after: string | undefined;
    do {
      const page = await getFields(db.fdm, "lister", farm, undefined, {
        limit: 7,
        ...(after === undefined ? {} : { after }),
      });
      seen.push(...page.items.map((f) => f.id));
      after = page.next ?? undefined;
      if (after === undefined) break;
      // Meanwhile another client adds fields (their ids fall anywhere in the order) …
      const cursor = after;
      const ids = await addFields(db.fdm, "lister", farm, [field("N 1"), field("N 2")]);
      added.push(...ids.map((id) => ({ id, cursor })));
      // … and removes one the walk has not reached yet.
      if (removed === null) {
        removed = before.filter((id) => id > cursor).sort(byteOrder)[3] as string;
        await removeField(db.fdm, "lister", removed);
      }
    } while (after !== undefined);
    expect(new Set(seen).size).toBe(seen.length); // nothing twice
    expect([...seen].sort(byteOrder)).toEqual(seen); // in id order
    // Every field that stayed is seen; the one removed ahead of the cursor is not.
    expect(seen.filter((id) => before.includes(id))).toEqual(
      before.filter((id) => id !== removed).sort(byteOrder),
    );
    // A field added behind the cursor is not shown (it would shift nothing); one ahead is.
    for (const { id, cursor } of added) expect(seen.includes(id)).toBe(id > cursor);
    expect(added.some(({ id, cursor }) => id > cursor)).toBe(true);
  });

  it("filter by the timeframe as the whole list does", async () => {
    const farm = await addFarm(db.fdm, "lister", { name: "Tenure" });
    await addFields(db.fdm, "lister", farm, [
      ...Array.from({ length: 6 }, (_, i) => field(`Old ${i}`)),
      ...Array.from({ length: 6 }, (_, i) => ({
        ...field(`New ${i}`),
        acquiringDate: new Date("2024-01-01"),
      })),
    ]);
    const tf = { start: new Date("2021-01-01"), end: new Date("2021-12-31") };
    const all = await getFields(db.fdm, "lister", farm, tf);
    expect(all).toHaveLength(6);
    await expectPagesOf(
      (p) => getFields(db.fdm, "lister", farm, tf, p),
      all,
      (f) => f.id,
      4,
    );
  });

  it("reads a page on the index of (farm, field id), not by sorting the farm's fields", async () => {
    const farm = await addFarm(db.fdm, "lister", { name: "Groot" });
    // 1,500 fields written directly: as many addFields calls would take long.
    const prefix = `${farm}_`;
    await db.fdm.execute(sql`
      insert into fields (id, name, geometry, area_ha)
      select ${prefix} || lpad(g::text, 4, '0'), 'Perceel ' || g, ${JSON.stringify(squareHa)}::jsonb, 1.0
      from generate_series(1, 1500) g`);
    await db.fdm.execute(sql`
      insert into field_acquiring (field_id, farm_id, acquiring_method, acquiring_date)
      select ${prefix} || lpad(g::text, 4, '0'), ${farm}, 'owner', '2020-01-01'
      from generate_series(1, 1500) g`);
    await db.fdm.execute(sql`analyze fields, field_acquiring, field_discarding`);
    // The page is read by one prepared statement (prepared.ts): its plan, for these values.
    const plans: string[] = [];
    const run = vi.spyOn(Prepared.prototype, "rows");
    const page = await fieldsOfFarm(
      db.fdm,
      farm,
      { start: null, end: null },
      { limit: 100, after: `${prefix}0700` },
    );
    for (const [i, statement] of run.mock.contexts.entries()) {
      const values = run.mock.calls[i]?.[1] ?? {};
      const { sql: text, params } = (statement as Prepared).query;
      plans.push(await planOf(db.fdm, { sql: `explain ${text}`, params }, values));
    }
    run.mockRestore();
    expect(page.map((f) => f.id)).toEqual(
      Array.from({ length: 101 }, (_, i) => `${prefix}${String(701 + i).padStart(4, "0")}`),
    );
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain("field_acquiring_farm_field_idx");
    expect(plans[0]).not.toMatch(/Sort Key: .*field_id/);
  });
});

describe("every list the REST API pages takes a page", () => {
  it("cultivations, harvests, applications, soil analyses and fertilizers of a farm", async () => {
    const fields = await addFields(db.fdm, "lister", farmId, [field("A"), field("B"), field("C")]);
    const cultivations: string[] = [];
    for (const f of [fieldId, ...fields]) {
      for (const year of [2021, 2022]) {
        cultivations.push(
          await addCultivation(db.fdm, "lister", f, {
            catalogueItemId: "nl_265",
            startDate: new Date(`${year}-01-01`),
          }),
        );
      }
    }
    for (const c of cultivations.slice(0, 3)) {
      for (const d of ["2023-05-01", "2023-07-01"]) {
        await addHarvest(db.fdm, "lister", c, { harvestDate: new Date(d), dryMatterYield: 3000 });
      }
    }
    const fertilizers: string[] = [];
    for (let i = 0; i < 4; i++) {
      fertilizers.push(
        await addFertilizer(db.fdm, "lister", farmId, {
          catalogueItemId: "rvo_14",
          acquiringDate: new Date("2021-01-01"),
        }),
      );
    }
    for (const f of [fieldId, fields[0] as string]) {
      for (const date of ["2023-03-01", "2023-04-01", "2023-05-01"]) {
        await addFertilizerApplication(db.fdm, "lister", f, {
          fertilizerId: fertilizers[0] as string,
          amountKgPerHa: 20000,
          method: "shallow_injection",
          applicationDate: new Date(date),
        });
      }
    }
    for (const date of ["2021-02-01", "2022-02-01", "2023-02-01", "2024-02-01"]) {
      await addSoilAnalysis(db.fdm, "lister", fieldId, {
        samplingDate: new Date(date),
        source: "laboratory",
        parameters: { pAl: 40 },
      });
    }
    const me = "lister";
    const id = (x: { id: string }) => x.id;
    await expectPagesOf(
      (p) => getCultivations(db.fdm, me, fieldId, undefined, p),
      await getCultivations(db.fdm, me, fieldId),
      id,
      1,
    );
    await expectPagesOf(
      (p) => getCultivationsForFarm(db.fdm, me, farmId, undefined, p),
      await getCultivationsForFarm(db.fdm, me, farmId),
      id,
      3,
    );
    const tf = { start: new Date("2023-01-01"), end: new Date("2023-06-30") };
    await expectPagesOf(
      (p) => getHarvests(db.fdm, me, cultivations[0] as string, p),
      await getHarvests(db.fdm, me, cultivations[0] as string),
      id,
      1,
    );
    await expectPagesOf(
      (p) => getHarvestsForFarm(db.fdm, me, farmId, undefined, p),
      await getHarvestsForFarm(db.fdm, me, farmId),
      id,
      4,
    );
    await expectPagesOf(
      (p) => getHarvestsForFarm(db.fdm, me, farmId, tf, p),
      await getHarvestsForFarm(db.fdm, me, farmId, tf),
      id,
      2,
    );
    await expectPagesOf(
      (p) => getFertilizers(db.fdm, me, farmId, p),
      await getFertilizers(db.fdm, me, farmId),
      id,
      3,
    );
    await expectPagesOf(
      (p) => getFertilizerApplications(db.fdm, me, fieldId, tf, p),
      await getFertilizerApplications(db.fdm, me, fieldId, tf),
      id,
      2,
    );
    await expectPagesOf(
      (p) => getFertilizerApplicationsForFarm(db.fdm, me, farmId, undefined, p),
      await getFertilizerApplicationsForFarm(db.fdm, me, farmId),
      id,
      4,
    );
    await expectPagesOf(
      (p) => getSoilAnalyses(db.fdm, me, fieldId, undefined, p),
      await getSoilAnalyses(db.fdm, me, fieldId),
      id,
      3,
    );
  });

  it("the catalogues a farm picks from, by item id", async () => {
    const me = "lister";
    const itemId = (i: { itemId: string }) => i.itemId;
    await expectPagesOf(
      (p) => getCultivationsFromCatalogue(db.fdm, me, farmId, undefined, p),
      await getCultivationsFromCatalogue(db.fdm, me, farmId),
      itemId,
      200,
    );
    const some = { itemIds: ["nl_265", "nl_233", "nl_9999"] };
    await expectPagesOf(
      (p) => getCultivationsFromCatalogue(db.fdm, me, farmId, some, p),
      await getCultivationsFromCatalogue(db.fdm, me, farmId, some),
      itemId,
      1,
    );
    await expectPagesOf(
      (p) => getFertilizersFromCatalogue(db.fdm, me, farmId, p),
      await getFertilizersFromCatalogue(db.fdm, me, farmId),
      itemId,
      50,
    );
  });

  it("farms, API keys, organizations, members, invitations, principals and offers", async () => {
    const anna = await addUser(db.fdm, { name: "Anna", email: "anna.pages@example.org" });
    const bram = await addUser(db.fdm, { name: "Bram", email: "bram.pages@example.org" });
    const farms: string[] = [];
    for (let i = 0; i < 5; i++) farms.push(await addFarm(db.fdm, anna, { name: `Farm ${i}` }));
    for (let i = 0; i < 4; i++) await createApiKey(db.fdm, anna, { name: `key ${i}` });
    const organizations: string[] = [];
    for (let i = 0; i < 3; i++) {
      organizations.push(
        await createOrganization(db.fdm, anna, { name: `Org ${i}`, slug: `pages-org-${i}` }),
      );
    }
    const org = organizations[0] as string;
    const members: string[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `member${i}.pages@example.org`;
      const user = await addUser(db.fdm, { name: `Member ${i}`, email });
      members.push(user);
      const invitation = await inviteUserToOrganization(db.fdm, anna, org, {
        email,
        role: "member",
      });
      await acceptInvitation(db.fdm, user, invitation);
    }
    for (let i = 0; i < 3; i++) {
      await inviteUserToOrganization(db.fdm, anna, org, {
        email: `pending${i}.pages@example.org`,
        role: "member",
      });
    }
    for (const o of organizations.slice(1)) {
      await inviteUserToOrganization(db.fdm, anna, o, {
        email: "bram.pages@example.org",
        role: "member",
      });
    }
    for (const m of members) await grantAccepted(db.fdm, anna, m, farms[0] as string, "advisor");
    // `owner` for another principal goes out as an offer until it is accepted.
    for (const f of farms) await grantRoleToFarm(db.fdm, anna, bram, f, "owner");
    await grantRoleToFarm(db.fdm, anna, members[0] as string, farms[1] as string, "owner");
    const id = (x: { id: string }) => x.id;
    await expectPagesOf((p) => getFarms(db.fdm, anna, p), await getFarms(db.fdm, anna), id, 2);
    await expectPagesOf(
      (p) => listApiKeys(db.fdm, anna, p),
      await listApiKeys(db.fdm, anna),
      id,
      3,
    );
    await expectPagesOf(
      (p) => getOrganizationsForUser(db.fdm, anna, p),
      await getOrganizationsForUser(db.fdm, anna),
      id,
      2,
    );
    await expectPagesOf(
      (p) => listMembersOfOrganization(db.fdm, anna, org, p),
      await listMembersOfOrganization(db.fdm, anna, org),
      (m) => m.user.id,
      2,
    );
    await expectPagesOf(
      (p) => listPendingInvitationsForOrganization(db.fdm, anna, org, p),
      await listPendingInvitationsForOrganization(db.fdm, anna, org),
      id,
      2,
    );
    await expectPagesOf(
      (p) => listPendingInvitationsForUser(db.fdm, bram, p),
      await listPendingInvitationsForUser(db.fdm, bram),
      id,
      1,
    );
    await expectPagesOf(
      (p) => listPrincipalsForFarm(db.fdm, anna, farms[0] as string, p),
      await listPrincipalsForFarm(db.fdm, anna, farms[0] as string),
      (x) => x.principalId,
      2,
    );
    // Offers to a user are keyed by farm and receiver.
    const offers = await listFarmRoleOffers(db.fdm, bram);
    expect(offers).toHaveLength(5);
    await expectPagesOf(
      (p) => listFarmRoleOffers(db.fdm, bram, undefined, p),
      offers,
      (o) => `${o.farmId}\u0001${o.principalId}`,
      2,
    );
    await expectPagesOf(
      (p) => listFarmRoleOffersForFarm(db.fdm, anna, farms[1] as string, p),
      await listFarmRoleOffersForFarm(db.fdm, anna, farms[1] as string),
      (o) => o.principalId,
      1,
    );
  });
});

describe("a bad page is refused before anything is read", () => {
  const bad: [unknown, string, string][] = [
    [{ limit: 0 }, "page.limit", "must be a whole number from 1 to 1000"],
    [{ limit: 1001 }, "page.limit", "must be a whole number from 1 to 1000"],
    [{ limit: 2.5 }, "page.limit", "must be a whole number from 1 to 1000"],
    [{ limit: "10" }, "page.limit", "must be a whole number from 1 to 1000"],
    [{}, "page.limit", "must be a whole number from 1 to 1000"],
    [{ limit: 10, after: 5 }, "page.after", "must be a string of at most 200 characters"],
    [
      { limit: 10, after: "x".repeat(201) },
      "page.after",
      "must be a string of at most 200 characters",
    ],
    [null, "page", "must be an object with limit and, optionally, after"],
    [[10], "page", "must be an object with limit and, optionally, after"],
  ];
  it.each(bad)("%j: INVALID_INPUT naming %s, and no audit row", async (page, field, rule) => {
    const { rows } = await withAuditRows(db.fdm, async () => {
      const err = await getFields(db.fdm, "lister", farmId, undefined, page as PageRequest).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(FdmError);
      expect(err).toMatchObject({ code: "INVALID_INPUT", field, message: `${field}: ${rule}.` });
    });
    expect(rows).toEqual([]);
  });

  it("an `after` no item has simply starts after it; a key past the end gives an empty last page", async () => {
    const all = await getFields(db.fdm, "lister", farmId);
    const page = await getFields(db.fdm, "lister", farmId, undefined, { limit: 10, after: "" });
    expect(page.items.map((f) => f.id)).toEqual(
      all
        .map((f) => f.id)
        .sort(byteOrder)
        .slice(0, 10),
    );
    expect(await getFields(db.fdm, "lister", farmId, undefined, { limit: 10, after: "~" })).toEqual(
      {
        items: [],
        next: null,
        revision: expect.any(Number),
      },
    );
  });

  it("a principal without access is refused as without a page", async () => {
    await expect(
      getFields(db.fdm, "stranger", farmId, undefined, { limit: 10 }),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    await expect(addField(db.fdm, "stranger", farmId, field("x"))).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
  });
});
