// Guard.listIn: the access check, its audit row and the work in ONE statement (getFields with a
// page takes this path). It must decide and record exactly as Guard.list does.
import { and, eq, notInArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type StatementWork } from "./authorization.js";
import { FdmError } from "./error.js";
import { addFarm } from "./farm.js";
import { addFields, fieldsOfFarm, getFields } from "./field.js";
import { guard } from "./guard.js";
import { auditLog } from "./schema.js";
import { createTestDatabase, squareHa, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;
let farmId: string;
let ids: string[];

beforeAll(async () => {
  db = await createTestDatabase();
  farmId = await addFarm(db.fdm, "owner", { name: "Statement" });
  ids = await addFields(
    db.fdm,
    "owner",
    farmId,
    ["A", "B", "C"].map((name) => ({
      name,
      geometry: squareHa,
      acquiringDate: new Date("2020-01-01"),
      acquiringMethod: "owner" as const,
    })),
  );
});

afterAll(async () => {
  await db.close();
});

/** The audit rows written while `call` ran (it may fail), with how it ended. */
async function audited(call: () => Promise<unknown>) {
  const before = (await db.fdm.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id);
  const outcome = await call().then(
    (result) => ({ result, error: undefined }),
    (error: unknown) => ({ result: undefined, error }),
  );
  const rows = await db.fdm
    .select()
    .from(auditLog)
    .where(before.length > 0 ? notInArray(auditLog.id, before) : undefined);
  return { ...outcome, rows };
}

/** Work that fails in the database whenever it runs. */
const failing: StatementWork = { key: "test failing", sql: () => sql`select 1 / 0` };
/** Work that counts the farm's fields. */
const counting: StatementWork = {
  key: "test counting",
  sql: () =>
    sql`select count(*)::integer from field_acquiring where farm_id = ${sql.placeholder("farm")}`,
};

describe("Guard.listIn: the check, its audit row and the work in one statement", () => {
  it("gives a page of fields exactly as the work on its own, with one audit row, done", async () => {
    const { result, error, rows } = await audited(() =>
      getFields(db.fdm, "owner", farmId, undefined, { limit: 2 }),
    );
    expect(error).toBeUndefined();
    const alone = await fieldsOfFarm(
      db.fdm,
      farmId,
      { start: null, end: null },
      {
        limit: 2,
        after: null,
      },
    );
    // With the revision of the farm's field list it was read at (see kept-pages.test.ts).
    expect(result).toStrictEqual({
      items: alone.slice(0, 2),
      next: alone[1]?.id,
      revision: expect.any(Number),
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      principalId: "owner",
      action: "list",
      resource: "farm",
      resourceId: farmId,
      farmId,
      allowed: true,
      viaPrincipalId: "owner",
      origin: "getFields",
      outcome: "done",
      errorCode: null,
    });
    const all = await getFields(db.fdm, "owner", farmId, undefined, {
      limit: 2,
      after: alone[1]?.id,
    });
    expect([...alone.slice(0, 2), ...all.items].map((f) => f.id)).toEqual([...ids].sort());
    expect(all.next).toBeNull();
  });

  it("refuses a user without a role, a principal that is no user and an unknown farm, each with its row", async () => {
    const cases = [
      {
        principal: "stranger",
        farm: farmId,
        code: "PERMISSION_DENIED",
        rowCode: "PERMISSION_DENIED",
      },
      {
        principal: "nobody-at-all",
        farm: farmId,
        code: "PERMISSION_DENIED",
        rowCode: "PERMISSION_DENIED",
      },
      { principal: "owner", farm: "no-such-farm-000", code: "NOT_FOUND", rowCode: "NOT_FOUND" },
    ];
    for (const c of cases) {
      const { error, rows } = await audited(() =>
        getFields(db.fdm, c.principal, c.farm, undefined, { limit: 10 }),
      );
      expect((error as FdmError).code).toBe(c.code);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        principalId: c.principal,
        allowed: false,
        outcome: "refused",
        errorCode: c.rowCode,
      });
    }
  });

  it("runs the work only when the check grants it", async () => {
    const { error, rows } = await audited(() =>
      guard(db.fdm, "stranger", "probe").listIn("farm", farmId, failing, {}, (v) => v),
    );
    expect((error as FdmError).code).toBe("PERMISSION_DENIED");
    expect(rows).toMatchObject([{ allowed: false, outcome: "refused" }]);
  });

  it("records a work that fails in the database as failed, with one row, and answers DATABASE", async () => {
    const { error, rows } = await audited(() =>
      guard(db.fdm, "owner", "probe").listIn("farm", farmId, failing, {}, (v) => v),
    );
    expect(error).toBeInstanceOf(FdmError);
    expect((error as FdmError).code).toBe("DATABASE");
    expect((error as FdmError).message).toBe("probe failed in the database.");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      allowed: true,
      viaPrincipalId: "owner",
      outcome: "failed",
      errorCode: "DATABASE",
    });
  });

  it("hands the work's value to `then`, and records a `then` that throws as failed", async () => {
    const ok = await guard(db.fdm, "owner", "probe").listIn(
      "farm",
      farmId,
      counting,
      { farm: farmId },
      (n) => Number(n) * 10,
    );
    expect(ok).toBe(30);
    const { error, rows } = await audited(() =>
      guard(db.fdm, "owner", "probe").listIn("farm", farmId, counting, { farm: farmId }, () => {
        throw new FdmError("INVALID_INPUT", "then: refused.");
      }),
    );
    expect((error as FdmError).code).toBe("INVALID_INPUT");
    expect(rows).toMatchObject([{ allowed: true, outcome: "failed", errorCode: "INVALID_INPUT" }]);
    const [row] = await db.fdm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.origin, "probe"), eq(auditLog.outcome, "failed")));
    expect(row).toBeDefined();
  });
});

describe("Guard.write with a first statement: run in the check's statement", () => {
  const marking = {
    key: "test marking",
    sql: () => sql`select set_config('fdm.test_mark', ${sql.placeholder("mark")}, true)`,
  };

  it("runs it once the check grants the write, in the write's transaction", async () => {
    const seen = await guard(db.fdm, "owner", "probe").write(
      "farm",
      farmId,
      async (tx) => {
        const [row] = await rowsOf<{ mark: string }>(
          tx,
          sql`select current_setting('fdm.test_mark', true) as mark`,
        );
        return row?.mark;
      },
      { ...marking, values: { mark: "joined" } },
    );
    expect(seen).toBe("joined");
  });

  it("does not run it for a refused write: one refused row, nothing else", async () => {
    const { error, rows } = await audited(() =>
      guard(db.fdm, "stranger", "probe").write("farm", farmId, async () => "done", {
        ...failing,
        values: {},
      }),
    );
    expect((error as FdmError).code).toBe("PERMISSION_DENIED");
    expect(rows).toMatchObject([{ allowed: false, outcome: "refused" }]);
  });

  it("records a first statement that fails as a failed write, with one row, and answers DATABASE", async () => {
    let ran = false;
    const { error, rows } = await audited(() =>
      guard(db.fdm, "owner", "probe").write(
        "farm",
        farmId,
        async () => {
          ran = true;
        },
        { ...failing, values: {} },
      ),
    );
    expect(ran).toBe(false);
    expect((error as FdmError).code).toBe("DATABASE");
    expect((error as FdmError).message).toBe("probe failed in the database.");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ allowed: true, outcome: "failed", errorCode: "DATABASE" });
  });
});
