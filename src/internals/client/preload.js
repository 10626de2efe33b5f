/**
 * Docusaurus core's client `preload`, for the browser build (see
 * src/internals/plugins/lean-client-data.ts): before it matches a path of the API
 * reference, it loads that reference's routes, which are not in main.js.
 * Everything else is the core version.
 */

import { isApiPath, loadApiRoutes } from "@generated/fdm-lean-client-data/api-routes-loader.js";
import routes from "@generated/routes";
import { matchRoutes } from "react-router-config";

export default function preload(pathname) {
  const ready = isApiPath(pathname) ? loadApiRoutes() : Promise.resolve();
  return ready.then(() => {
    const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((p) =>
      matchRoutes(routes, p),
    );
    return Promise.all(matches.map((match) => match.route.component.preload?.()));
  });
}
