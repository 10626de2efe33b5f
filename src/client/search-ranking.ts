/**
 * The order of search results, the same in the search box and on the search page.
 *
 * 1. What names the query itself comes first: a page titled with it ("glossary",
 *    "Catalogues", an API page "Timeframe"), or a glossary entry, whose heading reads it
 *    or whose anchor it is ("derogatie" → /glossary#derogatie).
 * 2. Then, for a plain word ("stikstof", "Meststoffenwet"), the docs, the site's other
 *    pages (the glossary), the release notes, the API reference's functions and last its
 *    types. A query that looks like an identifier ("addFarm", "StikstofNorm",
 *    "fdm-core.addFarm", "b_id_farm") keeps the search plugin's own order there, where
 *    the API page of that name ranks first.
 *
 * The plugin returns results grouped by page: a page's title first, then its headings
 * and sentences (`isInterOfTree` / `isLastOfTree`). Groups move whole, and keep their
 * order within a rank.
 */

/** What this module reads of the plugin's search result. */
export interface RankedResult {
  /** The indexed document: `u` its page, `h` its anchor, `t` its text, `s` its section. */
  document: { u: string; h?: string; t?: string };
  /** 0 page title, 1 heading, 2 description, 3 keywords, 4 sentence (the plugin's enum). */
  type?: number;
  /** The page's title document, for a heading or a sentence on it. */
  page?: { u: string } | false;
  isInterOfTree?: boolean;
  isLastOfTree?: boolean;
}

const TITLE = 0;
const HEADING = 1;

/**
 * Whether a query reads as an identifier rather than a word: a capital letter after a
 * small one or two capitals at the start ("addFarm", "NLRegion"), a dot or an underscore,
 * or a digit after a letter. One capital at the start is a word's ("Meststoffenwet").
 *
 * @param query - What the reader typed.
 * @returns True when the query looks like an identifier.
 */
export const looksLikeIdentifier = (query: string): boolean =>
  /\p{Ll}\p{Lu}|^\s*\p{Lu}{2}|[._]|\p{L}[0-9]/u.test(query.trim());

/**
 * The kind of page an address points to.
 *
 * @param url - A result's address, with or without the site's base path and an anchor.
 * @returns 0 docs, 1 the site's other pages (the glossary, …), 2 blog, 3 API functions and
 *   the rest of the API, 4 API types (interfaces, type aliases, enumerations, variables).
 */
export function kindOf(url: string): number {
  if (/\/docs(\/|$|#)/.test(url)) return 0;
  if (/\/blog(\/|$|#)/.test(url)) return 2;
  if (!/\/api(\/|$|#)/.test(url)) return 1;
  return /\/api\/[^#]*\/(interfaces|type-aliases|enumerations|variables)\//.test(url) ? 4 : 3;
}

/** Lower case, without accents, soft hyphens or surrounding space: "Coëfficiënt" → "coefficient". */
const fold = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/[\p{M}\u00ad\u200b]/gu, "")
    .toLowerCase()
    .trim();

/** The anchor a heading of that text gets: "Natura 2000" → "natura-2000". */
const slug = (text: string): string =>
  fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");

/**
 * Whether a result names the query itself: a page whose title is the query (an API page's
 * "Interface: " or "Function: " prefix aside), a docs page whose title opens with it, or a section of the site's own pages (the
 * glossary's entries) whose heading reads the query or whose anchor is the query's.
 * Headings of docs and API pages are left out: five interfaces have a member named
 * "stikstof", and the conformance pages a table "Stikstof", while the reader who types
 * "stikstof" wants the Stikstofgebruiksnorm pages.
 *
 * @param result - One search result.
 * @param query - What the reader typed.
 * @returns True when the result is the query's own page, entry or heading.
 */
export function namesQuery(result: RankedResult, query: string): boolean {
  const wanted = fold(query);
  if (!wanted) return false;
  const { document, type } = result;
  const text = document.t ?? "";
  if (type === TITLE && fold(text.replace(/^[\p{Lu}][\p{L} ]*: /u, "")) === wanted) return true;
  // A docs page whose title opens with a compound of the query ("Stikstofgebruiksnorm 2025"
  // for "stikstof"): Dutch writes its legal terms as one word.
  if (type === TITLE && kindOf(document.u) === 0 && fold(text).startsWith(wanted)) return true;
  if (kindOf(document.u) !== 1) return false;
  if (type === HEADING && fold(text) === wanted) return true;
  return document.h !== undefined && document.h === `#${slug(query)}`;
}

const pageOf = (result: RankedResult | undefined): string =>
  (result?.page ? result.page.u : result?.document.u) ?? "";

/** The plugin's results cut into groups: a page's title with the results under it. */
function groupsOf<T extends RankedResult>(results: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const result of results) {
    const last = groups.at(-1);
    if (last && (result.isInterOfTree || result.isLastOfTree)) last.push(result);
    else groups.push([result]);
  }
  return groups;
}

/**
 * The results in the site's order for `query` (see the module's comment).
 *
 * @param results - The search plugin's results, grouped by page.
 * @param query - What the reader typed.
 * @returns A new array; the input is left untouched.
 */
export function rankResults<T extends RankedResult>(results: readonly T[], query: string): T[] {
  const byKind = !looksLikeIdentifier(query);
  return groupsOf(results)
    .map((group, index) => ({
      group,
      index,
      named: group.some((result) => namesQuery(result, query)) ? 0 : 1,
      kind: byKind ? kindOf(pageOf(group[0])) : 0,
    }))
    .sort((a, b) => a.named - b.named || a.kind - b.kind || a.index - b.index)
    .flatMap(({ group }) => group);
}

/**
 * What the search box lists: the first `limit` rows of the ranked results, with at most
 * `perPage` results under each page's title, so that one page's many headings do not
 * push the next pages out of the box. Under a title the results that name the query are
 * kept first, the rest in their order; the last one kept closes the page's tree.
 *
 * @param ranked - Results in the order of `rankResults`.
 * @param query - What the reader typed.
 * @param limit - How many rows the box shows.
 * @param perPage - How many results under one page's title the box shows.
 * @returns A new array of at most `limit` results; results whose tree place changed are copies.
 */
export function boxResults<T extends RankedResult>(
  ranked: readonly T[],
  query: string,
  limit: number,
  perPage = 2,
): T[] {
  const rows: T[] = [];
  for (const [head, ...under] of groupsOf(ranked)) {
    if (!head || rows.length >= limit) break;
    rows.push(head);
    const room = Math.min(perPage, limit - rows.length);
    const kept = new Set(
      [...under]
        .sort((a, b) => Number(namesQuery(b, query)) - Number(namesQuery(a, query)))
        .slice(0, room),
    );
    const shown = under.filter((result) => kept.has(result));
    shown.forEach((result, i) => {
      const last = i === shown.length - 1;
      rows.push(
        !!result.isLastOfTree === last
          ? result
          : { ...result, isInterOfTree: !last, isLastOfTree: last },
      );
    });
  }
  return rows;
}
