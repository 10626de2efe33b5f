// TypeDoc plugin for the API reference: once TypeDoc has rendered api/ (it empties the folder
// first), writes fdm-api's REST section into api/fdm-api/rest/: the guide pages of
// docs/rest-api/ (which the docs instance excludes) and, in endpoints/, the endpoint reference
// that src/plugins/rest-api-reference.ts prepares from fdm-api's OpenAPI document and hands over
// in globalThis.fdmRestReference. In the API reference's docs instance, their routes and sidebar
// load only on API pages (src/internals/plugins/lean-client-data.ts), not on every page of the site.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const guides = "docs/rest-api";

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.renderer.postRenderAsyncJobs.push(async () => {
    const pending = globalThis.fdmRestReference;
    if (!pending) {
      throw new Error(
        "typedoc-rest-reference: no pages prepared; is src/plugins/rest-api-reference.ts in the site's plugins?",
      );
    }
    const dir = path.join(app.options.getValue("out"), "fdm-api/rest");
    mkdirSync(dir, { recursive: true });
    for (const file of readdirSync(guides)) {
      if (file.endsWith(".mdx")) copyFileSync(path.join(guides, file), path.join(dir, file));
    }
    for (const [file, text] of await pending) {
      const target = path.join(dir, "endpoints", file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
  });
}
