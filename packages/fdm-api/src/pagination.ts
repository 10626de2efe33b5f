import { z } from "@hono/zod-openapi";
import { FdmError, type Page, type PageRequest } from "fdm-core";

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
 * fdm-core's page request of a list query: `limit`, and the key the cursor holds as `after`.
 * fdm-core reads the page in SQL, ordered by the key (byte order), starting after it.
 *
 * @param query - The list's `limit` and `cursor` query parameters.
 * @returns The `page` argument of the fdm-core list function.
 * @throws {FdmError} `INVALID_INPUT` (`field: "cursor"`) for a cursor this API did not return.
 */
export function pageRequest(query: { limit: number; cursor?: string | undefined }): PageRequest {
  return query.cursor === undefined
    ? { limit: query.limit }
    : { limit: query.limit, after: decode(query.cursor) };
}

/**
 * The API's page of fdm-core's: its items, and the key of the next page's start as an opaque
 * cursor (`null` on the last page).
 *
 * @param page - What the fdm-core list function returned for {@link pageRequest}.
 * @returns The page as the API sends it.
 */
export function pageBody<T>(page: Page<T>): { items: T[]; nextCursor: string | null } {
  return { items: page.items, nextCursor: page.next === null ? null : encode(page.next) };
}

const utf8 = new TextEncoder();

/** At most this many bytes of page bodies are kept per API instance. */
const KEPT_BODY_BYTES = 8_000_000;

/**
 * Page bodies sent before, by request: a page that fdm-core read at a revision of its list
 * (`Page.revision`, a farm's fields) is written as JSON once per revision, and kept encoded as
 * UTF-8; a read that gets the same revision for the same request sends the same bytes. Sound because equal revisions
 * mean equal items (fdm-core reads the revision in the statement that checks access, so each
 * request is still checked and audited). Pages without a revision are written every time.
 */
export class KeptBodies {
  readonly #bodies = new Map<string, { revision: number; body: Uint8Array<ArrayBuffer> }>();
  #bytes = 0;

  /**
   * The JSON text of {@link pageBody}`(page)` for the request `key`, as UTF-8.
   *
   * @param key - What the page was asked for: the path (with its ids) and the query.
   * @param page - What the fdm-core list function returned.
   * @returns The body's JSON text, as UTF-8 bytes.
   */
  body(key: string, page: Page<unknown>): Uint8Array<ArrayBuffer> {
    const { revision } = page;
    if (revision === undefined) return utf8.encode(JSON.stringify(pageBody(page)));
    const kept = this.#bodies.get(key);
    if (kept !== undefined && kept.revision === revision) return kept.body;
    const body = utf8.encode(JSON.stringify(pageBody(page)));
    // A slower read of an older revision does not replace a newer body.
    if (kept !== undefined && kept.revision > revision) return body;
    if (kept !== undefined) {
      this.#bodies.delete(key);
      this.#bytes -= kept.body.length;
    }
    if (body.length > KEPT_BODY_BYTES / 4) return body;
    this.#bodies.set(key, { revision, body });
    this.#bytes += body.length;
    for (const [oldKey, old] of this.#bodies) {
      if (this.#bytes <= KEPT_BODY_BYTES) break;
      this.#bodies.delete(oldKey);
      this.#bytes -= old.body.length;
    }
    return body;
  }
}
