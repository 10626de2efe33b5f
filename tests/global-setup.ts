/**
 * Vitest's global setup of the database projects: before their first test file,
 * the databases that every test database of the run starts from (named by the
 * project's environment, see test-databases.ts) are made once:
 *
 * - PGlite: a dump of a migrated database (with the catalogues synced, for
 *   `synced`) that createFdmLocal loads in every test process, instead of
 *   running initdb and the migrations in each (3–4 s of a cold process);
 *   loading it takes about 0.3 s;
 * - PostgreSQL: a migrated template database, which test databases are created
 *   from with `CREATE DATABASE … TEMPLATE`.
 *
 * Projects share what they name alike; the setup that made a thing removes it
 * at the end of the run.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import {
  closeFdm,
  createFdmServer,
  migrateFdm,
  syncCatalogues,
} from "../packages/fdm-core/src/index";
import { cataloguesOf } from "./test-databases";

/** What this process made, by file or database name: the projects' setups run in one process. */
const shared = globalThis as { fdmTestDatabases?: Map<string, Promise<void>> };
shared.fdmTestDatabases ??= new Map();
const made = shared.fdmTestDatabases;

/**
 * The dump of a migrated PGlite database, made small the way the site's toolkit
 * snapshot is (src/plugins/toolkit-engine.ts), since every test database unpacks it:
 * 11 MB instead of 42. The write-ahead log is in 1 MB segments instead of 16; the
 * template databases, which no test copies on PGlite, are dropped; shared_buffers
 * is 16 MB instead of 128, because PGlite zeroes the whole buffer pool at every start
 * (about half of an opening's CPU), and a test database holds a few MB. What the
 * tests see of the schema is what fdm-core's migrations make, as in createFdmLocal.
 */
async function writeDump(file: string): Promise<void> {
  const pg = await PGlite.create({ initDbStartParams: ["--wal-segsize=1"] });
  try {
    // Old segments are removed, not kept for reuse, so that the dump holds one new segment.
    await pg.exec("SET wal_recycle = off");
    const segments = async () =>
      (await pg.query<{ name: string }>("SELECT name FROM pg_ls_waldir()")).rows.map((r) => r.name);
    const initdbSegments = new Set(await segments());
    const fdm = drizzlePglite({ client: pg });
    await migrateFdm(fdm);
    if (cataloguesOf(file) === "synced") await syncCatalogues(fdm);
    for (const statement of [
      // One statement per call: DROP DATABASE refuses to run inside a transaction block.
      "ALTER DATABASE template1 IS_TEMPLATE false",
      "DROP DATABASE template1",
      "ALTER DATABASE template0 IS_TEMPLATE false",
      "DROP DATABASE template0",
      "ALTER SYSTEM SET shared_buffers = '16MB'",
    ]) {
      await pg.exec(statement);
    }
    // Everything written to the data files, so that a loaded copy starts without replaying the log.
    for (let i = 0; i < 64; i++) {
      await pg.exec("SELECT pg_switch_wal()");
      await pg.exec("CHECKPOINT");
      const left = await segments();
      if (left.length === 1 && !initdbSegments.has(left[0] ?? "")) break;
    }
    const dump = await pg.dumpDataDir("none");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await pg.close();
  }
}

/** A migrated template database (catalogues synced, for `synced`) on the server at `url`. */
async function createTemplate(url: string, name: string): Promise<void> {
  const admin = postgres(url, { onnotice: () => {}, max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const fdm = createFdmServer(target.toString());
    try {
      await migrateFdm(fdm);
      if (cataloguesOf(name) === "synced") await syncCatalogues(fdm);
    } finally {
      await closeFdm(fdm);
    }
  } finally {
    await admin.end();
  }
}

async function dropTemplate(url: string, name: string): Promise<void> {
  const admin = postgres(url, { onnotice: () => {}, max: 1 });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = project.config.env;
  const cleanups: (() => Promise<void> | void)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups) await cleanup();
  };
  const started = performance.now();
  const dump = env.FDM_TEST_PGLITE_DUMP;
  const url = env.FDM_TEST_DATABASE_URL;
  const template = env.FDM_TEST_PG_TEMPLATE;
  if (dump && !made.has(dump)) {
    made.set(dump, writeDump(dump));
    cleanups.push(() => rmSync(path.dirname(dump), { recursive: true, force: true }));
  }
  if (url && template && !made.has(template)) {
    made.set(template, createTemplate(url, template));
    cleanups.push(() => dropTemplate(url, template));
  }
  try {
    await Promise.all(made.values());
  } catch (err) {
    await teardown();
    throw err;
  }
  if (cleanups.length > 0) {
    const what = [dump, template].filter(Boolean).join(" and ");
    console.info(`${project.name}: made ${what} in ${(performance.now() - started).toFixed(0)} ms`);
  }
  return teardown;
}
