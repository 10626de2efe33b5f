/**
 * Where a test run keeps the databases that every test database starts from
 * (made by tests/global-setup.ts): a PGlite dump file (FDM_TEST_PGLITE_DUMP,
 * read by fdm-core's createFdmLocal) or a PostgreSQL template database
 * (FDM_TEST_PG_TEMPLATE, read by fdm-core's test-setup.ts and fdm-api's
 * test-server.ts). `synced` ones hold the catalogues of fdm-data too, for the
 * projects whose tests sync them only as a first step; the others are migrated
 * and empty.
 */
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";

export type Catalogues = "empty" | "synced";

/** Unique per `vitest run`: several runs (worktrees) may share one PostgreSQL server. */
const runId = `${process.pid.toString(36)}${randomBytes(3).toString("hex")}`;

/** The directory of this run's dumps; the global setup removes it at the end. */
export const dumpDir = path.join(tmpdir(), `fdm-test-${runId}`);

/** A project's environment: its test databases start from this run's PGlite dump. */
export function pgliteDumpEnv(catalogues: Catalogues): { FDM_TEST_PGLITE_DUMP: string } {
  return { FDM_TEST_PGLITE_DUMP: path.join(dumpDir, `${catalogues}.tar`) };
}

/** A project's environment: its test databases are copies of this run's template database. */
export function postgresTemplateEnv(catalogues: Catalogues): { FDM_TEST_PG_TEMPLATE: string } {
  return { FDM_TEST_PG_TEMPLATE: `fdm_template_${runId}_${catalogues}` };
}

/** Whether a dump file or template name of the functions above holds the catalogues. */
export function cataloguesOf(name: string): Catalogues {
  return /synced(\.tar)?$/.test(name) ? "synced" : "empty";
}
