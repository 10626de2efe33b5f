/**
 * The order of search results: for a plain word ("stikstof", "derogatie") the
 * docs come first, then the site's other pages (the glossary), the release
 * notes, the API reference's functions and last its types. A query that looks like an identifier ("addFarm",
 * "Timeframe", "fdm-core.addFarm") keeps the search plugin's own order, where
 * the API page of that name ranks first.
 *
 * The plugin returns results grouped by page: a page's title first, then its
 * headings and sentences (`isInterOfTree` / `isLastOfTree`). Groups move
 * whole, and keep their order within a kind.
 */

/** What this module reads of the plugin's search result. */
export interface RankedResult {
  document: { u: string };
  page?: { u: string } | false;
  isInterOfTree?: boolean;
  isLastOfTree?: boolean;
}

/** An identifier: a capital letter, a dot, an underscore or a digit after a letter. */
export const looksLikeIdentifier = (query: string): boolean =>
  /[A-Z._]|[a-z][0-9]/.test(query.trim());

/** 0 docs, 1 other pages (the glossary, …), 2 blog, 3 API functions and the rest, 4 API types. */
export function kindOf(url: string): number {
  if (/\/docs(\/|$|#)/.test(url)) return 0;
  if (/\/blog(\/|$|#)/.test(url)) return 2;
  if (!/\/api(\/|$|#)/.test(url)) return 1;
  return /\/api\/[^#]*\/(interfaces|type-aliases|enumerations|variables)\//.test(url) ? 4 : 3;
}

/** The results reordered for `query`: a new array, the input untouched. */
export function rankResults<T extends RankedResult>(results: readonly T[], query: string): T[] {
  if (looksLikeIdentifier(query)) return [...results];
  const groups: T[][] = [];
  for (const result of results) {
    const last = groups.at(-1);
    if (last && (result.isInterOfTree || result.isLastOfTree)) last.push(result);
    else groups.push([result]);
  }
  const urlOf = (group: T[]) => {
    const first = group[0];
    return (first?.page ? first.page.u : first?.document.u) ?? "";
  };
  return groups
    .map((group, index) => ({ group, index, kind: kindOf(urlOf(group)) }))
    .sort((a, b) => a.kind - b.kind || a.index - b.index)
    .flatMap(({ group }) => group);
}
