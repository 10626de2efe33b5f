#!/usr/bin/env node
// Writes src/browser.ts from src/index.ts: the same exports, except that the
// database functions come from fdm-browser.ts and what needs a server
// (createFdmServer, createFdmAuth) is left out. Run it after changing
// index.ts; tests/packages/browser-entries.test.ts fails while browser.ts is stale.
//
//   node packages/fdm-core/scripts/browser-entry.mjs [--check]
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const src = (name) => fileURLToPath(new URL(`../src/${name}`, import.meta.url));

export function browserEntry(index) {
  const body = index.slice(index.indexOf("export "));
  const withoutAuth = body.replace(/^export \{[^}]*\} from "\.\/auth\.js";\n/m, "");
  const fdmBlock = /^export \{[^}]*\} from "\.\/fdm\.js";$/m;
  if (!fdmBlock.test(withoutAuth)) throw new Error("index.ts: no export block from ./fdm.js");
  const replaced = withoutAuth.replace(
    fdmBlock,
    [
      'export type { FdmLocalOptions, FdmLocalType, FdmType, PrincipalId } from "./fdm.js";',
      'export { closeFdm, createFdmLocal, type FdmBrowserOptions, migrateFdm } from "./fdm-browser.js";',
    ].join("\n"),
  );
  return `/**
 * fdm-core in a browser (\`import … from "fdm-core/browser"\`): the same API as
 * the package's main entry on PGlite in the page or a worker, in memory or in
 * IndexedDB, with the migrations bundled. It pulls no Node-only module, so it
 * leaves out what needs a server: \`createFdmServer\` (a PostgreSQL connection)
 * and \`createFdmAuth\` (sign-in with better-auth). Bundlers must load \`.sql\`
 * files as text (see sql.d.ts). Written by scripts/browser-entry.mjs from index.ts.
 *
 * @packageDocumentation
 */

${replaced}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const next = browserEntry(readFileSync(src("index.ts"), "utf8"));
  if (process.argv.includes("--check")) {
    if (readFileSync(src("browser.ts"), "utf8") !== next) {
      console.error(
        "src/browser.ts is stale: run node packages/fdm-core/scripts/browser-entry.mjs",
      );
      process.exit(1);
    }
  } else {
    writeFileSync(src("browser.ts"), next);
  }
}
