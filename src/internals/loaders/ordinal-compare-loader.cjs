// Browser build only (the rule is in src/internals/plugins/lean-client-data.ts). Two
// comparisons in Docusaurus's client code sort ASCII strings with localeCompare,
// and a page's first localeCompare builds ICU's collator: about 9 ms on a fast
// machine, some 40 ms inside a hydration task at Lighthouse's 4x CPU slowdown.
// Both only need a consistent order (docs plugin paths, the longest first; a
// hook's dependency keys), so they compare code units. A Docusaurus upgrade that
// changes either line fails the build here rather than keeping the slow call.
const edits = {
  "docsClientUtils.js": ["b[1].path.localeCompare(a[1].path)", "fdmOrdinal(b[1].path, a[1].path)"],
  "reactUtils.js": ["a[0].localeCompare(b[0])", "fdmOrdinal(a[0], b[0])"],
};

module.exports = function ordinalCompare(source) {
  const name = this.resourcePath.split(/[\\/]/).pop();
  const [from, to] = edits[name] ?? [];
  if (!from || !to) throw new Error(`ordinal-compare-loader: no edit for ${this.resourcePath}`);
  if (!source.includes(from)) {
    throw new Error(`ordinal-compare-loader: ${this.resourcePath} no longer contains ${from}`);
  }
  return `${source.replace(from, to)}\nfunction fdmOrdinal(a, b) {\n  return a < b ? -1 : a > b ? 1 : 0;\n}\n`;
};
