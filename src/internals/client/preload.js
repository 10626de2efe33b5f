/**
 * Docusaurus core's client `preload`, for the browser build (see
 * src/internals/plugins/lean-client-data.ts and route-sections.ts): before it matches a
 * path, it loads the routes of the path's section (the API reference, a docs folder),
 * which are not in main.js. Everything else is the core version.
 */

import { loadRoutesFor } from "@generated/fdm-route-sections";
import routes from "@generated/routes";
import { matchRoutes } from "react-router-config";

export default function preload(pathname) {
  const paths = Array.from(new Set([pathname, decodeURI(pathname)]));
  return Promise.all(paths.map(loadRoutesFor)).then(() => {
    const matches = paths.flatMap((p) => matchRoutes(routes, p));
    return Promise.all(matches.map((match) => match.route.component.preload?.()));
  });
}
