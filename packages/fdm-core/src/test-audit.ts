// Shared by the test files: the audit rows that one call writes.
import { notInArray } from "drizzle-orm";
import type { FdmType } from "./fdm.js";
import { auditLog } from "./schema.js";

/** Runs `call` (which must succeed) and returns its result with the audit rows it added. */
export async function withAuditRows<T>(
  fdm: FdmType,
  call: () => Promise<T>,
): Promise<{ result: T; rows: (typeof auditLog.$inferSelect)[] }> {
  const before = (await fdm.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id);
  const result = await call();
  const rows = await fdm
    .select()
    .from(auditLog)
    .where(before.length > 0 ? notInArray(auditLog.id, before) : undefined);
  return { result, rows };
}
