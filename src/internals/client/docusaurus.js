/**
 * Core's `window.docusaurus` (prefetch and preload of a route: `<Link>` prefetches a link
 * that scrolls into view and preloads one the reader hovers), for the browser build. A
 * path in a section whose routes have not loaded (src/internals/plugins/route-sections.ts)
 * matches nothing yet in the route table: prefetching it fetches that section's routes
 * file in idle time (without running it, so a page never runs the routes of every
 * section its links reach); preloading it, through src/internals/client/preload.js,
 * loads the section's routes first, then the page's chunks.
 */

import core from "@fdm/core-docusaurus";
import { unloadedSectionChunk } from "@generated/fdm-route-sections";
import prefetchFile from "./prefetch.js";

// As core's: no prefetching on a slow or data-saving connection.
const isSlowConnection = () =>
  navigator.connection?.effectiveType.includes("2g") || navigator.connection?.saveData;

function prefetch(routePath) {
  const sectionChunk = unloadedSectionChunk(routePath);
  if (sectionChunk !== undefined && isSlowConnection()) return false;
  if (sectionChunk === undefined) return core.prefetch(routePath);
  const url = __webpack_require__.gca(sectionChunk);
  return url ? prefetchFile(url) : false;
}

export default Object.freeze({ prefetch, preload: core.preload });
