import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import lzma from "lzma-native";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFdmAuth } from "../../packages/fdm-core/src/auth";
import { syncCatalogues } from "../../packages/fdm-core/src/catalogue";
import { addFarm, getFarms } from "../../packages/fdm-core/src/farm";
import type { FdmType } from "../../packages/fdm-core/src/fdm";
import {
  closeFdm as closeNode,
  createFdmLocal as createNode,
} from "../../packages/fdm-core/src/fdm";
import { closeFdm, createFdmLocal } from "../../packages/fdm-core/src/fdm-browser";
import { addField, getField } from "../../packages/fdm-core/src/field";
import {
  bundleFiles,
  engineFiles,
  engineKey,
  unused,
  writeEngine,
} from "../../src/plugins/toolkit-engine";

/**
 * The database engine the site builds for the toolkit in the browser
 * (src/plugins/toolkit-engine.ts): the snapshot must be exactly what fdm-core's
 * migrations build, so that it cannot go stale, and the trimmed PGlite bundle
 * must run what the samples do.
 */
const siteDir = path.resolve(__dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "fdm-engine-"));
let engine: { wasmModule: WebAssembly.Module; fsBundle: Blob };
let snapshot: Blob;

beforeAll(async () => {
  await writeEngine(siteDir, dir, preset);
  engine = {
    wasmModule: await WebAssembly.compile(await unpacked("wasm")),
    fsBundle: new Blob([await unpacked("data")]),
  };
  const snapshotBytes = await unpacked("snapshot");
  // The whole data directory unpacked is about 10 MB (25 MB with 16 MB WAL segments).
  expect(snapshotBytes.length).toBeLessThan(12e6);
  snapshot = new Blob([snapshotBytes]);
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// xz's preset 1 rather than the site's 6: these tests read the contents, and 6 takes 8 s.
const preset = 1;
const unpacked = (name: keyof typeof engineFiles): Promise<Buffer<ArrayBuffer>> =>
  new Promise((resolve, reject) =>
    lzma.decompress(readFileSync(path.join(dir, engineFiles[name])), (result, error) =>
      error ? reject(error) : resolve(result),
    ),
  );

type Row = Record<string, unknown>;
async function rows(fdm: FdmType, query: string): Promise<Row[]> {
  return ((await fdm.execute(sql.raw(query))) as unknown as { rows: Row[] }).rows;
}

// The schema as PostgreSQL describes it: tables and columns, enums, constraints,
// indexes, and the migrations journal (hash and timestamp of each migration).
const schemaQueries = {
  journal: "select hash, created_at from drizzle.__drizzle_migrations order by id",
  columns: `select table_schema, table_name, column_name, data_type, udt_name, is_nullable, column_default
    from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2, 3`,
  enums: `select t.typname, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
    from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname order by 1`,
  constraints: `select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def
    from pg_constraint where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    order by 1, 2`,
  indexes: `select schemaname, tablename, indexname, indexdef from pg_indexes
    where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2, 3`,
};

describe("the toolkit's database snapshot", () => {
  it("holds exactly the schema and migrations journal that fdm-core's migrations build", async () => {
    const fromSnapshot = await createFdmLocal({ loadDataDir: snapshot, engine });
    const migrated = await createNode();
    try {
      for (const [name, query] of Object.entries(schemaQueries)) {
        const expected = await rows(migrated, query);
        expect(expected.length, name).toBeGreaterThan(0);
        expect(await rows(fromSnapshot, query), name).toEqual(expected);
      }
      // Nothing but the one database: the templates are dropped to keep the file small.
      expect(await rows(fromSnapshot, "select datname from pg_database")).toEqual([
        { datname: "postgres" },
      ]);
      // Sized for a browser tab, and one small zero-filled WAL segment holding the checkpoint.
      expect(
        await rows(
          fromSnapshot,
          "select current_setting('shared_buffers') as sb, current_setting('max_connections') as mc, current_setting('wal_segment_size') as seg",
        ),
      ).toEqual([{ sb: "16MB", mc: "10", seg: "1MB" }]);
      expect(
        (await rows(fromSnapshot, "select name from pg_ls_waldir() order by name")).length,
      ).toBe(1);
    } finally {
      await closeFdm(fromSnapshot);
      await closeNode(migrated);
    }
  }, 300_000);

  it("is built again when a migration or the journal changes", () => {
    const copy = mkdtempSync(path.join(tmpdir(), "fdm-site-"));
    try {
      cpSync(path.join(siteDir, "packages/fdm-core/drizzle"), path.join(copy, "drizzle"), {
        recursive: true,
      });
      const folder = path.join(copy, "drizzle");
      const key = engineKey(siteDir, folder);
      expect(engineKey(siteDir, folder)).toBe(key);
      const first = path.join(folder, "0000_init.sql");
      writeFileSync(first, `${readFileSync(first, "utf8")}\n-- changed`);
      const changed = engineKey(siteDir, folder);
      expect(changed).not.toBe(key);
      writeFileSync(path.join(folder, "9999_new.sql"), "select 1;");
      expect(engineKey(siteDir, folder)).not.toBe(changed);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("is reused while nothing changed, and rebuilt when its key differs", async () => {
    const manifest = path.join(dir, "engine.json");
    const before = statSync(path.join(dir, engineFiles.snapshot)).mtimeMs;
    await writeEngine(siteDir, dir, preset);
    expect(statSync(path.join(dir, engineFiles.snapshot)).mtimeMs).toBe(before);
    const stale = { ...JSON.parse(readFileSync(manifest, "utf8")), key: "stale" };
    writeFileSync(manifest, JSON.stringify(stale));
    await writeEngine(siteDir, dir, preset);
    expect(JSON.parse(readFileSync(manifest, "utf8")).key).toBe(
      `${engineKey(siteDir)}-xz${preset}`,
    );
  }, 600_000);
});

describe("the trimmed PGlite bundle", () => {
  it("keeps the size and every file it does not list as unused", async () => {
    const original = readFileSync(
      path.join(path.dirname(require.resolve("@electric-sql/pglite")), "pglite.data"),
    );
    const trimmed = await unpacked("data");
    expect(trimmed.length).toBe(original.length);
    let kept = 0;
    for (const file of bundleFiles(siteDir)) {
      const isUnused = unused.some(([re]) => re.test(file.filename));
      const bytes = trimmed.subarray(file.start, file.end);
      if (isUnused)
        expect(
          bytes.every((b) => b === 0),
          file.filename,
        ).toBe(true);
      else {
        expect(bytes.equals(original.subarray(file.start, file.end)), file.filename).toBe(true);
        kept += 1;
      }
    }
    expect(kept).toBeGreaterThan(500); // the time zones are kept, among others
  });

  it("runs on the snapshot what the samples do: sign-up, farm, field, catalogues, SQL", async () => {
    const fdm = await createFdmLocal({ loadDataDir: snapshot, engine });
    try {
      const auth = createFdmAuth(fdm, { secret: "a".repeat(64) });
      const { user } = await auth.api.signUpEmail({
        body: { name: "Anna", email: "Anna@Example.org", password: "correct horse battery" },
      });
      const farmId = await addFarm(fdm, user.id, { name: "De Hoeve" });
      expect((await getFarms(fdm, user.id)).map((f) => f.name)).toEqual(["De Hoeve"]);
      const fieldId = await addField(fdm, user.id, farmId, {
        name: "Achter de schuur",
        geometry: {
          type: "Polygon",
          coordinates: [
            [
              [5.66, 51.98],
              [5.6614585, 51.98],
              [5.6614585, 51.98089832],
              [5.66, 51.98089832],
              [5.66, 51.98],
            ],
          ],
        },
        acquiringDate: new Date("2020-01-01"),
        acquiringMethod: "lease",
      });
      expect((await getField(fdm, user.id, fieldId)).areaHa.toFixed(2)).toBe("1.00");
      await syncCatalogues(fdm);
      expect(
        await rows(
          fdm,
          `select lower('ÄÉ Anna') as lower, '2025-03-01 12:00:00+01'::timestamptz::text as utc,
            ('2025-03-30 12:00'::timestamp at time zone 'Europe/Amsterdam')::text as amsterdam`,
        ),
      ).toEqual([
        { lower: "äé anna", utc: "2025-03-01 11:00:00+00", amsterdam: "2025-03-30 10:00:00+00" },
      ]);
      await rows(fdm, "do $$ begin perform 1; end $$");
    } finally {
      await closeFdm(fdm);
    }
  }, 300_000);
});
