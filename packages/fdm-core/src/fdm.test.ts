import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "./authorization.js";
import { FdmError } from "./error.js";
import { addFarm, getFarms } from "./farm.js";
import { closeFdm, createFdmLocal, createFdmServer, migrateFdm } from "./fdm.js";
import { addUser, countRows, createTestDatabase, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.fdm.execute(query)) as unknown as { rows?: T[] } & T[];
  return result.rows ?? [...result];
}

describe("migrations", () => {
  it("creates every table of the schema in an empty database", async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual([
      "api_keys",
      "audit_log",
      "auth_account",
      "auth_session",
      "auth_user",
      "auth_verification",
      "cultivation_catalogue",
      "cultivation_ending",
      "cultivation_harvesting",
      "cultivation_residues",
      "cultivation_starting",
      "cultivations",
      "derogations",
      "farm_cultivation_catalogues",
      "farm_fertilizer_catalogues",
      "farm_field_changes",
      "farm_revisions",
      "farm_role_offers",
      "farm_roles",
      "farms",
      "fertilizer_acquiring",
      "fertilizer_applying",
      "fertilizer_catalogue",
      "fertilizers",
      "field_acquiring",
      "field_discarding",
      "fields",
      "grazing_intentions",
      "harvestable_analyses",
      "harvestables",
      "organic_certifications",
      "organization_invitations",
      "organization_members",
      "organizations",
      "soil_analyses",
      "soil_sampling",
    ]);
  });

  it("creates the calculation cache in its own schema", async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'fdm_calculator_cache' order by table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(["calculation_errors", "calculation_results"]);
  });

  it("creates the enumerations with their values", async () => {
    const enums = await rows<{ typname: string; labels: string }>(
      sql`select t.typname, string_agg(e.enumlabel, ',' order by e.enumsortorder) as labels
          from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname order by t.typname`,
    );
    const byName = Object.fromEntries(enums.map((e) => [e.typname, e.labels]));
    expect(Object.keys(byName)).toEqual([
      "acquiring_method",
      "application_method",
      "audit_outcome",
      "farm_role",
      "fertilizer_form",
      "gwl_class",
      "harvest_category",
      "harvestable",
      "invitation_status",
      "organization_role",
      "rotation",
      "soil_analysis_source",
      "soiltype",
      "type_rvo",
    ]);
    expect(byName.harvestable).toBe("once,multiple,none");
    expect(byName.farm_role).toBe("owner,advisor,researcher");
    expect(byName.invitation_status).toBe("pending,accepted,declined,revoked");
    expect(byName.audit_outcome).toBe("done,failed,refused");
    // The 58 mestcodes of Table 11 (2025), then the RENURE codes 130–134 of 2026.
    expect(byName.type_rvo?.split(",")).toHaveLength(63);
    expect(byName.type_rvo?.split(",").slice(-5)).toEqual(["130", "131", "132", "133", "134"]);
    expect(byName.harvest_category).toBe("HC010,HC020,HC031,HC040,HC041,HC042,HC050");
  });

  it("records each migration once, and a second run changes nothing", async () => {
    const count = async () =>
      (
        await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
      )[0]?.n;
    const before = await count();
    expect(before).toBe(11);
    await migrateFdm(db.fdm);
    await migrateFdm(db.fdm);
    expect(await count()).toBe(before);
  });

  it("rejects an invalid enum value in the database itself", async () => {
    await expect(
      db.fdm.execute(
        sql`insert into farm_roles (farm_id, principal_id, role) values ('x', 'y', 'king')`,
      ),
    ).rejects.toThrow();
  });
});

describe("createFdmLocal", () => {
  it("keeps data in a data directory between openings", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fdm-core-test-"));
    try {
      const first = await createFdmLocal({ dataDir: dir });
      const owner = await addUser(first, { name: "Anna", email: "anna@example.org" });
      await addFarm(first, owner, { name: "Blijvend" });
      await closeFdm(first);
      const second = await createFdmLocal({ dataDir: dir });
      expect((await getFarms(second, owner)).map((f) => f.name)).toEqual(["Blijvend"]);
      await closeFdm(second);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("opens each in-memory database empty and migrated, also when several open at once", async () => {
    // The first opening of the process dumps its migrated database; the others start from it.
    const first = await createFdmLocal();
    const owner = await addUser(first, { name: "Anna", email: "anna@example.org" });
    await addFarm(first, owner, { name: "Alleen in de eerste" });
    const more = await Promise.all([createFdmLocal(), createFdmLocal(), createFdmLocal()]);
    try {
      for (const fdm of more) {
        const journal = await rowsOf<{ n: number | string }>(
          fdm,
          sql`select count(*) as n from drizzle.__drizzle_migrations`,
        );
        const expected = await rowsOf<{ n: number | string }>(
          first,
          sql`select count(*) as n from drizzle.__drizzle_migrations`,
        );
        expect(Number(journal[0]?.n)).toBe(Number(expected[0]?.n));
        expect(Number(journal[0]?.n)).toBeGreaterThan(5);
        // Nothing of the first database: no user, no farm.
        const users = await rowsOf<{ n: number | string }>(
          fdm,
          sql`select count(*) as n from auth_user`,
        );
        expect(Number(users[0]?.n)).toBe(0);
        const farms = await rowsOf<{ n: number | string }>(
          fdm,
          sql`select count(*) as n from farms`,
        );
        expect(Number(farms[0]?.n)).toBe(0);
      }
      // Each is its own: a farm in one is not in another.
      const other = await addUser(more[0] as (typeof more)[number], {
        name: "Bram",
        email: "bram@example.org",
      });
      await addFarm(more[0] as (typeof more)[number], other, { name: "Tweede" });
      expect(await getFarms(more[1] as (typeof more)[number], other).catch((e) => e.code)).toBe(
        "PERMISSION_DENIED",
      );
    } finally {
      await closeFdm(first);
      for (const fdm of more) await closeFdm(fdm);
    }
  }, 120_000);

  it("refreshes the planner statistics as guarded writes add up (PGlite runs no autovacuum)", async () => {
    const fdm = await createFdmLocal();
    try {
      const owner = await addUser(fdm, { name: "Anna", email: "anna@example.org" });
      const farmRows = async () => {
        const [stats] = await rowsOf<{ tuples: number }>(
          fdm,
          sql`select reltuples::float8 as tuples from pg_class where relname = 'farms'`,
        );
        return Number(stats?.tuples);
      };
      for (let i = 0; i < 63; i++) await addFarm(fdm, owner, { name: `Farm ${i}` });
      // Never analysed: PostgreSQL's "unknown" (-1), which the planner treats as a small table.
      expect(await farmRows()).toBe(-1);
      await addFarm(fdm, owner, { name: "Farm 63" });
      // The 64th write refreshed the statistics: the planner now knows 64 farms.
      expect(await farmRows()).toBe(64);
    } finally {
      await closeFdm(fdm);
    }
  }, 60_000);
});

/** The migrations fdm-core ships, from their journal (drizzle/meta/_journal.json). */
const shippedMigrations = (
  JSON.parse(readFileSync(new URL("../drizzle/meta/_journal.json", import.meta.url), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

async function appliedMigrations(fdm: Parameters<typeof rowsOf>[0]): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    fdm,
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  );
  return Number(row?.n);
}

// A test database starts from one made once per run (tests/global-setup.ts): a PGlite
// dump, or a PostgreSQL template. What every test file relies on is proven here.
describe("test databases", () => {
  it(`start migrated, without farm data or catalogue items, each its own (${process.env.FDM_TEST_DATABASE_URL ? "postgres" : "pglite"})`, async () => {
    const [a, b] = [await createTestDatabase(), await createTestDatabase()];
    try {
      for (const d of [a, b]) {
        expect(await appliedMigrations(d.fdm)).toBe(shippedMigrations);
        // The named test users (test-setup.ts) and nothing else; no audit row either.
        const { authUser, ...rest } = await countRows(d.fdm);
        expect(authUser).toBeGreaterThan(0);
        expect(rest).toEqual(Object.fromEntries(Object.keys(rest).map((table) => [table, 0])));
        const [audit] = await rowsOf<{ n: number | string }>(
          d.fdm,
          sql`select count(*) as n from audit_log`,
        );
        expect(Number(audit?.n)).toBe(0);
      }
      await addFarm(a.fdm, "owner", { name: "Alleen in a" });
      expect((await getFarms(a.fdm, "owner")).map((f) => f.name)).toEqual(["Alleen in a"]);
      expect(await getFarms(b.fdm, "owner")).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);
});

describe("createFdmLocal from a dump file (FDM_TEST_PGLITE_DUMP)", () => {
  const dir = mkdtempSync(join(tmpdir(), "fdm-core-dump-"));
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("starts every in-memory database from the file, migrated and each its own", async () => {
    // A dump with one farm in it, so that what is loaded shows where it came from.
    const source = await createFdmLocal();
    const owner = await addUser(source, { name: "Anna", email: "anna@example.org" });
    await addFarm(source, owner, { name: "Uit het bestand" });
    await source.$client.exec("CHECKPOINT");
    const file = join(dir, "marked.tar");
    const dump = await source.$client.dumpDataDir("none");
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    await closeFdm(source);

    vi.stubEnv("FDM_TEST_PGLITE_DUMP", file);
    vi.resetModules();
    // fdm.js as a new test process loads it: no dump kept yet.
    const fresh = await import("./fdm.js");
    const [a, b] = [await fresh.createFdmLocal(), await fresh.createFdmLocal()];
    try {
      for (const fdm of [a, b]) {
        expect((await getFarms(fdm, owner)).map((f) => f.name)).toEqual(["Uit het bestand"]);
        expect(await appliedMigrations(fdm)).toBe(shippedMigrations);
      }
      await addFarm(a, owner, { name: "Alleen in a" });
      expect((await getFarms(b, owner)).map((f) => f.name)).toEqual(["Uit het bestand"]);
    } finally {
      await fresh.closeFdm(a);
      await fresh.closeFdm(b);
    }
  }, 120_000);

  it("fails with DATABASE, naming the file, when it cannot be read", async () => {
    const missing = join(dir, "missing.tar");
    vi.stubEnv("FDM_TEST_PGLITE_DUMP", missing);
    vi.resetModules();
    const fresh = await import("./fdm.js");
    const error = await fresh.createFdmLocal().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "DATABASE" });
    expect(String((error as Error).cause)).toContain(missing);
  });
});

describe("createFdmServer", () => {
  it("rejects a connection string that is not a postgres URL", () => {
    expect(() => createFdmServer("mysql://localhost/db")).toThrowError(
      expect.objectContaining({ code: "INVALID_INPUT", field: "connection" }),
    );
  });

  it("rejects a connection that is neither string nor options", () => {
    expect(() => createFdmServer(42 as never)).toThrow(FdmError);
  });

  it("accepts postgres-js options without connecting yet", async () => {
    const fdm = createFdmServer({
      host: "127.0.0.1",
      port: 5432,
      database: "postgres",
      user: "postgres",
    });
    await closeFdm(fdm);
  });
});

describe("closeFdm and migrateFdm", () => {
  it("reject a handle fdm-core did not create", async () => {
    await expect(closeFdm({} as never)).rejects.toMatchObject({
      code: "INVALID_INPUT",
      field: "fdm",
    });
    await expect(migrateFdm({} as never)).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });
});
