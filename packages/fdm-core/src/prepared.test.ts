import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./authorization.js";
import { Prepared, transaction } from "./prepared.js";
import { createTestDatabase, type TestDatabase } from "./test-setup.js";

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.fdm.execute(sql`create table prepared_probe (id text primary key, n integer)`);
});

afterAll(async () => {
  await db.close();
});

const echo = new Prepared(
  () => sql`select ${sql.placeholder("a")}::text as a, ${sql.placeholder("n")}::integer as n,
    ${"constant"}::text as c, true as b, '2025-03-15T10:00:00Z'::timestamptz as t, null::text as z`,
);
const insert = new Prepared(
  () =>
    sql`insert into prepared_probe (id, n) values (${sql.placeholder("id")}, ${sql.placeholder("n")}) returning id`,
);
const count = new Prepared(() => sql`select count(*)::integer as n from prepared_probe`);
const divide = new Prepared(() => sql`select 1 / ${sql.placeholder("d")}::integer as q`);

/** The statements prepared in the session the query runs in, by text. */
const preparedCount = (fdm: typeof db.fdm, text: string) =>
  rowsOf<{ n: number | string }>(
    fdm,
    sql`select count(*) as n from pg_prepared_statements where statement = ${text}`,
  ).then(([row]) => Number(row?.n));

describe("prepared statements", () => {
  it("fill the placeholders and give the rows db.execute gives, on the handle and in a transaction", async () => {
    const expected = await rowsOf(
      db.fdm,
      sql`select 'x'::text as a, 5::integer as n, 'constant'::text as c, true as b,
        '2025-03-15T10:00:00Z'::timestamptz as t, null::text as z`,
    );
    expect(await echo.rows(db.fdm, { a: "x", n: 5 })).toEqual(expected);
    expect(await transaction(db.fdm, (tx) => echo.rows(tx, { a: "x", n: 5 }))).toEqual(expected);
    // a transaction begun without the helper runs them unprepared, with the same rows
    expect(await db.fdm.transaction((tx) => echo.rows(tx, { a: "x", n: 5 }))).toEqual(expected);
    // null and undefined values are NULL
    const [row] = await echo.rows<{ a: unknown }>(db.fdm, { a: null, n: 1 });
    expect(row?.a).toBeNull();
  });

  it("are parsed once per connection: the database keeps each prepared", async () => {
    const text = echo.query.sql;
    const kept = await transaction(db.fdm, async (tx) => {
      for (let i = 0; i < 3; i++) await echo.rows(tx, { a: String(i), n: i });
      return preparedCount(tx, text);
    });
    expect(kept).toBe(1);
  });

  it("run in the transaction: they see its writes and roll back with it", async () => {
    await expect(
      transaction(db.fdm, async (tx) => {
        await insert.rows(tx, { id: "rolled-back", n: 1 });
        const [seen] = await count.rows<{ n: number }>(tx);
        expect(seen?.n).toBe(1);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    const [after] = await count.rows<{ n: number }>(db.fdm);
    expect(after?.n).toBe(0);
  });

  it("reject with the database's error and leave the database usable", async () => {
    // as drizzle reports a failed query: the driver's error is the cause
    await expect(divide.rows(db.fdm, { d: 0 })).rejects.toSatisfy(
      (err: Error) =>
        err.message.startsWith("Failed query") && /division by zero/.test(String(err.cause)),
    );
    expect(await divide.rows(db.fdm, { d: 1 })).toEqual([{ q: 1 }]);
    await expect(
      transaction(db.fdm, async (tx) => {
        await insert.rows(tx, { id: "before-error", n: 1 });
        await divide.rows(tx, { d: 0 });
      }),
    ).rejects.toSatisfy((err: Error) => /division by zero/.test(String(err.cause)));
    const [after] = await count.rows<{ n: number }>(db.fdm);
    expect(after?.n).toBe(0);
  });

  it("on the handle, wait for a transaction in progress instead of running inside it", async () => {
    if (db.mode !== "pglite") return; // PostgreSQL runs them on another connection
    let commit: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let inserted: () => void = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const writing = transaction(db.fdm, async (tx) => {
      await insert.rows(tx, { id: "held", n: 1 });
      inserted();
      await held;
    });
    await insertedYet;
    let answered = false;
    const reading = count.rows<{ n: number }>(db.fdm).then((rows) => {
      answered = true;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    commit();
    await writing;
    expect((await reading)[0]?.n).toBe(1);
    await db.fdm.execute(sql`delete from prepared_probe`);
  });

  it("keep at most 256 statements prepared on PGlite, and run one again after it was dropped", {
    timeout: 60_000,
  }, async () => {
    if (db.mode !== "pglite") return; // postgres-js keeps the statements of each connection
    const statements = Array.from(
      { length: 300 },
      (_, i) =>
        new Prepared(
          () => sql`select ${sql.raw(String(i))} + ${sql.placeholder("x")}::integer as v`,
        ),
    );
    for (const [i, s] of statements.entries()) {
      expect(await s.rows(db.fdm, { x: 1 })).toEqual([{ v: i + 1 }]);
    }
    const [kept] = await rowsOf<{ n: number | string }>(
      db.fdm,
      sql`select count(*) as n from pg_prepared_statements where name like 'fdm\\_%'`,
    );
    expect(Number(kept?.n)).toBeLessThanOrEqual(256);
    expect(await statements[0]?.rows(db.fdm, { x: 2 })).toEqual([{ v: 2 }]);
  });
});
