// The npm registry mirror of this workplace serves only the Linux builds of
// packages that ship one optional dependency per platform (Biome, SWC). `npm
// install` then leaves the other platforms out of package-lock.json, and `npm
// ci` refuses the lock as out of sync. This adds a lock entry for every such
// optional dependency, at the version its parent pins; `npm ci` skips them
// (wrong platform, or optional and unavailable). Run after `npm install`:
//   node scripts/lock-unavailable-optionals.mjs
import { readFileSync, writeFileSync } from "node:fs";

const file = "package-lock.json";
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    if (packages[target]) continue;
    // Only exact versions can be written without asking the registry.
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
      console.warn(`${path}: optional ${name}@${spec} is not pinned; left out`);
      continue;
    }
    packages[target] = { version: spec, ...(entry.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} lock entries for optional dependencies`);
