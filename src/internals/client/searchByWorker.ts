/**
 * Stands in for the search plugin's `searchByWorker` module in the browser
 * build (src/internals/plugins/search-ranking.ts): the same two functions, with the
 * results of `searchByWorker` put in the order of src/client/search-ranking.ts.
 */
// @ts-expect-error: resolved by the plugin's alias to the original module, which has no types.
import * as original from "fdm-search-original-worker";
import { type RankedResult, rankResults } from "../../client/search-ranking";

export const fetchIndexesByWorker: (baseUrl: string, searchContext: string) => Promise<void> =
  original.fetchIndexesByWorker;

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
    limit,
  );
  return rankResults(results, input);
}
