import { type SQLWrapper, sql } from "drizzle-orm";
import type { FdmType } from "./fdm.js";

/**
 * Runs INSERT statements written together (e.g. an asset and its actions) as
 * ONE statement, the first ones as data-modifying CTEs: one round trip, and
 * either all rows are written or none. Foreign keys between them hold, as
 * PostgreSQL checks them at the end of the statement. Internal to fdm-core.
 */
export async function insertTogether(db: FdmType, inserts: SQLWrapper[]): Promise<void> {
  const last = inserts.at(-1);
  if (!last) return;
  const ctes = inserts.slice(0, -1).map((q, i) => sql`${sql.raw(`w${i}`)} as (${q.getSQL()})`);
  await db.execute(
    ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${last.getSQL()}` : last.getSQL(),
  );
}
