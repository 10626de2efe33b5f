import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FdmError } from "./error.js";
import { addFarm, getFarms } from "./farm.js";
import { closeFdm as closeNode, createFdmLocal as createNode, type FdmType } from "./fdm.js";
import { closeFdm, createFdmLocal, migrateFdm } from "./fdm-browser.js";
import { bundledMigrations } from "./migrations-bundled.js";
import { addUser } from "./test-setup.js";

// The browser entry's database functions, run here on PGlite in Node: the
// migrations it bundles must build the same database as the migration folder.

type Row = Record<string, unknown>;
async function rows(fdm: FdmType, query: string): Promise<Row[]> {
  const result = (await fdm.execute(sql.raw(query))) as unknown as { rows: Row[] };
  return result.rows;
}

// Node's WebAssembly, typed as far as used here (the package compiles without the DOM lib).
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: {
    compile(bytes: Uint8Array): Promise<NonNullable<PGliteOptions["pgliteWasmModule"]>>;
  };
};

const history = "select hash, created_at from drizzle.__drizzle_migrations order by id";
const columns = `select table_schema, table_name, column_name, data_type, is_nullable
  from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
  order by 1, 2, 3`;

describe("createFdmLocal of the browser entry", () => {
  // One database built by the browser entry from nothing (initdb and its bundled migrations,
  // 3–4 s): the tests below that need such a database share it, each with a user of its own.
  let built: Awaited<ReturnType<typeof createFdmLocal>>;
  beforeAll(async () => {
    built = await createFdmLocal();
  }, 120_000);
  afterAll(async () => {
    if (built) await closeFdm(built);
  });

  it("records the same migration history and builds the same tables as the Node entry", async () => {
    const node = await createNode();
    try {
      const browserHistory = await rows(built, history);
      expect(browserHistory.length).toBeGreaterThan(0);
      expect(browserHistory).toEqual(await rows(node, history));
      expect(await rows(built, columns)).toEqual(await rows(node, columns));
    } finally {
      await closeNode(node);
    }
  }, 60_000);

  it("gives a working handle, and migrating again applies nothing", async () => {
    const owner = await addUser(built, { name: "Anna", email: "anna@example.org" });
    const farmId = await addFarm(built, owner, { name: "De Hoeve" });
    const before = await rows(built, history);
    await migrateFdm(built);
    expect(await rows(built, history)).toEqual(before);
    const farms = await getFarms(built, owner);
    expect(farms.map((f) => [f.id, f.name])).toEqual([[farmId, "De Hoeve"]]);
  }, 60_000);

  it("refuses a handle that is not on PGlite", async () => {
    const notPglite = { $client: {} } as unknown as Parameters<typeof migrateFdm>[0];
    await expect(migrateFdm(notPglite)).rejects.toThrow(FdmError);
    await expect(closeFdm(notPglite)).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it("starts from a dump with the data in it, the migrations it recorded not applied again", async () => {
    let copy: Awaited<ReturnType<typeof createFdmLocal>> | null = null;
    try {
      const owner = await addUser(built, { name: "Bram", email: "bram@example.org" });
      const farmId = await addFarm(built, owner, { name: "Het Erf" });
      const dump = await built.$client.dumpDataDir("gzip");
      copy = await createFdmLocal({ loadDataDir: dump });
      expect((await getFarms(copy, owner)).map((f) => [f.id, f.name])).toEqual([
        [farmId, "Het Erf"],
      ]);
      expect(await rows(copy, history)).toEqual(await rows(built, history));
    } finally {
      if (copy) await closeFdm(copy);
    }
  }, 120_000);

  it("applies the migrations a dump has not recorded", async () => {
    const old = await PGlite.create();
    const db = drizzle({ client: old }) as unknown as {
      dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> };
      session: unknown;
    };
    await db.dialect.migrate(bundledMigrations().slice(0, 3), db.session, {
      migrationsFolder: "(bundled)",
    });
    await old.exec("create table marker (x int); insert into marker values (7);");
    const dump = await old.dumpDataDir("none");
    await old.close();
    const fdm = await createFdmLocal({ loadDataDir: dump });
    try {
      expect(await rows(fdm, "select x from marker")).toEqual([{ x: 7 }]);
      expect(await rows(fdm, history)).toHaveLength(bundledMigrations().length);
      const fdmColumns = (await rows(fdm, columns)).filter((c) => c.table_name !== "marker");
      expect(fdmColumns).toEqual(await rows(built, columns));
    } finally {
      await closeFdm(fdm);
    }
  }, 120_000);

  it("runs on the WebAssembly module it is given: PGlite's own opens, another one fails", async () => {
    // The smallest valid module: the magic number and version, nothing in it.
    const empty = await wasm.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    await expect(createFdmLocal({ engine: { wasmModule: empty } })).rejects.toMatchObject({
      code: "DATABASE",
    });
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const wasmModule = await wasm.compile(readFileSync(path.join(dist, "pglite.wasm")));
    const fdm = await createFdmLocal({ engine: { wasmModule } });
    try {
      expect((await rows(fdm, history)).length).toBe(bundledMigrations().length);
    } finally {
      await closeFdm(fdm);
    }
  }, 120_000);

  it("refuses a dump that is not a data directory, with DATABASE", async () => {
    await expect(
      createFdmLocal({ loadDataDir: new Blob(["not a tar file"]) }),
    ).rejects.toMatchObject({ name: "FdmError", code: "DATABASE" });
  }, 60_000);
});
