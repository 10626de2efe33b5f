import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FdmError } from "./error.js";
import { addFarm, getFarms } from "./farm.js";
import { closeFdm as closeNode, createFdmLocal as createNode, type FdmType } from "./fdm.js";
import { closeFdm, createFdmLocal, migrateFdm } from "./fdm-browser.js";
import { addUser } from "./test-setup.js";

// The browser entry's database functions, run here on PGlite in Node: the
// migrations it bundles must build the same database as the migration folder.

type Row = Record<string, unknown>;
async function rows(fdm: FdmType, query: string): Promise<Row[]> {
  const result = (await fdm.execute(sql.raw(query))) as unknown as { rows: Row[] };
  return result.rows;
}

const history = "select hash, created_at from drizzle.__drizzle_migrations order by id";
const columns = `select table_schema, table_name, column_name, data_type, is_nullable
  from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
  order by 1, 2, 3`;

describe("createFdmLocal of the browser entry", () => {
  it("records the same migration history and builds the same tables as the Node entry", async () => {
    const browser = await createFdmLocal();
    const node = await createNode();
    try {
      const browserHistory = await rows(browser, history);
      expect(browserHistory.length).toBeGreaterThan(0);
      expect(browserHistory).toEqual(await rows(node, history));
      expect(await rows(browser, columns)).toEqual(await rows(node, columns));
    } finally {
      await closeFdm(browser);
      await closeNode(node);
    }
  }, 60_000);

  it("gives a working handle, and migrating again applies nothing", async () => {
    const fdm = await createFdmLocal();
    try {
      const owner = await addUser(fdm, { name: "Anna", email: "anna@example.org" });
      const farmId = await addFarm(fdm, owner, { name: "De Hoeve" });
      const before = await rows(fdm, history);
      await migrateFdm(fdm);
      expect(await rows(fdm, history)).toEqual(before);
      const farms = await getFarms(fdm, owner);
      expect(farms.map((f) => [f.id, f.name])).toEqual([[farmId, "De Hoeve"]]);
    } finally {
      await closeFdm(fdm);
    }
  }, 60_000);

  it("refuses a handle that is not on PGlite", async () => {
    const notPglite = { $client: {} } as unknown as Parameters<typeof migrateFdm>[0];
    await expect(migrateFdm(notPglite)).rejects.toThrow(FdmError);
    await expect(closeFdm(notPglite)).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });
});
