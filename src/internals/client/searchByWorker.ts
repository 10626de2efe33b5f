/**
 * Stands in for the search plugin's `searchByWorker` module in the browser
 * build (src/internals/plugins/search-ranking.ts): the same two functions, with the
 * results of `searchByWorker` put in the order of src/client/search-ranking.ts.
 */
// @ts-expect-error: resolved by the plugin's alias to the original module, which has no types.
import * as original from "fdm-search-original-worker";
import { boxResults, type RankedResult, rankResults } from "../../client/search-ranking";

/** How many results the search page asks for; the box asks for its 8. */
const PAGE_LIMIT = 100;

export const fetchIndexesByWorker: (baseUrl: string, searchContext: string) => Promise<void> =
  original.fetchIndexesByWorker;

/**
 * Searches in the plugin's worker and returns the results in the site's order. The box
 * asks for fewer results than the search page; it gets the first rows of the page's
 * ranking (`boxResults`), not a ranking of the plugin's first few hits, so that the box
 * and the page agree.
 *
 * @param baseUrl - The site's (or docs version's) base URL, where the index lives.
 * @param searchContext - The plugin's search context ("" on this site).
 * @param input - What the reader typed.
 * @param limit - How many results the caller shows: 8 for the box, 100 for the page.
 * @returns The results, at most `limit`.
 */
export async function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<RankedResult[]> {
  const results: RankedResult[] = await original.searchByWorker(
    baseUrl,
    searchContext,
    input,
    Math.max(limit, PAGE_LIMIT),
  );
  const ranked = rankResults(results, input);
  return limit < PAGE_LIMIT ? boxResults(ranked, input, limit) : ranked;
}
