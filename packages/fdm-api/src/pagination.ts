import { z } from "@hono/zod-openapi";
import { FdmError } from "fdm-core";

/** Page sizes of every list: the default when `limit` is absent, and the most one page holds. */
export const pageLimits = Object.freeze({ defaultLimit: 100, maxLimit: 1000 });

/** The query of a list: how many items, and where the previous page ended. */
export const pageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(pageLimits.maxLimit)
    .default(pageLimits.defaultLimit)
    .openapi({
      description: `Items per page, 1–${pageLimits.maxLimit}; ${pageLimits.defaultLimit} when absent.`,
      example: 100,
    }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: "`nextCursor` of the previous page; absent for the first page." }),
});

/** A page of a list, ordered by each item's key; `nextCursor` is `null` on the last page. */
export function pageSchema<T extends z.ZodTypeAny>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      nextCursor: z.string().nullable().openapi({
        description: "Pass as `cursor` for the next page; `null` when this is the last page.",
      }),
    })
    .openapi(name);
}

const encode = (key: string) => Buffer.from(JSON.stringify({ k: key })).toString("base64url");

function decode(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (parsed && typeof parsed === "object" && typeof (parsed as { k?: unknown }).k === "string") {
      return (parsed as { k: string }).k;
    }
  } catch {
    // falls through to the error below
  }
  throw new FdmError("INVALID_INPUT", "cursor: must be a nextCursor this API returned.", {
    field: "cursor",
  });
}

/**
 * One page of `items`, ordered by `keyOf` (unique per item). The cursor holds the key of the
 * last item served, so a page starts after it: items added or removed between two requests
 * neither shift nor repeat the others.
 */
export function paginate<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  query: { limit: number; cursor?: string | undefined },
): { items: T[]; nextCursor: string | null } {
  const after = query.cursor === undefined ? null : decode(query.cursor);
  const sorted = [...items].sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  const rest = after === null ? sorted : sorted.filter((item) => keyOf(item) > after);
  const page = rest.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page,
    nextCursor: rest.length > query.limit && last !== undefined ? encode(keyOf(last)) : null,
  };
}
